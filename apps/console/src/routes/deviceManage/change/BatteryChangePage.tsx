import { DeviceChangePage } from "./DeviceChangePage";
import "../../../i18n/screens/deviceManage";

/** /deviceManage/batteryChange: the shared replacement screen for kind battery. */
export default function BatteryChangePage() {
  return <DeviceChangePage kind="battery" />;
}
