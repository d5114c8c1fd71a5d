import { MACHINERY_REGISTER } from "@tsp/domain";
import { machineryOptions } from "../../../api/registers";
import { RegisterPage, type RegisterScreen } from "./RegisterPage";
import "../../../i18n/screens/registers";

/**
 * 机械信息 (/baseInfo/machineryInfo): the non-road machinery, found through the spec's
 * machinery picker (findMeinListByDim, by part of the PIN) or by type and emission stage.
 */
const MACHINERY: RegisterScreen = {
  def: MACHINERY_REGISTER,
  base: "machineryInfo",
  ops: {
    create: "createMachinery",
    update: "updateMachinery",
    delete: "deleteMachinery",
    export: "exportMachineries",
    import: "importMachineries",
  },
  filters: ["machineryType", "emissionStage"],
  tones: { cn4: "green", cn3: "gray" },
  picker: machineryOptions,
};

export default function MachineryInfoPage() {
  return <RegisterPage screen={MACHINERY} />;
}
