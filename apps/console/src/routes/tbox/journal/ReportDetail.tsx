import {
  DIESEL_FIELDS,
  decodeHj1239Message,
  decodeJt808Message,
  decodeMessage,
  HJ1239_COMMAND,
  HJ1239_ENCRYPTION,
  hexToBytes,
  readingText,
} from "@tsp/domain";
import type { Reading, TboxJournalRow } from "../../../api/tboxJournals";
import { formatDateTime } from "../../../format/dateTime";
import { type Translate, useT } from "../../../i18n/i18n";
import { type Field, FrameTable, frameFields } from "../loginJournal/FrameDetail";

const hex4 = (n: number) => `0x${n.toString(16).toUpperCase().padStart(4, "0")}`;

/** A reading in the standard's unit; 异常/无效 as words in the screen's language, never a number. */
export function readingLabel(r: Reading | null, t: Translate): string {
  if (r?.status === "abnormal") return t("tboxJournal.abnormal");
  if (r?.status === "invalid") return t("tboxJournal.invalid");
  return readingText(r);
}

/** A gear by GB/T 32960's name in the screen's language (N, 1–12, R, D, P), 无效 when so marked, — without one. */
export function gearLabel(g: TboxJournalRow["gear"] | number, t: Translate): string {
  if (g === null) return "—";
  if (typeof g !== "number" && !g.valid) return t("tboxJournal.gearInvalid");
  const code = typeof g === "number" ? g : g.code;
  if (code >= 1 && code <= 12) return t("tboxJournal.gear.n", { n: code });
  return t(`tboxJournal.gear.${code as 0 | 13 | 14 | 15}`);
}

/** 驱动力 / 制动力 of a gear byte (bit 5 / bit 4), — without a gear. */
export function forceLabel(g: TboxJournalRow["gear"], t: Translate): string {
  if (g === null) return "—";
  const on = [
    ...(g.drivingForce ? [t("tboxJournal.force.drive")] : []),
    ...(g.brakingForce ? [t("tboxJournal.force.brake")] : []),
  ];
  return on.join("/") || t("tboxJournal.force.none");
}

/** HJ 1239's frame head: command, VIN, terminal software version, encryption. */
function hj1239Header(row: TboxJournalRow, t: Translate): Field[] {
  const decoded = decodeHj1239Message(row.content);
  if (!decoded.ok) return [];
  const f = decoded.value.frame;
  const command = f.command === HJ1239_COMMAND.resend ? "tboxJournal.hj1239.resend" : "tboxJournal.hj1239.realtime";
  const encryption =
    f.encryption === HJ1239_ENCRYPTION.sm2 ? "tboxJournal.encryption.sm2" : "tboxJournal.encryption.none";
  return [
    { label: t("tboxJournal.f.protocol"), value: "HJ 1239" },
    { label: t("tboxJournal.f.command"), value: `${t(command)}（0x${f.command.toString(16).padStart(2, "0")}）` },
    { label: t("tboxJournal.f.vin"), value: f.vin },
    { label: t("tboxJournal.f.softwareVersion"), value: String(f.softwareVersion) },
    { label: t("tboxJournal.f.encryption"), value: t(encryption) },
  ];
}

/** 燃油车国标数据's item: the diesel stream with HJ 1239.3's names and units, or the OBD information. */
function hj1239Fields(row: TboxJournalRow, t: Translate): Field[] {
  const out: Field[] = [];
  if (row.diesel) {
    const d = row.diesel;
    out.push(
      { label: t("tboxJournal.f.speed"), value: readingLabel(row.speed, t) },
      ...DIESEL_FIELDS.map(([k]) => ({ label: t(`tboxJournal.diesel.${k}`), value: readingLabel(d[k], t) })),
      { label: t("tboxJournal.f.fix"), value: t(row.fixValid ? "tboxJournal.fixValid" : "tboxJournal.fixInvalid") },
      { label: t("tboxJournal.f.longitude"), value: coordinateText(row.longitude) },
      { label: t("tboxJournal.f.latitude"), value: coordinateText(row.latitude) },
      { label: t("tboxJournal.f.odometer"), value: readingLabel(row.mileage, t) },
    );
  }
  if (row.obd) {
    const o = row.obd;
    out.push(
      { label: t("tboxJournal.f.obdProtocol"), value: o.protocol },
      { label: t("tboxJournal.f.mil"), value: o.mil },
      { label: t("tboxJournal.f.diagnosisSupport"), value: o.diagnosisSupport },
      { label: t("tboxJournal.f.diagnosisReadiness"), value: o.diagnosisReadiness },
      { label: t("tboxJournal.f.obdVin"), value: o.vin ?? "—" },
      { label: t("tboxJournal.f.calibrationId"), value: o.calibrationId ?? "—" },
      { label: t("tboxJournal.f.calibrationVerification"), value: o.calibrationVerification ?? "—" },
      { label: t("tboxJournal.f.faultCount"), value: readingLabel(o.faultCount, t) },
      { label: t("tboxJournal.f.faultCodes"), value: o.faultCodes.join("、") || t("tboxJournal.noFaultCodes") },
    );
  }
  return out;
}

/** The header of the frame a report came from: GB/T 32960's fields, or JT/T 808's message head. */
function headerFields(row: TboxJournalRow, t: Translate): Field[] {
  if (row.protocol === "hj1239") return hj1239Header(row, t);
  if (row.protocol === "gbt32960") {
    const decoded = decodeMessage(row.content);
    return decoded.ok ? frameFields(decoded.value, row.content, t) : [];
  }
  const bytes = hexToBytes(row.content);
  const message = bytes.ok ? decodeJt808Message(bytes.value) : null;
  if (!message?.ok) return [];
  const h = message.value.header;
  return [
    { label: t("tboxJournal.f.protocol"), value: `JT/T 808-${h.edition}` },
    {
      label: t("tboxJournal.f.messageId"),
      value: `${t(`tboxJournal.jt808.${h.messageId === 0x0704 ? "0704" : "0200"}`)}（${hex4(h.messageId)}）`,
    },
    { label: t("tboxJournal.f.phone"), value: h.phone },
    { label: t("tboxJournal.f.serial"), value: String(h.serial) },
  ];
}

/** Degrees with six decimals (about 0.1 m), or — without a fix. */
export const coordinateText = (n: number | null) => (n === null ? "—" : n.toFixed(6));

/** The decoded report's fields, with units and the standards' names. */
export function reportFields(row: TboxJournalRow, t: Translate): Field[] {
  const level = row.alarmLevel;
  if (row.protocol === "hj1239") {
    return [
      ...headerFields(row, t),
      { label: t("tboxJournal.f.collectedAt"), value: formatDateTime(row.collectedAt) },
      { label: t("tboxJournal.f.receivedAt"), value: formatDateTime(row.receivedAt) },
      { label: t("tboxJournal.f.resent"), value: t(row.resent ? "tboxJournal.yes" : "tboxJournal.no") },
      { label: t("tboxJournal.f.items"), value: row.items.join("、") || "—" },
      ...hj1239Fields(row, t),
    ];
  }
  const gear: Field[] = row.gear
    ? [
        { label: t("tboxJournal.f.gear"), value: gearLabel(row.gear, t) },
        {
          label: t("tboxJournal.f.drivingForce"),
          value: t(row.gear.drivingForce ? "tboxJournal.has" : "tboxJournal.hasNot"),
        },
        {
          label: t("tboxJournal.f.brakingForce"),
          value: t(row.gear.brakingForce ? "tboxJournal.has" : "tboxJournal.hasNot"),
        },
      ]
    : [];
  return [
    ...headerFields(row, t),
    { label: t("tboxJournal.f.collectedAt"), value: formatDateTime(row.collectedAt) },
    { label: t("tboxJournal.f.receivedAt"), value: formatDateTime(row.receivedAt) },
    { label: t("tboxJournal.f.resent"), value: t(row.resent ? "tboxJournal.yes" : "tboxJournal.no") },
    { label: t("tboxJournal.f.items"), value: row.items.join("、") || "—" },
    { label: t("tboxJournal.f.fix"), value: t(row.fixValid ? "tboxJournal.fixValid" : "tboxJournal.fixInvalid") },
    { label: t("tboxJournal.f.longitude"), value: coordinateText(row.longitude) },
    { label: t("tboxJournal.f.latitude"), value: coordinateText(row.latitude) },
    { label: t("tboxJournal.f.speed"), value: readingLabel(row.speed, t) },
    { label: t("tboxJournal.f.mileage"), value: readingLabel(row.mileage, t) },
    { label: t("tboxJournal.f.soc"), value: readingLabel(row.soc, t) },
    { label: t("tboxJournal.f.voltage"), value: readingLabel(row.totalVoltage, t) },
    { label: t("tboxJournal.f.current"), value: readingLabel(row.totalCurrent, t) },
    { label: t("tboxJournal.f.vehicleState"), value: row.vehicleState ?? "—" },
    ...gear,
    {
      label: t("tboxJournal.f.alarmLevel"),
      value: level?.status === "valid" ? t("tboxJournal.level", { level: level.value ?? 0 }) : readingLabel(level, t),
    },
    { label: t("tboxJournal.f.alarms"), value: row.alarms.join("、") || t("tboxJournal.noAlarm") },
    ...faultFields(row, t),
    ...callFields(row, t),
  ];
}

/** 故障上报报文: each fault as its source, code and name (未登记 when the dictionary has none). */
export const faultLabel = (f: TboxJournalRow["faults"][number], t: Translate) =>
  f.name === null ? `${f.code}${t("tboxJournal.fault.unregistered")}` : `${f.code} ${f.name}`;

function faultFields(row: TboxJournalRow, t: Translate): Field[] {
  return row.faults.map((f) => ({ label: t(`tboxJournal.faultSource.${f.source}`), value: faultLabel(f, t) }));
}

/** ECALL/BCALL报文: the call's type, trigger, state and id (the designed 0xEC item). */
function callFields(row: TboxJournalRow, t: Translate): Field[] {
  const c = row.call;
  if (c === null) return [];
  return [
    { label: t("tboxJournal.f.callType"), value: t(`tboxJournal.callType.${c.type}`) },
    { label: t("tboxJournal.f.callTrigger"), value: t(`tboxJournal.callTrigger.${c.trigger}`) },
    { label: t("tboxJournal.f.callState"), value: t(`tboxJournal.callState.${c.state}`) },
    { label: t("tboxJournal.f.callId"), value: c.callId === null ? "—" : String(c.callId) },
  ];
}

/** The raw bytes of a report's frame beside what they say (the login journal's FrameTable, for reports). */
export function ReportDetail({ row }: { row: TboxJournalRow; filters?: unknown }) {
  const t = useT();
  return <FrameTable content={row.content} rows={reportFields(row, t)} problem={null} />;
}
