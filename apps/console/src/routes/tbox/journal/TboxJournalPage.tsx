import {
  choiceFilter,
  countFilter,
  DIESEL_FIELDS,
  FAULT_SOURCE_KEYS,
  filterCodec,
  isVin,
  TBOX_ALARM_NAMES,
  textFilter,
  timeFilter,
} from "@tsp/domain";
import { type Column, dateTimeColumn, type SearchField } from "@tsp/ui";
import * as v from "valibot";
import {
  type DieselValues,
  exportTboxJournal,
  getTboxJournal,
  type TboxJournalName,
  type TboxJournalQuery,
  type TboxJournalRow,
} from "../../../api/tboxJournals";
import { type Translate, useT } from "../../../i18n/i18n";
import { orderField } from "../loginJournal/journalFilters";
import { CursorJournal } from "./CursorJournal";
import { coordinateText, faultLabel, forceLabel, gearLabel, ReportDetail, readingLabel } from "./ReportDetail";

/** GB/T 32960's gear codes (档位 low nibble), as 档位车速报文's filter takes them. */
const GEAR_CODES = Array.from({ length: 16 }, (_, i) => String(i)) as [string, ...string[]];

/**
 * A message journal's query as it lives in the address (a copied link reproduces it): VIN,
 * receipt range, order, and the filters of its kind (protocol; 报警数据查询's level and alarm).
 */
export const journalFilters = filterCodec(
  v.object({
    vin: textFilter(17),
    start: timeFilter(),
    end: timeFilter(),
    order: choiceFilter(["desc", "asc"], "desc"),
    protocol: choiceFilter(["gbt32960", "jt808"]),
    level: choiceFilter(["1", "2", "3"]),
    alarm: choiceFilter(TBOX_ALARM_NAMES as [string, ...string[]]),
    minSpeed: countFilter(300),
    maxSpeed: countFilter(300),
    gear: choiceFilter(GEAR_CODES),
    faultSource: choiceFilter(FAULT_SOURCE_KEYS),
    callType: choiceFilter(["E", "B"]),
  }),
);
export type JournalFilters = v.InferOutput<typeof journalFilters.schema>;
const filters = journalFilters;
type Filters = JournalFilters;

/** The columns a journal may show, by name. */
export type ReportColumn =
  | "receivedAt"
  | "protocol"
  | "fix"
  | "longitude"
  | "latitude"
  | "speed"
  | "mileage"
  | "soc"
  | "voltage"
  | "current"
  | "vehicleState"
  | "resent"
  | "alarmLevel"
  | "alarms"
  | "item"
  | "gear"
  | "force"
  | "mil"
  | "faultCodes"
  | "faults"
  | "callType"
  | "callTrigger"
  | "callState"
  | "callId"
  | `diesel.${keyof DieselValues}`;

function reportColumns(t: Translate): Record<ReportColumn, Column<TboxJournalRow>> {
  return {
    receivedAt: dateTimeColumn<TboxJournalRow>("receivedAt", t("tboxJournal.col.receivedAt")),
    protocol: {
      key: "protocol",
      title: t("tboxJournal.col.protocol"),
      width: 100,
      render: (r) => t(`tboxJournal.protocol.${r.protocol}`),
    },
    fix: {
      key: "fixValid",
      title: t("tboxJournal.col.fix"),
      width: 72,
      render: (r) => t(r.fixValid ? "tboxJournal.fixValid" : "tboxJournal.fixInvalid"),
    },
    longitude: {
      key: "longitude",
      title: t("tboxJournal.col.longitude"),
      width: 110,
      align: "right",
      render: (r) => coordinateText(r.longitude),
    },
    latitude: {
      key: "latitude",
      title: t("tboxJournal.col.latitude"),
      width: 100,
      align: "right",
      render: (r) => coordinateText(r.latitude),
    },
    speed: {
      key: "speed",
      title: t("tboxJournal.col.speed"),
      width: 100,
      align: "right",
      render: (r) => readingLabel(r.speed, t),
    },
    mileage: {
      key: "mileage",
      title: t("tboxJournal.col.mileage"),
      width: 120,
      align: "right",
      render: (r) => readingLabel(r.mileage, t),
    },
    soc: {
      key: "soc",
      title: t("tboxJournal.col.soc"),
      width: 72,
      align: "right",
      render: (r) => readingLabel(r.soc, t),
    },
    voltage: {
      key: "totalVoltage",
      title: t("tboxJournal.col.voltage"),
      width: 90,
      align: "right",
      render: (r) => readingLabel(r.totalVoltage, t),
    },
    current: {
      key: "totalCurrent",
      title: t("tboxJournal.col.current"),
      width: 90,
      align: "right",
      render: (r) => readingLabel(r.totalCurrent, t),
    },
    vehicleState: {
      key: "vehicleState",
      title: t("tboxJournal.col.vehicleState"),
      width: 120,
      render: (r) => r.vehicleState ?? "—",
    },
    resent: {
      key: "resent",
      title: t("tboxJournal.col.resent"),
      width: 60,
      render: (r) => t(r.resent ? "tboxJournal.yes" : "tboxJournal.no"),
    },
    alarmLevel: {
      key: "alarmLevel",
      title: t("tboxJournal.col.alarmLevel"),
      width: 110,
      render: (r) =>
        r.alarmLevel === null
          ? "—"
          : r.alarmLevel.status === "valid"
            ? t("tboxJournal.level", { level: r.alarmLevel.value ?? 0 })
            : readingLabel(r.alarmLevel, t),
    },
    alarms: { key: "alarms", title: t("tboxJournal.col.alarms"), width: 220, render: (r) => r.alarms.join("、") },
    item: { key: "items", title: t("tboxJournal.col.item"), width: 100, render: (r) => r.items.join("、") },
    gear: { key: "gear", title: t("tboxJournal.col.gear"), width: 150, render: (r) => gearLabel(r.gear, t) },
    force: { key: "force", title: t("tboxJournal.col.force"), width: 130, render: (r) => forceLabel(r.gear, t) },
    mil: { key: "mil", title: t("tboxJournal.col.mil"), width: 90, render: (r) => r.obd?.mil ?? "—" },
    faultCodes: {
      key: "faultCodes",
      title: t("tboxJournal.col.faultCodes"),
      width: 160,
      render: (r) => (r.obd ? r.obd.faultCodes.join("、") || t("tboxJournal.noFaultCodes") : "—"),
    },
    faults: {
      key: "faults",
      title: t("tboxJournal.col.faults"),
      width: 360,
      render: (r) => r.faults.map((f) => faultLabel(f, t)).join("、"),
    },
    callType: {
      key: "callType",
      title: t("tboxJournal.col.callType"),
      width: 90,
      render: (r) => (r.call ? t(`tboxJournal.callType.${r.call.type}`) : "—"),
    },
    callTrigger: {
      key: "callTrigger",
      title: t("tboxJournal.col.callTrigger"),
      width: 90,
      render: (r) => (r.call ? t(`tboxJournal.callTrigger.${r.call.trigger}`) : "—"),
    },
    callState: {
      key: "callState",
      title: t("tboxJournal.col.callState"),
      width: 90,
      render: (r) => (r.call ? t(`tboxJournal.callState.${r.call.state}`) : "—"),
    },
    callId: {
      key: "callId",
      title: t("tboxJournal.col.callId"),
      width: 80,
      align: "right",
      render: (r) => (r.call?.callId == null ? "—" : String(r.call.callId)),
    },
    ...dieselColumns(t),
  };
}

/** 燃油车国标数据's diesel stream columns, by HJ 1239.3's names, the value with its unit (异常/无效 as words). */
function dieselColumns(t: Translate): Record<`diesel.${keyof DieselValues}`, Column<TboxJournalRow>> {
  return Object.fromEntries(
    DIESEL_FIELDS.map(([k]) => [
      `diesel.${k}`,
      {
        key: `diesel.${k}`,
        title: t(`tboxJournal.diesel.${k}`),
        width: 120,
        align: "right",
        render: (r: TboxJournalRow) => (r.diesel ? readingLabel(r.diesel[k], t) : "—"),
      } satisfies Column<TboxJournalRow>,
    ]),
  ) as unknown as Record<`diesel.${keyof DieselValues}`, Column<TboxJournalRow>>;
}

/** The call's query, or null until a valid VIN and range are there (nothing is asked before). */
export function journalQuery(journal: TboxJournalName, f: Filters): TboxJournalQuery | null {
  if (!isVin(f.vin) || f.start === null || f.end === null || f.start > f.end) return null;
  const q: TboxJournalQuery = { vin: f.vin, startTime: f.start, endTime: f.end, reportTimeDesc: f.order === "desc" };
  if (f.protocol) q.protocol = f.protocol;
  if (journal === "warnsearch" && f.level) q.level = Number(f.level);
  if (journal === "warnsearch" && f.alarm) q.alarm = f.alarm;
  if (journal === "gearsSpeed") {
    // A range upside down is the form's to refuse (numberRange), so it never gets here.
    if (f.minSpeed !== null && f.maxSpeed !== null && f.minSpeed > f.maxSpeed) return null;
    if (f.minSpeed !== null) q.minSpeed = f.minSpeed;
    if (f.maxSpeed !== null) q.maxSpeed = f.maxSpeed;
    if (f.gear) q.gear = Number(f.gear);
  }
  if (journal === "errorReport" && f.faultSource) q.faultSource = f.faultSource;
  if (journal === "ecall" && f.callType) q.callType = f.callType;
  return q;
}

/** The search form of a journal: VIN, range, protocol (both standards), 报警数据查询's level and alarm, order. */
export function journalFields(t: Translate, journal: TboxJournalName, bothProtocols: boolean): SearchField[] {
  return [
    { kind: "vin", key: "vin", label: t("journal.vin"), placeholder: t("journal.vinPlaceholder"), required: true },
    {
      kind: "dateTimeRange",
      keys: ["start", "end"],
      label: t("journal.range"),
      quick: true,
      maxDays: 31,
      required: true,
    },
    ...(bothProtocols
      ? [
          {
            kind: "choice" as const,
            key: "protocol",
            label: t("tboxJournal.protocol"),
            options: [
              { value: "gbt32960", label: t("tboxJournal.protocol.gbt32960") },
              { value: "jt808", label: t("tboxJournal.protocol.jt808") },
            ],
          },
        ]
      : []),
    ...(journal === "warnsearch"
      ? [
          {
            kind: "choice" as const,
            key: "level",
            label: t("tboxJournal.levelFilter"),
            options: ["1", "2", "3"].map((l) => ({ value: l, label: t("tboxJournal.level", { level: l }) })),
          },
          {
            kind: "choice" as const,
            key: "alarm",
            label: t("tboxJournal.alarmFilter"),
            options: TBOX_ALARM_NAMES.map((name) => ({ value: name, label: name })),
          },
        ]
      : []),
    ...(journal === "gearsSpeed"
      ? [
          { kind: "numberRange" as const, keys: ["minSpeed", "maxSpeed"] as const, label: t("tboxJournal.speedRange") },
          {
            kind: "choice" as const,
            key: "gear",
            label: t("tboxJournal.gearFilter"),
            options: GEAR_CODES.map((code) => ({ value: code, label: gearLabel(Number(code), t) })),
          },
        ]
      : []),
    ...(journal === "errorReport"
      ? [
          {
            kind: "choice" as const,
            key: "faultSource",
            label: t("tboxJournal.faultSourceFilter"),
            options: FAULT_SOURCE_KEYS.map((s) => ({ value: s, label: t(`tboxJournal.faultSource.${s}`) })),
          },
        ]
      : []),
    ...(journal === "ecall"
      ? [
          {
            kind: "choice" as const,
            key: "callType",
            label: t("tboxJournal.callTypeFilter"),
            options: (["E", "B"] as const).map((c) => ({ value: c, label: t(`tboxJournal.callType.${c}`) })),
          },
        ]
      : []),
    orderField(t),
  ];
}

/** What a journal screen declares: which journal, its columns, whether both standards apply. */
export interface TboxJournalScreen {
  journal: TboxJournalName;
  columns: readonly ReportColumn[];
  /** False where only one standard reports (新能源国标数据, 燃油车国标数据): no protocol filter. */
  bothProtocols: boolean;
}

export const EXPORT_OPS = {
  location: "exportLocationMessages",
  locationResend: "exportLocationResendMessages",
  warn: "exportWarnMessages",
  energyCar: "exportEnergyCarData",
  warnsearch: "exportWarnData",
  fuelCar: "exportFuelCarData",
  gearsSpeed: "exportGearsSpeedMessages",
  errorReport: "exportErrorReports",
  ecall: "exportEcallMessages",
} as const;

/** A message journal of TBOX可视化联调 on the cursor journal: one declaration per screen. */
export function TboxJournalPage({ journal, columns, bothProtocols }: TboxJournalScreen) {
  const t = useT();
  const all = reportColumns(t);
  const fields = journalFields(t, journal, bothProtocols);
  return (
    <CursorJournal<typeof filters.schema, TboxJournalQuery, TboxJournalRow>
      screen={`tboxJournal.${journal}`}
      title={() => t(`tboxJournal.${journal}.heading`)}
      filters={filters}
      fields={fields}
      query={(f) => journalQuery(journal, f)}
      load={(q, _f, pageSize, rowKey, signal) => getTboxJournal(journal, q, pageSize, rowKey, signal)}
      exportAs={() => ({ op: EXPORT_OPS[journal], run: (q) => exportTboxJournal(journal, q) })}
      columns={() => [
        dateTimeColumn<TboxJournalRow>("collectedAt", t("tboxJournal.col.collectedAt")),
        ...columns.map((c) => all[c]),
      ]}
      rowKey={(row, i) => `${row.frameId}-${i}`}
      content={(row) => row.content}
      Detail={ReportDetail}
    />
  );
}
