import { ECU_REGISTER } from "@tsp/domain";
import { ecuModelOptions } from "../../../api/registers";
import { RegisterPage, type RegisterScreen } from "./RegisterPage";
import "../../../i18n/screens/registers";

/** 车机数据 (/baseInfo/vehicleData): the units fitted to vehicles, found by ECU model (getECUList) or by type. */
const UNITS: RegisterScreen = {
  def: ECU_REGISTER,
  base: "vehicleUnit",
  ops: {
    create: "createVehicleUnit",
    update: "updateVehicleUnit",
    delete: "deleteVehicleUnit",
    export: "exportVehicleUnits",
    import: "importVehicleUnits",
  },
  filters: ["ecuType"],
  tones: { ivi: "blue", tbox: "green", bms: "gray" },
  picker: ecuModelOptions,
};

export default function VehicleDataPage() {
  return <RegisterPage screen={UNITS} />;
}
