import { ECONOMIC_SPEED_REGISTER } from "@tsp/domain";
import { RegisterPage, type RegisterScreen } from "./RegisterPage";
import "../../../i18n/screens/registers";

/** 经济转速信息 (/baseInfo/economicSpeed): the economic engine-speed band per engine model, by keyword. */
const ECONOMIC_SPEEDS: RegisterScreen = {
  def: ECONOMIC_SPEED_REGISTER,
  base: "economicSpeed",
  ops: {
    create: "createEconomicSpeed",
    update: "updateEconomicSpeed",
    delete: "deleteEconomicSpeed",
    export: "exportEconomicSpeeds",
    import: "importEconomicSpeeds",
  },
  filters: [],
};

export default function EconomicSpeedPage() {
  return <RegisterPage screen={ECONOMIC_SPEEDS} />;
}
