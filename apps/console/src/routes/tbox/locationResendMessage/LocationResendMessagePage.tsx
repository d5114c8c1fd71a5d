import type { ReportColumn } from "../journal/TboxJournalPage";
import { TboxJournalPage } from "../journal/TboxJournalPage";
import "../../../i18n/screens/tboxJournals";
import "../../../i18n/screens/tboxJournals2";
import "../../../i18n/screens/tboxJournals3";

const COLUMNS: readonly ReportColumn[] = ["receivedAt", "protocol", "fix", "longitude", "latitude", "speed", "mileage"];

/** 位置补发报文 (/tbox/locationResendMessage): positions the terminal re-sent (GB/T 32960 0x03, JT/T 808 0x0704 type 1). */
export default function LocationResendMessagePage() {
  return <TboxJournalPage journal="locationResend" columns={COLUMNS} bothProtocols={true} />;
}
