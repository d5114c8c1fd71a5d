import { GEARBOX_REGISTER } from "@tsp/domain";
import { gearboxModelOptions } from "../../../api/registers";
import { RegisterPage, type RegisterScreen } from "./RegisterPage";
import "../../../i18n/screens/registers";

/** 变速箱信息 (/baseInfo/gearbox): the gearbox models, found by the getGearboxModel picker or by type. */
const GEARBOX: RegisterScreen = {
  def: GEARBOX_REGISTER,
  base: "gearbox",
  ops: {
    create: "createGearbox",
    update: "updateGearbox",
    delete: "deleteGearbox",
    export: "exportGearboxes",
    import: "importGearboxes",
  },
  filters: ["gearboxType"],
  tones: { amt: "blue", at: "green", cvt: "gray" },
  picker: gearboxModelOptions,
};

export default function GearboxPage() {
  return <RegisterPage screen={GEARBOX} />;
}
