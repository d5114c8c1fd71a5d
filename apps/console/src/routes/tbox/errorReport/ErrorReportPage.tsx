import type { ReportColumn } from "../journal/TboxJournalPage";
import { TboxJournalPage } from "../journal/TboxJournalPage";
import "../../../i18n/screens/tboxJournals";
import "../../../i18n/screens/tboxJournals2";
import "../../../i18n/screens/tboxJournals3";

const COLUMNS: readonly ReportColumn[] = ["receivedAt", "protocol", "resent", "alarmLevel", "faults"];

/**
 * 故障上报报文 (/tbox/errorReport): reports carrying faults — GB/T 32960 报警数据's fault-code
 * lists named by 报文故障码管理 (未登记 otherwise), JT/T 808's component-fault alarm bits —
 * filtered by source; the detail lists each fault beside the frame's bytes.
 */
export default function ErrorReportPage() {
  return <TboxJournalPage journal="errorReport" columns={COLUMNS} bothProtocols />;
}
