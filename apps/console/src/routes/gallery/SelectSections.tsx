import {
  type BrandCodes,
  BrandTreeSelect,
  ChannelSelect,
  DealerSelect,
  IccidSelect,
  KeywordSelect,
  type LookupType,
  MachineryVinSelect,
  MeinSelect,
  RegionTreeSelect,
  TboxSnSelect,
  TwoPartSearch,
  VinSelect,
} from "@tsp/ui";
import { type ReactNode, useState } from "react";
import { useGalleryLoaders } from "./galleryLoaders";
import { Emitted, Section } from "./Section";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs text-gray-500">{label}</span>
      {children}
    </div>
  );
}

/** Every selector of spec §2 with the reference server's lists. */
export function SelectSections() {
  const l = useGalleryLoaders();
  const [v, setV] = useState<Record<string, string | null>>({});
  const set = (k: string) => (x: string | null) => setV((s) => ({ ...s, [k]: x }));
  const [codes, setCodes] = useState<BrandCodes>([]);
  const [region, setRegion] = useState<{ id: string | null; names: string[] }>({ id: null, names: [] });
  const [channel, setChannel] = useState<number | null>(null);
  const [audio, setAudio] = useState<number | null>(null);
  const [lookup, setLookup] = useState<{ type: LookupType; value: string | null }>({ type: "vin", value: null });
  return (
    <>
      <Section id="selects" title="远程选择器" note="每页 10 条，滚动到底部加载下一页，页数 × 每页条数达到总数后停止。">
        <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
          <Field label="经销商">
            <DealerSelect loader={l.dealers} value={v.dealer ?? null} onChange={set("dealer")} />
          </Field>
          <Field label="VIN">
            <VinSelect loader={l.vins} value={v.vin ?? null} onChange={set("vin")} />
          </Field>
          <Field label="T-BOX 序列号">
            <TboxSnSelect loader={l.tboxSns} value={v.sn ?? null} onChange={set("sn")} />
          </Field>
          <Field label="SIM 卡 ICCID">
            <IccidSelect loader={l.iccids} value={v.iccid ?? null} onChange={set("iccid")} />
          </Field>
          <Field label="农机 VIN">
            <MachineryVinSelect loader={l.machineryVins} value={v.mvin ?? null} onChange={set("mvin")} />
          </Field>
          <Field label="整机编号（mein）">
            <MeinSelect loader={l.meins} value={v.mein ?? null} onChange={set("mein")} />
          </Field>
          <Field label="关键字选择（经销商搜索）">
            <KeywordSelect
              label="关键字"
              keywordParam="keyWords"
              loader={l.keyword}
              toOption={(o) => o}
              value={v.kw ?? null}
              onChange={set("kw")}
            />
          </Field>
          <Field label="通道（通用 1–13）">
            <ChannelSelect value={channel} onChange={setChannel} label="通道" />
          </Field>
          <Field label="通道（音频 33/36/37）">
            <ChannelSelect kind="audio" value={audio} onChange={setAudio} label="音频通道" />
          </Field>
        </div>
        <Emitted label="已选值" value={{ ...v, channel, audio }} />
      </Section>
      <Section
        id="trees"
        title="树形选择"
        note="区域树最多 3 级；品牌/车系/车型树输出 codes。方向键展开、移动，回车选择。"
      >
        <div className="flex flex-wrap gap-6">
          <Field label="区域">
            <RegionTreeSelect loader={l.regions} value={region.id} onChange={(id, names) => setRegion({ id, names })} />
          </Field>
          <Field label="品牌/车系/车型">
            <BrandTreeSelect loader={l.brands} value={codes} onChange={setCodes} />
          </Field>
        </div>
        <Emitted label="区域" value={region} />
        <Emitted label="codes" value={codes} />
      </Section>
      <Section id="two-part" title="两段式搜索框" note="先选 VIN / ICCID / SN，再远程搜索取值（一次取 10000 条）。">
        <TwoPartSearch loader={l.lookup} value={lookup} onChange={setLookup} />
        <Emitted label="查询值" value={lookup} />
      </Section>
    </>
  );
}
