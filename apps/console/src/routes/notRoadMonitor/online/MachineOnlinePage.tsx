import * as d from "@tsp/domain";
import * as v from "valibot";
import * as api from "../../../api/machinery";
import { formatDateTime } from "../../../format/dateTime";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { machineEnums } from "../machineWords";
import "../../../i18n/screens/machinery";

const filters = d.filterCodec(v.object({ vin: d.textFilter(17), start: d.timeFilter(), end: d.timeFilter() }));
type Filters = v.InferOutput<typeof filters.schema>;

const DAY = 86_400_000;

/** The range asked: the chosen one, or the last 7 days from today's China-time midnight when none is chosen. */
function query(f: Filters): api.MachineOnlineQuery {
  const end = f.end ?? Date.now();
  const start = f.start ?? d.chinaDayStart(end) - 6 * DAY;
  return { ...(f.vin ? { vin: f.vin.trim().toUpperCase() } : {}), startTime: start, endTime: end };
}

/**
 * 在线时长管理 (/notRoadMonitor/online, issue 18): online time per machine and China-time day
 * over at most 31 days (the last 7 days unless a range is chosen), from the terminals' login
 * and logout reports paired by @tsp/domain; sessions, first login and last logout of the day;
 * export. `?vin=` (the map's card) narrows to that PIN.
 */
export default function MachineOnlinePage() {
  const t = useT();
  const { types } = machineEnums(t);
  return (
    <ListPage
      screen="machineOnline"
      title={t("machine.heading.online")}
      filters={filters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listMachineOnlineTime({ ...query(f), pageNum, pageSize }, signal)
      }
      exportAs={{ op: "exportMachineOnlineTime", run: (f) => api.exportMachineOnlineTime(query(f)) }}
      search={[
        { kind: "text", key: "vin", label: t("machine.vin") },
        { kind: "dateTimeRange", keys: ["start", "end"], label: t("machine.online.range"), quick: true, maxDays: 31 },
      ]}
      hint={t("machine.online.hint")}
      emptyText={t("machine.online.empty")}
      rowKey={(r) => `${r.day}|${r.vin}`}
      columns={[
        { key: "day", title: t("machine.online.day"), width: 110 },
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
          render: (r) => `${types.badges[r.machineryType]?.label ?? ""} · ${r.model}`,
        },
        {
          key: "onlineMs",
          title: t("machine.online.hours"),
          width: 110,
          text: (r) => d.hoursText(r.onlineMs),
          render: (r) => d.hoursText(r.onlineMs),
        },
        { key: "sessions", title: t("machine.online.sessions"), width: 90 },
        {
          key: "firstLoginAt",
          title: t("machine.online.firstLogin"),
          width: 164,
          text: (r) => formatDateTime(r.firstLoginAt),
          render: (r) => formatDateTime(r.firstLoginAt) || "—",
        },
        {
          key: "lastLogoutAt",
          title: t("machine.online.lastLogout"),
          width: 164,
          text: (r) => formatDateTime(r.lastLogoutAt),
          render: (r) => formatDateTime(r.lastLogoutAt) || "—",
        },
      ]}
    />
  );
}
