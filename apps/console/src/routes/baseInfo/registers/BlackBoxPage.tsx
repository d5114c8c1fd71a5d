import { BLACK_BOX_REGISTER } from "@tsp/domain";
import { RegisterPage, type RegisterScreen } from "./RegisterPage";
import "../../../i18n/screens/registers";

/** 监管终端管理 (/baseInfo/blackBox): the HJ 1322 supervision terminals, by keyword and filing state. */
const TERMINALS: RegisterScreen = {
  def: BLACK_BOX_REGISTER,
  base: "blackBox",
  ops: {
    create: "createBlackBox",
    update: "updateBlackBox",
    delete: "deleteBlackBox",
    export: "exportBlackBoxes",
    import: "importBlackBoxes",
  },
  filters: ["filingState"],
  tones: { filed: "green", filing: "blue", unfiled: "gray", returned: "red" },
};

export default function BlackBoxPage() {
  return <RegisterPage screen={TERMINALS} />;
}
