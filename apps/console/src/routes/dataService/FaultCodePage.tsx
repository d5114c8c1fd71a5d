import { FAULT_CODE_REGISTER } from "@tsp/domain";
import { RegisterPage, type RegisterScreen } from "../baseInfo/registers/RegisterPage";
import "../../i18n/screens/registers";

/**
 * 报文故障码管理 (/dataService/faultCodeManagement): the fault-code dictionary the journals name
 * codes with (@tsp/domain `nameFaultCode`), searched by code or name, protocol, system, level.
 */
const FAULT_CODES: RegisterScreen = {
  def: FAULT_CODE_REGISTER,
  base: "faultCode",
  ops: {
    create: "createFaultCode",
    update: "updateFaultCode",
    delete: "deleteFaultCode",
    export: "exportFaultCodes",
    import: "importFaultCodes",
  },
  filters: ["protocol", "system", "level"],
  tones: { "1": "gray", "2": "amber", "3": "red", gbAlarm: "green", gbFault: "green", j1939: "blue" },
};

export default function FaultCodePage() {
  return <RegisterPage screen={FAULT_CODES} />;
}
