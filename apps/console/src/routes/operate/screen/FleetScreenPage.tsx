import * as d from "@tsp/domain";
import { actionsColumn, Badge, buttonClass, type Column, RemoteSelect, type SearchField } from "@tsp/ui";
import * as api from "../../../api/fleet";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { navigateHash } from "../../../routing/hashLocation";
import { timeText } from "../../newCarMonitor/latest/StateView";
import { FollowToggle } from "../../personal/follow/FollowToggle";
import { type FleetSearch, fleetFilters, fleetQuery, OFFLINE_HOURS } from "./fleetFilters";
import { SavedFilters } from "./SavedFilters";
import "../../../i18n/screens/fleet";
import "../../../i18n/screens/vehicleState";

type Row = api.FleetRow;

const LEVEL_TONES = { "0": "green", "1": "blue", "2": "amber", "3": "red" } as const;

/** The columns 高级筛选, 车辆详细信息 and 我的关注 share (master data, then the latest state). */
export function fleetColumns(t: ReturnType<typeof useT>): Column<Row>[] {
  const levels = catalogueEnum(t, "fleet.alarmLevel", d.ALARM_LEVEL_CODES, LEVEL_TONES);
  return [
    {
      key: "vin",
      title: t("fleet.vinPlate"),
      width: 190,
      text: (row) => `${row.vin} ${row.plateNo ?? ""}`.trim(),
      render: (row) => (
        <span className="flex flex-col leading-tight">
          <span className="font-mono text-[13px]">
            {row.followed && (
              <span className="mr-1 text-amber-600" title={t("follow.followed")}>
                ★<span className="sr-only">{t("follow.followed")}</span>
              </span>
            )}
            {row.vin}
          </span>
          <span className="text-xs text-gray-600">{row.plateNo ?? "—"}</span>
        </span>
      ),
    },
    {
      key: "modelName",
      title: t("fleet.model"),
      width: 170,
      text: (row) => [row.brandName, row.modelName].filter(Boolean).join(" / ") || "—",
      render: (row) => [row.brandName, row.modelName].filter(Boolean).join(" / ") || "—",
    },
    {
      key: "online",
      title: t("fleet.online"),
      width: 84,
      text: (row) => t(row.online ? "fleet.online.online" : "fleet.online.offline"),
      render: (row) => (
        <Badge tone={row.online ? "green" : "gray"}>
          {t(row.online ? "fleet.online.online" : "fleet.online.offline")}
        </Badge>
      ),
    },
    {
      key: "lastReportAt",
      title: t("fleet.lastReport"),
      width: 160,
      text: (r) => timeText(r.lastReportAt),
      render: (r) => timeText(r.lastReportAt),
    },
    { key: "soc", title: "SOC(%)", width: 76, render: (r) => (r.soc === null ? "—" : String(r.soc)) },
    { key: "speed", title: t("fleet.speed"), width: 100, render: (r) => (r.speed === null ? "—" : String(r.speed)) },
    {
      key: "alarmLevel",
      title: t("fleet.alarmLevel"),
      width: 100,
      text: (r) => (r.alarmLevel === null ? "—" : (levels.badges[String(r.alarmLevel)]?.label ?? "—")),
      render: (r) => {
        const b = r.alarmLevel === null ? undefined : levels.badges[String(r.alarmLevel)];
        return b ? <Badge tone={b.tone}>{b.label}</Badge> : "—";
      },
    },
  ];
}

/** A row's actions: 详情 (车辆详情) and 关注 / 取消关注. */
export function fleetActions(t: ReturnType<typeof useT>) {
  return (row: Row) => (
    <>
      <button
        type="button"
        className={buttonClass("link")}
        onClick={() => navigateHash(`/operate/details?vin=${row.vin}`)}
        aria-label={`${t("follow.open")} ${row.vin}`}
      >
        {t("follow.open")}
      </button>
      <FollowToggle vin={row.vin} followed={row.followed} />
    </>
  );
}

/** The saved filters and 放入分组 beside the heading, on the searched panel. */
const savedFilters = (list: { filters: FleetSearch; search: (f: FleetSearch) => void }) => (
  <SavedFilters searched={list.filters} search={list.search} />
);

/** The plate picker over the spec's fuzzyFindPlates. */
function PlatePicker({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  return (
    <RemoteSelect
      label={label}
      maxLength={16}
      makeQuery={(keyWords, pageNum, pageSize) => ({ keyWords, pageNum, pageSize })}
      loader={api.platePage}
      toOption={(o) => ({ value: o.plateNo, label: `${o.plateNo}（${o.vin}）` })}
      value={value || null}
      onChange={(plate) => onChange(plate ?? "")}
    />
  );
}

/** The search panel: master data first (brand tree, plate, VIN), then the latest-state conditions. */
function fleetSearchFields(t: ReturnType<typeof useT>): SearchField[] {
  const online = catalogueEnum(t, "fleet.online", d.VEHICLE_ONLINE_STATES, { online: "green" });
  const levels = catalogueEnum(t, "fleet.alarmLevel", d.ALARM_LEVEL_CODES, LEVEL_TONES);
  const hours = OFFLINE_HOURS.map((h) => ({ value: h, label: t("fleet.offlineHours.option", { n: h }) }));
  const plate = t("fleet.plate");
  return [
    { kind: "codes", key: "codes", label: t("fleet.brand"), loader: api.brandTreeList },
    {
      kind: "choice",
      key: "plate",
      label: plate,
      remote: (value, onChange) => <PlatePicker value={value} onChange={onChange} label={plate} />,
    },
    { kind: "text", key: "vin", label: t("fleet.vin") },
    { kind: "choice", key: "online", label: t("fleet.online"), options: online.options },
    { kind: "numberRange", keys: ["socMin", "socMax"], label: t("fleet.soc") },
    { kind: "choice", key: "offlineHours", label: t("fleet.offlineHours"), options: hours },
    { kind: "choice", key: "alarmLevel", label: t("fleet.alarmLevel"), options: levels.options },
    { kind: "numberRange", keys: ["speedMin", "speedMax"], label: t("fleet.speed") },
  ];
}

/**
 * 高级筛选 (/operate/screen, issue 18): the fleet by master data (brand tree of the spec's
 * selectBrandTreeList, plate from fuzzyFindPlates, VIN) and latest state (online, SOC range,
 * offline longer than, alarm level, speed range), filtered in SQL on the server with the
 * domain's rules, followed vehicles first; saved filters of the account, 放入分组, export.
 */
export default function FleetScreenPage() {
  const t = useT();
  return (
    <ListPage
      screen="fleetScreen"
      title={t("fleet.heading")}
      filters={fleetFilters}
      paging="numbered"
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listFleet({ ...fleetQuery(f), pageNum, pageSize }, signal)
      }
      exportAs={{ op: "exportFleetScreen", run: (f) => api.exportFleet(fleetQuery(f)) }}
      titleExtra={savedFilters}
      hint={t("fleet.hint")}
      emptyText={t("fleet.noRows")}
      search={fleetSearchFields(t)}
      rowKey={(row) => row.vin}
      columns={[...fleetColumns(t), actionsColumn<Row>(t("kit.actions"), fleetActions(t), 180)]}
    />
  );
}
