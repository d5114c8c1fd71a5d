import type { ReportColumn } from "../journal/TboxJournalPage";
import { TboxJournalPage } from "../journal/TboxJournalPage";
import "../../../i18n/screens/tboxJournals";
import "../../../i18n/screens/tboxJournals2";
import "../../../i18n/screens/tboxJournals3";

const COLUMNS: readonly ReportColumn[] = [
  "receivedAt",
  "resent",
  "item",
  "speed",
  "diesel.engineSpeed",
  "diesel.netTorque",
  "diesel.fuelFlow",
  "diesel.scrUpstreamNox",
  "diesel.scrDownstreamNox",
  "diesel.reagentLevel",
  "diesel.scrInletTemperature",
  "diesel.coolantTemperature",
  "diesel.fuelLevel",
  "mileage",
  "mil",
  "faultCodes",
];

/**
 * 燃油车国标数据 (/tbox/fuelCar): HJ 1239 real-time and re-sent units of a diesel truck, one row
 * per OBD信息 or 数据流信息 item at its own time; the detail shows every field of the item.
 */
export default function FuelCarPage() {
  return <TboxJournalPage journal="fuelCar" columns={COLUMNS} bothProtocols={false} />;
}
