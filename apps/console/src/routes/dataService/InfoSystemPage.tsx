import { INFO_SYSTEM_REGISTER } from "@tsp/domain";
import { RegisterPage, type RegisterScreen } from "../baseInfo/registers/RegisterPage";
import "../../i18n/screens/registers";

/**
 * 车载信息系统管理 (/dataService/infoSystem): the head-unit system releases (version, platform,
 * supported models, release date, state, notes); a released one is retired before deletion.
 */
const INFO_SYSTEMS: RegisterScreen = {
  def: INFO_SYSTEM_REGISTER,
  base: "infoSystem",
  ops: {
    create: "createInfoSystem",
    update: "updateInfoSystem",
    delete: "deleteInfoSystem",
    export: "exportInfoSystems",
    import: "importInfoSystems",
  },
  filters: ["osType", "state"],
  tones: { released: "green", developing: "blue", retired: "gray" },
};

export default function InfoSystemPage() {
  return <RegisterPage screen={INFO_SYSTEMS} />;
}
