import type { ColumnType, Generated } from "kysely";

/**
 * Kysely's view of the tables. Platform tables are declared here; each service module
 * declares its own tables next to its migrations by augmenting this interface:
 * `declare module "../../db/schema" { interface Database { brand: BrandTable } }`.
 */
export interface Database {
  app_meta: AppMetaTable;
  tenant: TenantTable;
  vehicle: VehicleTable;
  export_task: ExportTaskTable;
}

export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: Generated<Date>;
}

/** A tenant (operating organisation); sub-tenants point at their parent. */
export interface TenantTable {
  id: Generated<number>;
  code: string;
  name: string;
  parent_id: number | null;
  created_at: Generated<Date>;
}

/**
 * The minimal vehicle every service refers to: VIN, owning tenant, bound SIM. The business
 * services extend it with their own columns or tables (apps/server/README.md).
 */
export interface VehicleTable {
  vin: string;
  tenant_id: number;
  iccid: string | null;
  plate: string | null;
  created_at: Generated<Date>;
}

export type ExportStatus = "queued" | "running" | "done" | "failed";

/** An export task and, once done, its file in the object store. */
export interface ExportTaskTable {
  /** UUID (openapi ExportTaskRef.taskId). */
  id: string;
  account_id: number;
  /** operationId of the export call that made the task; also the exporter's kind. */
  kind: string;
  file_name: string;
  status: ExportStatus;
  progress: number;
  row_count: number;
  size: ColumnType<number | null, number | null | undefined, number | null>;
  object_key: string | null;
  error: string | null;
  /** `{ params, tenantIds }` as JSON. */
  params: ColumnType<unknown, string, string>;
  created_at: ColumnType<Date, Date, Date>;
  started_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
