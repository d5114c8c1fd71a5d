import type { ReportColumn } from "../journal/TboxJournalPage";
import { TboxJournalPage } from "../journal/TboxJournalPage";
import "../../../i18n/screens/tboxJournals";
import "../../../i18n/screens/tboxJournals2";
import "../../../i18n/screens/tboxJournals3";

const COLUMNS: readonly ReportColumn[] = [
  "receivedAt",
  "callType",
  "callTrigger",
  "callState",
  "callId",
  "fix",
  "longitude",
  "latitude",
  "speed",
];

/**
 * ECALL/BCALL报文 (/tbox/ecAllMessage): emergency and breakdown calls a JT/T 808 terminal reports
 * on its location (the designed 0xEC item, alarm bit 0 紧急报警) — type, 自动/手动, call state,
 * place and time; filtered by E or B.
 */
export default function EcAllMessagePage() {
  return <TboxJournalPage journal="ecall" columns={COLUMNS} bothProtocols={false} />;
}
