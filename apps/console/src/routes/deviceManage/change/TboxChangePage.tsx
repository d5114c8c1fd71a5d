import { DeviceChangePage } from "./DeviceChangePage";
import "../../../i18n/screens/deviceManage";

/** /deviceManage/tboxChange: the shared replacement screen for kind tbox. */
export default function TboxChangePage() {
  return <DeviceChangePage kind="tbox" />;
}
