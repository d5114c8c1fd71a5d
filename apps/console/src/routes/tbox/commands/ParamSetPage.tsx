import { ParamScreen } from "./ParamScreen";
import "../../../i18n/screens/commands";

/** 报警参数设置 (/tbox/setting): current values read first (0x80), changed ones sent (0x81). */
export default function ParamSetPage() {
  return <ParamScreen mode="set" />;
}
