import type { RegisterRowColumns } from "../registers/tables";

declare module "../../../db/schema" {
  interface Database {
    bss_machinery_info: MachineryInfoTable;
    bss_ecu: EcuTable;
    bss_black_box: BlackBoxTable;
    bss_mes_vehicle: MesVehicleTable;
  }
}

/** A machine of non-road mobile machinery (@tsp/domain MACHINERY_REGISTER). */
export interface MachineryInfoTable extends RegisterRowColumns {
  vin: string;
  mein: string;
  machinery_type: string;
  brand: string;
  series: string | null;
  cpxh: string;
  cpbh: string;
  jjxh: string | null;
  manufacturer: string;
  emission_stage: string;
  disclosure_no: string | null;
  engine_model: string;
  engine_no: string;
  owner_name: string | null;
  remark: string | null;
}
/** A head unit or control unit (@tsp/domain ECU_REGISTER). */
export interface EcuTable extends RegisterRowColumns {
  unit_sn: string;
  ecu_type: string;
  ecu_model: string;
  supplier: string;
  hardware_version: string;
  software_version: string;
  part_no: string | null;
  bound_vin: string | null;
  remark: string | null;
}
/** A supervision terminal of non-road machinery (@tsp/domain BLACK_BOX_REGISTER). */
export interface BlackBoxTable extends RegisterRowColumns {
  terminal_id: string;
  manufacturer: string;
  terminal_model: string;
  chip_id: string;
  iccid: string;
  msisdn: string | null;
  machinery_pin: string | null;
  install_date: string | null;
  filing_state: string;
  filing_no: string | null;
  remark: string | null;
}
/** A vehicle as the factory's MES built it (@tsp/domain MES_VEHICLE_REGISTER). */
export interface MesVehicleTable extends RegisterRowColumns {
  vin: string;
  vehicle_model: string;
  config_code: string;
  plant: string;
  production_order: string;
  build_date: string;
  offline_date: string | null;
  engine_no: string | null;
  tbox_sn: string | null;
  remark: string | null;
}
