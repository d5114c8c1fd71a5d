import type { ReportColumn } from "../journal/TboxJournalPage";
import { TboxJournalPage } from "../journal/TboxJournalPage";
import "../../../i18n/screens/tboxJournals";
import "../../../i18n/screens/tboxJournals2";
import "../../../i18n/screens/tboxJournals3";

const COLUMNS: readonly ReportColumn[] = ["receivedAt", "protocol", "resent", "speed", "gear", "force"];

/**
 * 档位车速报文 (/tbox/gearsSpeed): gear and speed per report — GB/T 32960 整车数据 with its 档位
 * byte, JT/T 808 locations with speed only — filtered by a speed range and a gear.
 */
export default function GearsSpeedPage() {
  return <TboxJournalPage journal="gearsSpeed" columns={COLUMNS} bothProtocols />;
}
