import * as d from "@tsp/domain";
import * as v from "valibot";
import * as api from "../../../api/machineryStats";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { machineEnums } from "../machineWords";
import "../../../i18n/screens/machinery";
import "../../../i18n/screens/machineryStats";

const filters = d.filterCodec(v.object({ vin: d.textFilter(17), start: d.timeFilter(), end: d.timeFilter() }));
type Filters = v.InferOutput<typeof filters.schema>;

const DAY = 86_400_000;

/** The range asked: the chosen one, or the last 7 days from today's China-time midnight when none is chosen. */
function query(f: Filters): api.DailyReportQuery {
  const end = f.end ?? Date.now();
  const start = f.start ?? d.chinaDayStart(end) - 6 * DAY;
  return { ...(f.vin ? { vin: f.vin.trim().toUpperCase() } : {}), startTime: start, endTime: end };
}

/**
 * 统计报表 (/notRoadMonitor/report, hidden route of 非道路机械监控; issue 18): per machine and
 * China-time day, online time (as 在线时长管理), working and engine hours, mileage and fuel (as
 * 农机数据统计) and the alarms of the day; ≤ 31 days, the last 7 unless chosen; export.
 */
export default function MachineReportPage() {
  const t = useT();
  const { types } = machineEnums(t);
  return (
    <ListPage
      screen="machineReport"
      title={t("machineReport.heading")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listMachineDailyReport({ ...query(f), pageNum, pageSize }, signal)
      }
      exportAs={{ op: "exportMachineDailyReport", run: (f) => api.exportMachineDailyReport(query(f)) }}
      search={[
        { kind: "text", key: "vin", label: t("machine.vin") },
        { kind: "dateTimeRange", keys: ["start", "end"], label: t("machineReport.range"), quick: true, maxDays: 31 },
      ]}
      hint={t("machineReport.hint")}
      emptyText={t("machineReport.empty")}
      rowKey={(r) => `${r.day}|${r.vin}`}
      columns={[
        { key: "day", title: t("machineReport.day"), width: 110 },
        {
          key: "vin",
          title: t("machine.vin"),
          width: 180,
          render: (r) => <span className="font-mono text-[13px]">{r.vin}</span>,
        },
        {
          key: "machineryType",
          title: t("machine.type"),
          width: 150,
          text: (r) => `${types.badges[r.machineryType]?.label ?? ""} ${r.model}`,
          render: (r) => `${types.badges[r.machineryType]?.label ?? ""} · ${r.model}`,
        },
        {
          key: "onlineMs",
          title: t("machineReport.online"),
          width: 110,
          align: "right",
          text: (r) => d.hoursText(r.onlineMs),
          render: (r) => d.hoursText(r.onlineMs),
        },
        { key: "workingHours", title: t("farmStats.workingHours"), width: 110, align: "right" },
        { key: "engineHours", title: t("farmStats.engineHours"), width: 140, align: "right" },
        { key: "mileageKm", title: t("farmStats.mileageKm"), width: 110, align: "right" },
        { key: "fuelL", title: t("farmStats.fuelL"), width: 90, align: "right" },
        { key: "alarmReports", title: t("machineReport.alarmReports"), width: 90, align: "right" },
        {
          key: "alarms",
          title: t("machineReport.alarms"),
          ellipsis: true,
          text: (r) => r.alarms.join("、"),
          render: (r) => (r.alarms.length > 0 ? <span className="text-red-700">{r.alarms.join("、")}</span> : "—"),
        },
      ]}
    />
  );
}
