import {
  BLACK_BOX_REGISTER,
  ECU_REGISTER,
  MACHINERY_REGISTER,
  MES_VEHICLE_REGISTER,
  MSG_MES_DELETE_REGISTERED,
  MSG_TERMINAL_DELETE_FILED,
  msgEcuDeleteBound,
} from "@tsp/domain";
import type { RegisterService } from "../registers/register";

/** The eight operationIds of a register named `one` / `many` (openapi tsp-bss, one tag each). */
const opsOf = (one: string, many: string) => ({
  list: `list${many}`,
  get: `get${one}`,
  create: `create${one}`,
  update: `update${one}`,
  delete: `delete${one}`,
  export: `export${many}`,
  import: `import${many}`,
  template: `download${one}Template`,
});

/**
 * The registers of 机械信息, 车机数据, 监管终端管理 and MES车辆管理, served by the register
 * engine (registers/register.ts) from @tsp/domain's declarations; tables of migration
 * tsp-bss:0040_baseinfo_rest. x-designed references and delete guards: a terminal names a
 * machine of 机械信息 (a machine a terminal names is not deleted); a unit names a vehicle of
 * the tenant (a fitted unit is not deleted); a filed terminal is not deleted; a vehicle as
 * built that the platform has on file (车辆建档) is not deleted.
 */
export const BASE_INFO_REST_SERVICES: readonly RegisterService[] = [
  {
    def: MACHINERY_REGISTER,
    table: "bss_machinery_info",
    filters: ["machineryType", "emissionStage"],
    usedBy: [
      {
        table: "bss_black_box",
        column: "machinery_pin",
        msg: (n) => `该机械已绑定${n}台监管终端，请先在监管终端管理中解绑`,
      },
    ],
    ops: opsOf("Machinery", "Machineries"),
  },
  {
    def: ECU_REGISTER,
    table: "bss_ecu",
    filters: ["ecuType"],
    references: [{ field: "boundVin", table: "vehicle", column: "vin", msg: (vin) => `车辆${vin}不存在` }],
    refuseDelete: (row) => (typeof row.boundVin === "string" ? msgEcuDeleteBound(row.boundVin) : null),
    ops: opsOf("VehicleUnit", "VehicleUnits"),
  },
  {
    def: BLACK_BOX_REGISTER,
    table: "bss_black_box",
    filters: ["filingState"],
    references: [
      {
        field: "machineryPin",
        table: "bss_machinery_info",
        column: "vin",
        msg: (pin) => `机械${pin}未在机械信息中登记`,
      },
    ],
    refuseDelete: (row) =>
      row.filingState === "filing" || row.filingState === "filed" ? MSG_TERMINAL_DELETE_FILED : null,
    ops: opsOf("BlackBox", "BlackBoxes"),
  },
  {
    def: MES_VEHICLE_REGISTER,
    table: "bss_mes_vehicle",
    filters: [],
    usedBy: [{ table: "vehicle", column: "vin", msg: () => MSG_MES_DELETE_REGISTERED }],
    ops: opsOf("MesVehicle", "MesVehicles"),
  },
];
