import { CAN_SIGNAL_REGISTER } from "@tsp/domain";
import { RegisterPage, type RegisterScreen } from "../baseInfo/registers/RegisterPage";
import { DbcImportButton } from "./DbcImportButton";
import "../../i18n/screens/dataService";
import "../../i18n/screens/registers";

/**
 * CAN信号采集 (/dataService/can): the CAN signals collected per vehicle model, kept as a
 * register (search by code, model, message id or signal; byte order) with the DBC import
 * beside 新增.
 */
const CAN_SIGNALS: RegisterScreen = {
  def: CAN_SIGNAL_REGISTER,
  base: "canSignal",
  ops: {
    create: "createCanSignal",
    update: "updateCanSignal",
    delete: "deleteCanSignal",
    export: "exportCanSignals",
    import: "importCanSignals",
  },
  filters: ["byteOrder"],
  tones: { motorola: "blue" },
  extra: () => <DbcImportButton />,
};

export default function CanSignalPage() {
  return <RegisterPage screen={CAN_SIGNALS} />;
}
