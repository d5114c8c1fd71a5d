import * as d from "@tsp/domain";
import type { Column } from "@tsp/ui";
import * as v from "valibot";
import * as api from "../../../api/machinery";
import { formatDateTime } from "../../../format/dateTime";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { valueText } from "../machineWords";
import "../../../i18n/screens/machinery";

type Row = api.MachineSample;

const filters = d.filterCodec(v.object({ vin: d.textFilter(17), start: d.timeFilter(), end: d.timeFilter() }));
type Filters = v.InferOutput<typeof filters.schema>;

const HOUR = 3_600_000;

/** The range asked: the chosen one, or the last 24 hours when none is chosen. */
function query(f: Filters): api.MachineHistoryQuery {
  const end = f.end ?? Date.now();
  return { vin: f.vin.trim().toUpperCase(), startTime: f.start ?? end - 24 * HOUR, endTime: end };
}

/** A number column: the value, or — when not reported. */
const num = (
  key: keyof Row & ("engineRpm" | "loadPercent" | "fuelRateLph" | "coolantC" | "workingHours" | "speedKmh"),
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
 * 机械历史状态 (/notRoadMonitor/history, issue 18): one machine's decoded reports over at most 7
 * days (the last 24 hours unless a range is chosen), newest first, numbered pages, export. The
 * PIN comes from the search or `?vin=` (the map's card, 机械实时状态).
 */
export default function MachineHistoryPage() {
  const t = useT();
  return (
    <ListPage
      screen="machineHistory"
      title={t("machine.heading.history")}
      filters={filters}
      paging="numbered"
      ready={(f) => f.vin.trim().length === 17}
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listMachineHistory({ ...query(f), pageNum, pageSize }, signal)
      }
      exportAs={{ op: "exportMachineHistory", run: (f) => api.exportMachineHistory(query(f)) }}
      search={[
        { kind: "vin", key: "vin", label: t("machine.vin"), required: true, placeholder: t("machine.vinPlaceholder") },
        { kind: "dateTimeRange", keys: ["start", "end"], label: t("machine.history.range"), quick: true, maxDays: 7 },
      ]}
      hint={t("machine.history.hint")}
      emptyText={t("machine.history.empty")}
      rowKey={(r) => String(r.collectedAt)}
      columns={[
        {
          key: "collectedAt",
          title: t("machine.collectedAt"),
          width: 168,
          text: (r) => formatDateTime(r.collectedAt),
          render: (r) => formatDateTime(r.collectedAt),
        },
        num("engineRpm", t("machine.engineRpm"), 0),
        num("loadPercent", t("machine.load")),
        num("fuelRateLph", t("machine.fuelRate")),
        num("coolantC", t("machine.coolant")),
        num("workingHours", t("machine.workingHours")),
        num("speedKmh", t("machine.speed")),
        {
          key: "position",
          title: t("machine.position"),
          width: 180,
          render: (r) => (r.longitude === null ? "—" : `${r.longitude.toFixed(5)}, ${r.latitude?.toFixed(5) ?? ""}`),
        },
        { key: "alarm", title: t("machine.alarm"), width: 120, render: (r) => r.alarm ?? "—" },
      ]}
    />
  );
}
