import type { ReportColumn } from "../journal/TboxJournalPage";
import { TboxJournalPage } from "../journal/TboxJournalPage";
import "../../../i18n/screens/tboxJournals";
import "../../../i18n/screens/tboxJournals2";
import "../../../i18n/screens/tboxJournals3";

const COLUMNS: readonly ReportColumn[] = [
  "receivedAt",
  "protocol",
  "fix",
  "longitude",
  "latitude",
  "speed",
  "mileage",
  "soc",
];

/** 车辆位置报文 (/tbox/locationMessage): positions of real-time GB/T 32960 units (0x05 with 整车数据) and JT/T 808 0x0200 reports. */
export default function LocationMessagePage() {
  return <TboxJournalPage journal="location" columns={COLUMNS} bothProtocols={true} />;
}
