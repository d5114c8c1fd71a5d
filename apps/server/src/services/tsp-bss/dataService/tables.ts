import type { RegisterRowColumns } from "../registers/tables";

declare module "../../../db/schema" {
  interface Database {
    bss_fault_code: FaultCodeTable;
    bss_can_signal: CanSignalTable;
    bss_dict_item: DictItemTable;
    bss_info_system: InfoSystemTable;
  }
}

/** A fault code of the dictionary (@tsp/domain FAULT_CODE_REGISTER; migration tsp-bss:0050_data_service). */
export interface FaultCodeTable extends RegisterRowColumns {
  code: string;
  protocol: string;
  system: string;
  level: string;
  name_zh: string;
  description: string | null;
  remedy: string | null;
}

/** A CAN signal definition (@tsp/domain CAN_SIGNAL_REGISTER). Numeric columns read as strings on `pg`. */
export interface CanSignalTable extends RegisterRowColumns {
  code: string;
  vehicle_model: string;
  message_id: string;
  signal_name: string;
  name_zh: string | null;
  start_bit: number;
  bit_length: number;
  byte_order: string;
  value_type: string;
  factor: number | string;
  value_offset: number | string;
  min_value: number | string | null;
  max_value: number | string | null;
  unit: string | null;
  period_ms: number;
  remark: string | null;
}

/** An item of a data dictionary (@tsp/domain DICTIONARY_REGISTER; migration tsp-bss:0051_dictionary_info_system). */
export interface DictItemTable extends RegisterRowColumns {
  code: string;
  dict_type: string;
  label: string;
  sort_order: number;
  state: string;
  remark: string | null;
}

/** A head-unit information system release (@tsp/domain INFO_SYSTEM_REGISTER). */
export interface InfoSystemTable extends RegisterRowColumns {
  code: string;
  name: string;
  version: string;
  os_type: string;
  supported_models: string;
  release_date: string | null;
  state: string;
  release_notes: string | null;
}
