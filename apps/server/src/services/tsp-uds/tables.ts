import type { ColumnType, Generated } from "kysely";

/** The ECU register of UDS诊断 (migration tsp-uds:0020_uds), merged into the one Database interface. */
declare module "../../db/schema" {
  interface Database {
    uds_ecu: UdsEcuTable;
  }
}

export interface UdsEcuTable {
  id: Generated<number>;
  /** bss_model.id; null for the generic set. */
  model_id: number | null;
  name: string;
  request_id: ColumnType<number | string, number, number>;
  response_id: ColumnType<number | string, number, number>;
  sort: number;
}
