import { decodeJt808Message, decodeMessage, hexToBytes, readingText } from "@tsp/domain";
import type { Reading, TboxJournalRow } from "../../../api/tboxJournals";
import { formatDateTime } from "../../../format/dateTime";
import { type Translate, useT } from "../../../i18n/i18n";
import { frameFields, spacedHex } from "../loginJournal/FrameDetail";

interface Field {
  label: string;
  value: string;
}

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

/** The raw bytes of a report's frame beside what they say (the login journal's FrameDetail, for reports). */
export function ReportDetail({ row }: { row: TboxJournalRow; filters?: unknown }) {
  const t = useT();
  const fields = reportFields(row, t);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section aria-label={t("frame.hex")}>
        <h3 className="mb-2 text-sm font-medium text-gray-700">{t("frame.hex")}</h3>
        <pre className="max-h-96 overflow-auto whitespace-pre-wrap rounded bg-gray-50 p-3 font-mono text-xs leading-5 text-gray-700">
          {spacedHex(row.content)}
        </pre>
      </section>
      <section aria-label={t("frame.title")}>
        <h3 className="mb-2 text-sm font-medium text-gray-700">{t("frame.title")}</h3>
        <table className="w-full text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">{t("frame.field")}</th>
              <th scope="col">{t("frame.value")}</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((f) => (
              <tr key={f.label} className="border-b border-gray-100 last:border-0">
                <th scope="row" className="w-40 py-1.5 pr-3 text-left font-normal text-gray-500">
                  {f.label}
                </th>
                <td className="break-all py-1.5 font-mono text-gray-800">{f.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
