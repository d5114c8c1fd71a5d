import { DeviceChangePage } from "./DeviceChangePage";

/** /deviceManage/batteryChange: the shared replacement screen for kind battery. */
export default function BatteryChangePage() {
  return <DeviceChangePage kind="battery" />;
}
