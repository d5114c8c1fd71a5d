import * as d from "@tsp/domain";
import { actionsColumn, Badge, type BadgeTone, buttonClass, type Column } from "@tsp/ui";
import { useState } from "react";
import * as v from "valibot";
import * as api from "../../../api/vehicleState";
import { useT } from "../../../i18n/i18n";
import { ListPage } from "../../../kit/ListPage";
import { catalogueEnum } from "../../../kit/options";
import { StateDetailDialog } from "./StateDetailDialog";
import { timeText } from "./StateView";
import "../../../i18n/screens/vehicleState";

type Row = api.VehicleStateRow;

const filters = d.filterCodec(
  v.object({
    vin: d.textFilter(17),
    online: d.choiceFilter(d.VEHICLE_ONLINE_STATES),
    socMin: d.countFilter(100),
    socMax: d.countFilter(100),
    alarmLevel: d.choiceFilter(d.ALARM_LEVEL_CODES),
    chargeState: d.choiceFilter(d.CHARGE_STATE_CODES),
  }),
);
type Filters = v.InferOutput<typeof filters.schema>;

/** The filters as the list and export calls take them: what is left at 全部 is not sent. */
function query(f: Filters): api.VehicleStateFilters {
  return {
    ...(f.vin ? { vin: f.vin.trim().toUpperCase() } : {}),
    ...(f.online ? { online: f.online } : {}),
    ...(f.socMin !== null ? { socMin: f.socMin } : {}),
    ...(f.socMax !== null ? { socMax: f.socMax } : {}),
    ...(f.alarmLevel ? { alarmLevel: Number(f.alarmLevel) } : {}),
    ...(f.chargeState ? { chargeState: Number(f.chargeState) } : {}),
  };
}

/** The list reads the fleet again this often: the states change as vehicles report. */
const LIST_POLL_MS = 15_000;

const LEVEL_TONES: Record<string, BadgeTone> = { "0": "green", "1": "blue", "2": "amber", "3": "red" };

/** A reading column: the value with its unit, 异常/无效 as words. */
function readingColumn(
  key: "soc" | "speed" | "mileage" | "totalVoltage" | "totalCurrent",
  title: string,
  width = 96,
): Column<Row> {
  const text = (row: Row) => d.readingText(row[key]);
  return { key, title, width, text, render: text };
}

/**
 * 车辆实时状态 (/newCarMonitor/latest, issue 18): every vehicle of the tenant with its latest
 * state — online from the connection, SOC, speed, mileage, voltage, current, vehicle and charge
 * state, alarm level from the newest GB/T 32960 unit — filtered by VIN, online, SOC range,
 * alarm level and charge state; numbered pages read again every 15 s; export; 详情 opens the
 * VIN's every value, refreshed live, with 地址详情 and the way to 单车查询. `?vin=` (the spec's
 * link /newCarMonitor/latest?vin&energyType) searches that VIN.
 */
export default function LatestStatePage() {
  const t = useT();
  const [open, setOpen] = useState<string | null>(null);
  const online = catalogueEnum(t, "vstate.online", d.VEHICLE_ONLINE_STATES, { online: "green" });
  const levels = catalogueEnum(t, "vstate.alarmLevel", d.ALARM_LEVEL_CODES, LEVEL_TONES);
  const charges = catalogueEnum(t, "vstate.chargeState", d.CHARGE_STATE_CODES);
  const actions = (row: Row) => (
    <button type="button" className={buttonClass("link")} onClick={() => setOpen(row.vin)}>
      {t("vstate.detail")}
    </button>
  );
  return (
    <ListPage
      screen="latestState"
      title={t("vstate.heading")}
      filters={filters}
      paging="numbered"
      poll={() => LIST_POLL_MS}
      load={({ filters: f, pageNum, pageSize, signal }) =>
        api.listVehicleStates({ ...query(f), pageNum, pageSize }, signal)
      }
      exportAs={{ op: "exportVehicleStates", run: (f) => api.exportVehicleStates(query(f)) }}
      search={[
        { kind: "text", key: "vin", label: t("vstate.vin") },
        { kind: "choice", key: "online", label: t("vstate.online"), options: online.options },
        { kind: "numberRange", keys: ["socMin", "socMax"], label: t("vstate.soc") },
        { kind: "choice", key: "alarmLevel", label: t("vstate.alarmLevel"), options: levels.options },
        { kind: "choice", key: "chargeState", label: t("vstate.chargeState"), options: charges.options },
      ]}
      rowKey={(row) => row.vin}
      columns={[
        {
          key: "vin",
          title: t("vstate.vinPlate"),
          width: 184,
          text: (row) => `${row.vin} ${row.plateNo ?? ""}`.trim(),
          render: (row) => (
            <span className="flex flex-col leading-tight">
              <span className="font-mono text-[13px]">{row.vin}</span>
              <span className="text-xs text-gray-600">{row.plateNo ?? "—"}</span>
            </span>
          ),
        },
        { key: "modelName", title: t("vstate.model"), width: 120, ellipsis: true },
        {
          key: "online",
          title: t("vstate.online"),
          width: 92,
          text: (row) => t(row.online ? "vstate.online.online" : "vstate.online.offline"),
          render: (row) => {
            const b = online.badges[row.online ? "online" : "offline"];
            return b ? <Badge tone={b.tone}>{b.label}</Badge> : null;
          },
        },
        {
          key: "lastReportAt",
          title: t("vstate.lastReport"),
          width: 164,
          text: (r) => timeText(r.lastReportAt),
          render: (r) => timeText(r.lastReportAt),
        },
        readingColumn("soc", t("vstate.socShort"), 72),
        readingColumn("speed", t("vstate.speed")),
        readingColumn("mileage", t("vstate.mileage"), 112),
        readingColumn("totalVoltage", t("vstate.voltage")),
        readingColumn("totalCurrent", t("vstate.current")),
        {
          key: "vehicleState",
          title: t("vstate.vehicleState"),
          width: 112,
          render: (r) => r.vehicleState?.text ?? "—",
        },
        { key: "chargeState", title: t("vstate.chargeState"), width: 100, render: (r) => r.chargeState?.text ?? "—" },
        {
          key: "alarmLevel",
          title: t("vstate.alarmLevel"),
          width: 84,
          text: (row) => d.readingText(row.alarmLevel),
          render: (row) => {
            const level = row.alarmLevel;
            const b = level?.value === null || level === null ? undefined : levels.badges[String(level.value)];
            return b ? <Badge tone={b.tone}>{b.label}</Badge> : d.readingText(level);
          },
        },
        actionsColumn<Row>(t("kit.actions"), actions, 72),
      ]}
    >
      {open !== null && <StateDetailDialog vin={open} onClose={() => setOpen(null)} />}
    </ListPage>
  );
}
