import type { ColumnType } from "kysely";
import type { ExportStatus } from "../../db/schema";

/** The import task table (migration 0028_import_task), merged into the one Database interface. */
declare module "../../db/schema" {
  interface Database {
    import_task: ImportTaskTable;
  }
}

type DateNull = ColumnType<Date | null, Date | null | undefined, Date | null>;

/** One uploaded import file and what became of it (queued → running → done / failed, as an export task). */
export interface ImportTaskTable {
  /** UUID (openapi ImportTask.id). */
  id: string;
  account_id: number;
  /** The uploading account's own tenant. */
  tenant_id: number;
  /** operationId of the import call that made the task; also the importer's kind. */
  kind: string;
  file_name: string;
  status: ExportStatus;
  rows_done: ColumnType<number, number | undefined, number>;
  /** Data rows of the file, once known (the read counts them). */
  rows_total: ColumnType<number | null, number | null | undefined, number | null>;
  /** The uploaded file, a private object; null once the task ended. */
  file_key: string | null;
  /** The per-row report (JSON object), once done. */
  report_key: string | null;
  error: string | null;
  /** `{ principal, options }` as JSON: who uploaded (frozen at submission) and the call's options. */
  params: ColumnType<unknown, string, string>;
  created_at: ColumnType<Date, Date, Date>;
  started_at: DateNull;
  finished_at: DateNull;
}
