import type { ColumnType } from "kysely";

/** 操作日志 (migration comm-inc-center:0010_operation_log); rows are only ever inserted. */
export interface OperationLogTable {
  /** bigserial: a string on `pg`. */
  id: ColumnType<number | string, never, never>;
  /** Epoch ms. */
  at: ColumnType<number | string, number, never>;
  tenant_id: ColumnType<number, number, never>;
  account_id: ColumnType<number, number, never>;
  username: ColumnType<string, string, never>;
  real_name: ColumnType<string, string, never>;
  operation_id: ColumnType<string, string, never>;
  /** The operation's Chinese name (`operationTitle`). */
  operation: ColumnType<string, string, never>;
  method: ColumnType<string, string, never>;
  path: ColumnType<string, string, never>;
  target: ColumnType<string, string, never>;
  /** The redacted parameter summary (JSON text). */
  params: ColumnType<string, string, never>;
  success: ColumnType<boolean, boolean, never>;
  status: ColumnType<number, number, never>;
  msg: ColumnType<string, string, never>;
  ip: ColumnType<string, string, never>;
  user_agent: ColumnType<string, string, never>;
  duration_ms: ColumnType<number, number, never>;
}

declare module "../../../db/schema" {
  interface Database {
    operation_log: OperationLogTable;
  }
}
