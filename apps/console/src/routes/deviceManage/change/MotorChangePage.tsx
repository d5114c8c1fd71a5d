import { DeviceChangePage } from "./DeviceChangePage";
import "../../../i18n/screens/deviceManage";

/** /deviceManage/motorChange: the shared replacement screen for kind motor. */
export default function MotorChangePage() {
  return <DeviceChangePage kind="motor" />;
}
