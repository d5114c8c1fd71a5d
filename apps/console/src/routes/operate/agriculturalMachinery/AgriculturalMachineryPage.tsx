import * as d from "@tsp/domain";
import { actionsColumn, type Column } from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/machinery";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { hashHref } from "../../../routing/hashLocation";
import "../../../i18n/screens/machinery";

type Row = Awaited<ReturnType<typeof api.listNongji>>["list"][number];

const filters = d.filterCodec(v.object({ keyWords: d.textFilter(40) }));

/** A way from a machine into another screen. */
const link = (path: string, label: string) => (
  <a className="text-blue-700 hover:underline" href={hashHref(path)}>
    {label}
  </a>
);

/**
 * 机械信息管理 (/operate/agriculturalMachinery, issue 18): the operator's view of the machines of
 * 机械信息 through the spec's GET /tsp-bss/nongji/listNoPage (keywords over PIN, serial, product
 * model and environmental code; the first 200 and the total) with the way into each machine's
 * monitoring — 实时状态, 历史, 在线时长 — and to its register entry. Keeping the master data
 * (add, edit, import, export) stays in 基础信息管理 › 机械信息 (/baseInfo/machineryInfo): one
 * register, two views, nothing written twice.
 */
export default function AgriculturalMachineryPage() {
  const t = useT();
  const [shown, setShown] = useState<{ total: number; rows: number } | null>(null);
  const columns: Column<Row>[] = [
    {
      key: "vin",
      title: t("machine.vin"),
      width: 176,
      render: (r) => <span className="font-mono text-[13px]">{r.vin}</span>,
    },
    { key: "mein", title: t("machine.info.mein"), width: 124 },
    { key: "brand", title: t("machine.brand"), width: 70 },
    { key: "model", title: t("machine.model"), width: 100 },
    { key: "cpbh", title: t("machine.info.cpbh"), width: 130 },
    { key: "ownerName", title: t("machine.info.owner"), width: 120, render: (r) => r.ownerName ?? "—" },
    actionsColumn<Row>(
      t("kit.actions"),
      (r) => (
        <span className="flex gap-3">
          {link(`/notRoadMonitor/latest?vin=${r.vin}`, t("machine.card.latest"))}
          {link(`/notRoadMonitor/history?vin=${r.vin}`, t("machine.actions.history"))}
          {link(`/notRoadMonitor/online?vin=${r.vin}`, t("machine.actions.online"))}
          {link(`/baseInfo/machineryInfo?keyWords=${r.vin}`, t("machine.info.register"))}
        </span>
      ),
      280,
    ),
  ];
  const more = () =>
    shown && shown.total > shown.rows ? (
      <p className="text-sm text-amber-800">{t("machine.info.more", { shown: shown.rows, total: shown.total })}</p>
    ) : null;
  return (
    <ListPage
      screen="agriculturalMachinery"
      title={t("machine.heading.info")}
      filters={filters}
      paging="numbered"
      load={async ({ filters: f, pageNum, pageSize, signal }) => {
        const all = await api.listNongji(f.keyWords.trim(), signal);
        setShown({ total: all.total, rows: all.list.length });
        return { list: all.list.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: all.list.length };
      }}
      search={[{ kind: "text", key: "keyWords", label: t("machine.info.keyWords") }]}
      hint={t("machine.info.hint")}
      titleExtra={more}
      rowKey={(r) => r.vin}
      columns={columns}
    />
  );
}
