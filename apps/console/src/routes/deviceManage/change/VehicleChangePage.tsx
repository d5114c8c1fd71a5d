import { DeviceChangePage } from "./DeviceChangePage";
import "../../../i18n/screens/deviceManage";

/** /deviceManage/vehicleChange: the shared replacement screen for kind headUnit. */
export default function VehicleChangePage() {
  return <DeviceChangePage kind="headUnit" />;
}
