import type { ReportColumn } from "../journal/TboxJournalPage";
import { TboxJournalPage } from "../journal/TboxJournalPage";
import "../../../i18n/screens/tboxJournals";
import "../../../i18n/screens/tboxJournals2";
import "../../../i18n/screens/tboxJournals3";

const COLUMNS: readonly ReportColumn[] = [
  "receivedAt",
  "protocol",
  "resent",
  "alarmLevel",
  "alarms",
  "speed",
  "longitude",
  "latitude",
];

/** 车辆报警报文 (/tbox/warnMessage): reports carrying an alarm — GB/T 32960 报警数据 (0x07) above 无故障 or with a flag set, JT/T 808 alarm bits. */
export default function WarnMessagePage() {
  return <TboxJournalPage journal="warn" columns={COLUMNS} bothProtocols={true} />;
}
