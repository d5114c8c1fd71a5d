import { decodeJt808Message, decodeMessage, hexToBytes, readingText } from "@tsp/domain";
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

/** The header of the frame a report came from: GB/T 32960's fields, or JT/T 808's message head. */
function headerFields(row: TboxJournalRow, t: Translate): Field[] {
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
    {
      label: t("tboxJournal.f.alarmLevel"),
      value: level?.status === "valid" ? t("tboxJournal.level", { level: level.value ?? 0 }) : readingLabel(level, t),
    },
    { label: t("tboxJournal.f.alarms"), value: row.alarms.join("、") || t("tboxJournal.noAlarm") },
  ];
}

/** The raw bytes of a report's frame beside what they say (the login journal's FrameTable, for reports). */
export function ReportDetail({ row }: { row: TboxJournalRow; filters?: unknown }) {
  const t = useT();
  return <FrameTable content={row.content} rows={reportFields(row, t)} problem={null} />;
}
