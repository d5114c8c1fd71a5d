import * as d from "@tsp/domain";
import { actionsColumn, Badge, buttonClass, type Column } from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/machinery";
import { formatDateTime } from "../../../format/dateTime";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { MachineCard } from "../MachineCard";
import { MACHINERY_TYPES, machineEnums, valueText } from "../machineWords";
import "../../../i18n/screens/machinery";

type Row = api.MachineStateRow;

const filters = d.filterCodec(
  v.object({
    vin: d.textFilter(17),
    state: d.choiceFilter(d.MACHINE_STATES),
    machineryType: d.choiceFilter(MACHINERY_TYPES),
    model: d.textFilter(40),
  }),
);
type Filters = v.InferOutput<typeof filters.schema>;

/** The filters as the list and export calls take them: what is left at 全部 is not sent. */
function query(f: Filters): api.MachineFilters {
  return {
    ...(f.vin ? { vin: f.vin.trim().toUpperCase() } : {}),
    ...(f.state ? { state: f.state } : {}),
    ...(f.machineryType ? { machineryType: f.machineryType } : {}),
    ...(f.model ? { model: f.model.trim() } : {}),
  };
}

const LIST_POLL_MS = 15_000;

/** A number column: the value, or — when not reported. */
const num = (
  key: "engineRpm" | "loadPercent" | "fuelRateLph" | "coolantC" | "workingHours",
  title: string,
  digits = 1,
): Column<Row> => ({
  key,
  title,
  width: 112,
  text: (r) => valueText(r[key], digits),
  render: (r) => valueText(r[key], digits),
});

/**
 * 机械实时状态 (/notRoadMonitor/latest, issue 18): every machine of 机械信息 with its latest
 * HJ 1239 / HJ 1322 report — state, engine speed, load, fuel rate, coolant, engine hours,
 * position — filtered by PIN, state, type and model; read again every 15 s; export; 详情 opens
 * the machine's card. `?vin=` (from the map's card) searches that PIN.
 */
export default function MachineLatestPage() {
  const t = useT();
  const [open, setOpen] = useState<string | null>(null);
  const { states, types } = machineEnums(t);
  const columns: Column<Row>[] = [
    {
      key: "vin",
      title: t("machine.vin"),
      width: 180,
      render: (r) => <span className="font-mono text-[13px]">{r.vin}</span>,
    },
    {
      key: "machineryType",
      title: t("machine.type"),
      width: 140,
      text: (r) => `${types.badges[r.machineryType]?.label ?? ""} ${r.model}`,
      render: (r) => (
        <span className="flex flex-col leading-tight">
          <span>{types.badges[r.machineryType]?.label}</span>
          <span className="text-xs text-gray-600">
            {r.brand} {r.model}
          </span>
        </span>
      ),
    },
    {
      key: "state",
      title: t("machine.state"),
      width: 88,
      text: (r) => states.badges[r.state]?.label ?? r.state,
      render: (r) => {
        const b = states.badges[r.state];
        return b ? <Badge tone={b.tone}>{b.label}</Badge> : null;
      },
    },
    {
      key: "lastReportAt",
      title: t("machine.lastReport"),
      width: 164,
      text: (r) => formatDateTime(r.lastReportAt),
      render: (r) => formatDateTime(r.lastReportAt) || "—",
    },
    num("engineRpm", t("machine.engineRpm"), 0),
    num("loadPercent", t("machine.load")),
    num("fuelRateLph", t("machine.fuelRate")),
    num("coolantC", t("machine.coolant")),
    num("workingHours", t("machine.workingHours")),
    { key: "alarm", title: t("machine.alarm"), width: 120, render: (r) => r.alarm ?? "—" },
    actionsColumn<Row>(
      t("kit.actions"),
      (r) => (
        <button type="button" className={buttonClass("link")} onClick={() => setOpen(r.vin)}>
          {t("machine.actions.card")}
        </button>
      ),
      72,
    ),
  ];
  return (
    <ListPage
      screen="machineLatest"
      title={t("machine.heading.latest")}
      filters={filters}
      paging="numbered"
      poll={() => LIST_POLL_MS}
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listMachineStates({ ...query(f), pageNum, pageSize }, signal)
      }
      exportAs={{ op: "exportMachineStates", run: (f) => api.exportMachineStates(query(f)) }}
      search={[
        { kind: "text", key: "vin", label: t("machine.vin") },
        { kind: "choice", key: "state", label: t("machine.state"), options: states.options },
        { kind: "choice", key: "machineryType", label: t("machine.type"), options: types.options },
        { kind: "text", key: "model", label: t("machine.model") },
      ]}
      hint={t("machine.latestHint")}
      rowKey={(r) => r.vin}
      columns={columns}
    >
      {open !== null && <MachineCard vin={open} onClose={() => setOpen(null)} />}
    </ListPage>
  );
}
