import type { ReportColumn } from "../journal/TboxJournalPage";
import { TboxJournalPage } from "../journal/TboxJournalPage";

const COLUMNS: readonly ReportColumn[] = ["receivedAt", "protocol", "alarmLevel", "alarms", "longitude", "latitude"];

/** 报警数据查询 (/tbox/warnsearch): alarm reports by highest level and alarm name (GB/T 32960 通用报警标志, JT/T 808 报警标志). */
export default function WarnsearchPage() {
  return <TboxJournalPage journal="warnsearch" columns={COLUMNS} bothProtocols={true} />;
}
