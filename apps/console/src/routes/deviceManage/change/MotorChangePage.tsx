import { DeviceChangePage } from "./DeviceChangePage";

/** /deviceManage/motorChange: the shared replacement screen for kind motor. */
export default function MotorChangePage() {
  return <DeviceChangePage kind="motor" />;
}
