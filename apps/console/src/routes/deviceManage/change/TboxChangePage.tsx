import { DeviceChangePage } from "./DeviceChangePage";

/** /deviceManage/tboxChange: the shared replacement screen for kind tbox. */
export default function TboxChangePage() {
  return <DeviceChangePage kind="tbox" />;
}
