import type { DateRange, DateRangeMode, SearchFormValues } from "@tsp/domain";
import {
  buttonClass,
  CollapsiblePanel,
  DateRangePicker,
  DefaultSearchPanel,
  inputClass,
  type NumberRange,
  NumberRangeInput,
  SearchItem,
} from "@tsp/ui";
import { useState } from "react";
import { useGalleryLoaders } from "./galleryLoaders";
import { Emitted, Section } from "./Section";

const fmt = (t: number) => new Date(t).toLocaleString("zh-CN", { hour12: false });

/** Search panels, date range and number range. */
export function FormSections() {
  const l = useGalleryLoaders();
  const [searched, setSearched] = useState<SearchFormValues | null>(null);
  const [range, setRange] = useState<{ r: DateRange; mode: DateRangeMode } | null>(null);
  const [num, setNum] = useState<NumberRange>([null, null]);
  return (
    <>
      <Section
        id="search-panel"
        title="默认搜索面板"
        note="VIN 必填、时间范围必填时，缺少即禁用搜索；校验信息来自领域规则。"
      >
        <DefaultSearchPanel
          brandLoader={l.brands}
          options={{ vinRequired: true, timeRequired: true, timeLabel: "上报时间" }}
          onSearch={setSearched}
          onExport={setSearched}
          onReset={() => setSearched(null)}
        />
        <Emitted label="搜索条件" value={searched} />
      </Section>
      <Section id="collapsible" title="可折叠搜索面板" note="6 项及以上时默认折叠，点击展开。">
        <CollapsiblePanel
          label="示例条件"
          actions={
            <button type="submit" className={buttonClass("primary")}>
              查询
            </button>
          }
        >
          {["车牌号", "终端型号", "SIM 卡号", "经销商编码", "服务站", "车辆用途"].map((name) => (
            <SearchItem key={name} label={name}>
              <input aria-label={name} className={inputClass("w-full")} placeholder={`请输入${name}`} />
            </SearchItem>
          ))}
        </CollapsiblePanel>
      </Section>
      <Section
        id="date-range"
        title="日期范围"
        note="按日 7–31 天；按周 周一至周日、28–168 天；按月 6–12 个月。时间 00:00:00–23:59:59。"
      >
        <DateRangePicker label="统计时间" value={range?.r ?? null} onChange={(r, mode) => setRange({ r, mode })} />
        <Emitted label="日期范围" value={range ? `${range.mode}: ${fmt(range.r[0])} — ${fmt(range.r[1])}` : null} />
      </Section>
      <Section id="number-range" title="数值范围" note="最多 6 位，0–999999。">
        <NumberRangeInput label="行驶里程" value={num} onChange={setNum} unit="km" />
        <Emitted label="数值范围" value={num} />
      </Section>
    </>
  );
}
