import { MES_VEHICLE_REGISTER } from "@tsp/domain";
import { RegisterPage, type RegisterScreen } from "./RegisterPage";
import "../../../i18n/screens/registers";

/** MES车辆管理 (/baseInfo/mes): vehicles as built, imported in bulk from the MES, found by keyword. */
const MES: RegisterScreen = {
  def: MES_VEHICLE_REGISTER,
  base: "mesVehicle",
  ops: {
    create: "createMesVehicle",
    update: "updateMesVehicle",
    delete: "deleteMesVehicle",
    export: "exportMesVehicles",
    import: "importMesVehicles",
  },
  filters: [],
};

export default function MesPage() {
  return <RegisterPage screen={MES} />;
}
