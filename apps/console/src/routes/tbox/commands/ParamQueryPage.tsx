import { ParamScreen } from "./ParamScreen";
import "../../../i18n/screens/commands";

/** 报警参数查询 (/tbox/search): a terminal's GB/T 32960 parameters read from the vehicle (0x80). */
export default function ParamQueryPage() {
  return <ParamScreen mode="query" />;
}
