import { DeviceChangePage } from "./DeviceChangePage";

/** /deviceManage/vehicleChange: the shared replacement screen for kind headUnit. */
export default function VehicleChangePage() {
  return <DeviceChangePage kind="headUnit" />;
}
