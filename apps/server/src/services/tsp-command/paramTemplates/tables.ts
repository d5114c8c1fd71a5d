import type { ColumnType, Generated } from "kysely";

type Big = ColumnType<number | string, number, number>;

/** Tables of migration tsp-command:0016_param_templates. */
export interface ParamTemplateTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  protocol: "gbt32960";
  params: string;
  remark: string | null;
  created_by: string;
  created_at: Big;
  updated_by: string;
  updated_at: Big;
}
export interface ParamTemplateLogTable {
  id: Generated<number>;
  template_id: number;
  tenant_id: number;
  action: "create" | "update" | "delete";
  changes: string;
  by: string;
  at: Big;
}
export interface ParamBatchTable {
  id: Generated<number>;
  tenant_id: number;
  template_id: number | null;
  template_name: string;
  protocol: "gbt32960";
  params: string;
  ttl_s: number;
  created_by: string;
  created_at: Big;
}
export interface ParamBatchVehicleTable {
  batch_id: number;
  vin: string;
  command_id: Big;
  attempts: ColumnType<number, number | undefined, number>;
}

declare module "../../../db/schema" {
  interface Database {
    param_template: ParamTemplateTable;
    param_template_log: ParamTemplateLogTable;
    param_batch: ParamBatchTable;
    param_batch_vehicle: ParamBatchVehicleTable;
  }
}
