import {
  CALL_STATES,
  CALL_TRIGGERS,
  CALL_TYPES,
  DIESEL_FIELDS,
  episodeDuration,
  FAULT_SOURCES,
  faultText,
  type Reading,
  readingText,
  type TboxJournal,
} from "@tsp/domain";
import type { Exporter } from "../../../platform/exports/exporter";
import { chinaDateTime } from "../exporters";
import { vinVisible } from "../journalQuery";
import { type EpisodeQuery, episodeBatches } from "./alarmEpisodes";
import { namedFaults } from "./faultNames";
import { JOURNAL_EXPORTS, JOURNAL_TITLES } from "./handlers";
import { journalBatches, type TboxJournalQuery, type TboxJournalRow } from "./journalScan";

const PROTOCOL = { gbt32960: "GB/T 32960", jt808: "JT/T 808", hj1239: "HJ 1239" } as const;

const level = (r: Reading | null) => (r?.status === "valid" ? `${r.value}级` : readingText(r));

/** One report as a sheet row: times in China, values with units, 异常/无效 as words. */
function sheetRow(r: TboxJournalRow) {
  return {
    vin: "",
    collectedAt: chinaDateTime(r.collectedAt),
    receivedAt: chinaDateTime(r.receivedAt),
    protocol: PROTOCOL[r.protocol],
    resent: r.resent ? "是" : "否",
    fix: r.fixValid ? "有效" : "无效",
    longitude: r.longitude ?? "",
    latitude: r.latitude ?? "",
    speed: readingText(r.speed),
    mileage: readingText(r.mileage),
    soc: readingText(r.soc),
    totalVoltage: readingText(r.totalVoltage),
    totalCurrent: readingText(r.totalCurrent),
    vehicleState: r.vehicleState ?? "",
    alarmLevel: level(r.alarmLevel),
    alarms: r.alarms.join("、"),
    item: r.items.join("、"),
    gear: r.gear === null ? "—" : r.gear.valid ? r.gear.name : "无效",
    drivingForce: r.gear === null ? "—" : r.gear.drivingForce ? "有" : "无",
    brakingForce: r.gear === null ? "—" : r.gear.brakingForce ? "有" : "无",
    ...Object.fromEntries(DIESEL_FIELDS.map(([k]) => [k, r.diesel ? readingText(r.diesel[k]) : ""])),
    obdProtocol: r.obd?.protocol ?? "",
    mil: r.obd?.mil ?? "",
    diagnosisSupport: r.obd?.diagnosisSupport ?? "",
    diagnosisReadiness: r.obd?.diagnosisReadiness ?? "",
    calibrationId: r.obd?.calibrationId ?? "",
    calibrationVerification: r.obd?.calibrationVerification ?? "",
    faultCodes: r.obd ? r.obd.faultCodes.join("、") || "无" : "",
    faultSources: [...new Set(r.faults.map((f) => FAULT_SOURCES[f.source]))].join("、"),
    faults: r.faults.map(faultText).join("、"),
    callType: r.call ? CALL_TYPES[r.call.type] : "",
    callTrigger: r.call ? CALL_TRIGGERS[r.call.trigger] : "",
    callState: r.call ? CALL_STATES[r.call.state] : "",
    callId: r.call?.callId ?? "—",
    content: r.content,
  };
}

/** 燃油车国标数据's diesel columns: the standard's names, its units in the cells. */
const DIESEL_COLUMNS = Object.fromEntries(
  DIESEL_FIELDS.map(([k, name]) => [k, { header: name, key: k, width: 16 }]),
) as {
  [K in (typeof DIESEL_FIELDS)[number][0]]: { header: string; key: K; width: number };
};

const COLUMNS = {
  vin: { header: "VIN", key: "vin", width: 22 },
  collectedAt: { header: "采集时间", key: "collectedAt", width: 22 },
  receivedAt: { header: "接收时间", key: "receivedAt", width: 22 },
  protocol: { header: "协议", key: "protocol", width: 12 },
  resent: { header: "补发", key: "resent", width: 8 },
  fix: { header: "定位", key: "fix", width: 8 },
  longitude: { header: "经度", key: "longitude", width: 14 },
  latitude: { header: "纬度", key: "latitude", width: 14 },
  speed: { header: "车速", key: "speed", width: 14 },
  mileage: { header: "累计里程", key: "mileage", width: 16 },
  soc: { header: "SOC", key: "soc", width: 10 },
  totalVoltage: { header: "总电压", key: "totalVoltage", width: 12 },
  totalCurrent: { header: "总电流", key: "totalCurrent", width: 12 },
  vehicleState: { header: "车辆状态", key: "vehicleState", width: 14 },
  alarmLevel: { header: "最高报警等级", key: "alarmLevel", width: 14 },
  alarms: { header: "报警", key: "alarms", width: 40 },
  item: { header: "信息类型", key: "item", width: 14 },
  gear: { header: "档位", key: "gear", width: 12 },
  drivingForce: { header: "驱动力", key: "drivingForce", width: 8 },
  brakingForce: { header: "制动力", key: "brakingForce", width: 8 },
  ...DIESEL_COLUMNS,
  obdProtocol: { header: "OBD诊断协议", key: "obdProtocol", width: 14 },
  mil: { header: "MIL状态", key: "mil", width: 10 },
  diagnosisSupport: { header: "诊断支持状态", key: "diagnosisSupport", width: 14 },
  diagnosisReadiness: { header: "诊断就绪状态", key: "diagnosisReadiness", width: 14 },
  calibrationId: { header: "软件标定识别号", key: "calibrationId", width: 22 },
  calibrationVerification: { header: "标定验证码", key: "calibrationVerification", width: 22 },
  faultCodes: { header: "故障码", key: "faultCodes", width: 30 },
  faultSources: { header: "故障来源", key: "faultSources", width: 24 },
  faults: { header: "故障", key: "faults", width: 60 },
  callType: { header: "呼叫类型", key: "callType", width: 10 },
  callTrigger: { header: "触发方式", key: "callTrigger", width: 10 },
  callState: { header: "呼叫状态", key: "callState", width: 10 },
  callId: { header: "呼叫编号", key: "callId", width: 10 },
  content: { header: "原始报文", key: "content", width: 120 },
};
type Column = keyof typeof COLUMNS;

/** The position journals' shared columns (车辆位置报文 adds SOC; 位置补发报文 does not). */
const POSITION_COLUMNS: Column[] = [
  "vin",
  "collectedAt",
  "receivedAt",
  "protocol",
  "fix",
  "longitude",
  "latitude",
  "speed",
  "mileage",
];

/** Each journal's sheet: the columns its screen shows, then the raw frame. */
const JOURNAL_COLUMNS: Record<TboxJournal, Column[]> = {
  location: [...POSITION_COLUMNS, "soc", "content"],
  locationResend: [...POSITION_COLUMNS, "content"],
  warn: ["vin", "collectedAt", "receivedAt", "protocol", "resent", "alarmLevel", "alarms", "content"],
  energyCar: [
    "vin",
    "collectedAt",
    "receivedAt",
    "resent",
    "vehicleState",
    "speed",
    "mileage",
    "totalVoltage",
    "totalCurrent",
    "soc",
    "longitude",
    "latitude",
    "alarmLevel",
    "content",
  ],
  warnsearch: [
    "vin",
    "collectedAt",
    "receivedAt",
    "protocol",
    "alarmLevel",
    "alarms",
    "longitude",
    "latitude",
    "content",
  ],
  fuelCar: [
    "vin",
    "collectedAt",
    "receivedAt",
    "resent",
    "item",
    "speed",
    ...DIESEL_FIELDS.map(([k]) => k),
    "fix",
    "longitude",
    "latitude",
    "mileage",
    "obdProtocol",
    "mil",
    "diagnosisSupport",
    "diagnosisReadiness",
    "calibrationId",
    "calibrationVerification",
    "faultCodes",
    "content",
  ],
  gearsSpeed: [
    "vin",
    "collectedAt",
    "receivedAt",
    "protocol",
    "resent",
    "speed",
    "gear",
    "drivingForce",
    "brakingForce",
    "content",
  ],
  errorReport: [
    "vin",
    "collectedAt",
    "receivedAt",
    "protocol",
    "resent",
    "alarmLevel",
    "faultSources",
    "faults",
    "content",
  ],
  ecall: [
    "vin",
    "collectedAt",
    "receivedAt",
    "callType",
    "callTrigger",
    "callState",
    "callId",
    "fix",
    "longitude",
    "latitude",
    "speed",
    "content",
  ],
};

function journalExporter(journal: TboxJournal): Exporter {
  return {
    title: JOURNAL_TITLES[journal],
    columns: JOURNAL_COLUMNS[journal].map((c) => COLUMNS[c]),
    async *rows(job, ctx) {
      const q = job.params as unknown as TboxJournalQuery;
      if (!(await vinVisible(ctx, q.vin, job.tenantIds))) return;
      for await (const batch of journalBatches(ctx, q, job.tenantIds)) {
        const rows = journal === "errorReport" ? await namedFaults(ctx, job.tenantIds, batch) : batch;
        yield rows.map((r) => ({ ...sheetRow(r), vin: q.vin }));
      }
    },
  };
}

/** 报警数据查询's sheet: one row per alarm episode. */
const episodeExporter: Exporter = {
  title: JOURNAL_TITLES.warnsearch,
  columns: [
    { header: "VIN", key: "vin", width: 22 },
    { header: "报警", key: "name", width: 24 },
    { header: "协议", key: "protocol", width: 12 },
    { header: "最高报警等级", key: "level", width: 14 },
    { header: "开始时间", key: "startedAt", width: 22 },
    { header: "结束时间", key: "endedAt", width: 22 },
    { header: "持续时长", key: "duration", width: 16 },
    { header: "原始报文", key: "content", width: 120 },
  ],
  async *rows(job, ctx) {
    const q = job.params as unknown as EpisodeQuery;
    if (!(await vinVisible(ctx, q.vin, job.tenantIds))) return;
    for await (const rows of episodeBatches(ctx, q)) {
      yield rows.map((r) => ({
        vin: r.vin,
        name: r.name,
        protocol: PROTOCOL[r.protocol],
        level: r.level === null ? "—" : `${r.level}级`,
        startedAt: chinaDateTime(r.startedAt),
        endedAt: r.endedAt === null ? "持续中" : chinaDateTime(r.endedAt),
        duration: episodeDuration(r.startedAt, r.endedAt),
        content: r.content,
      }));
    }
  },
};

export const tboxJournalExporters = {
  ...Object.fromEntries(
    (Object.keys(JOURNAL_EXPORTS) as TboxJournal[]).map((j) => [JOURNAL_EXPORTS[j], journalExporter(j)]),
  ),
  // 报警数据查询 exports what its screen shows: the episodes of the decoded alarm store.
  exportWarnData: episodeExporter,
};
