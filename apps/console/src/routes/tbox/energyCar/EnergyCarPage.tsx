import type { ReportColumn } from "../journal/TboxJournalPage";
import { TboxJournalPage } from "../journal/TboxJournalPage";
import "../../../i18n/screens/tboxJournals";
import "../../../i18n/screens/tboxJournals2";
import "../../../i18n/screens/tboxJournals3";

const COLUMNS: readonly ReportColumn[] = [
  "receivedAt",
  "resent",
  "vehicleState",
  "speed",
  "mileage",
  "voltage",
  "current",
  "soc",
  "alarmLevel",
];

/** 新能源国标数据 (/tbox/energyCar): every GB/T 32960 real-time and re-sent unit with its vehicle data, 异常/无效 shown as such. */
export default function EnergyCarPage() {
  return <TboxJournalPage journal="energyCar" columns={COLUMNS} bothProtocols={false} />;
}
