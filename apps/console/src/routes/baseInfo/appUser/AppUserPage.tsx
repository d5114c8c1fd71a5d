import { APP_USER_REGISTER, maskAppPhone } from "@tsp/domain";
import { RegisterPage, type RegisterScreen } from "../registers/RegisterPage";
import { AppUserVehiclesButton } from "./AppUserVehicles";
import "../../../i18n/screens/registers";
import "../../../i18n/screens/registersRest";

/**
 * APP用户信息 (/baseInfo/appUser): the owner app's accounts on the register page (phones masked
 * in the list), each with its vehicles — bound as owner or authorised driver, bound and
 * unbound from the row's 车辆 dialog.
 */
const APP_USERS: RegisterScreen = {
  def: APP_USER_REGISTER,
  base: "appUser",
  ops: {
    create: "createAppUser",
    update: "updateAppUser",
    delete: "deleteAppUser",
    export: "exportAppUsers",
    import: "importAppUsers",
  },
  filters: ["realNameState", "status"],
  tones: { verified: "green", unverified: "gray", rejected: "red", enabled: "green", disabled: "gray" },
  masks: { phone: maskAppPhone },
  rowActions: (row) => <AppUserVehiclesButton userId={String(row.userId)} name={String(row.nickname)} />,
};

export default function AppUserPage() {
  return <RegisterPage screen={APP_USERS} />;
}
