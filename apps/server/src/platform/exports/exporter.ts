import type { AppContext } from "../../context";

/** One column of an export sheet. */
export interface ExportColumn {
  /** Header cell, Chinese as the console shows the column. */
  header: string;
  /** Property of each row object that fills the column. */
  key: string;
  width?: number;
}

/** What the worker knows about the task it runs: its parameters and who asked. */
export interface ExportJob {
  taskId: string;
  accountId: number;
  /** The asking account's visible tenants, frozen at submission (tenant scoping). */
  tenantIds: readonly number[];
  params: Record<string, unknown>;
}

/**
 * A kind of export, registered by a service module (`ServiceModule.exporters`) under the
 * operationId of its export call. The worker
 * streams the batches `rows` yields into one .xlsx sheet.
 */
export interface Exporter {
  /** Sheet name and the start of the file name, e.g. 车辆登录日志. */
  title: string;
  columns: ExportColumn[];
  /** Row count when known up front; drives `progress`. */
  total?(job: ExportJob, ctx: AppContext): Promise<number>;
  /** Rows in batches (a batch per page of a keyset walk keeps memory flat). */
  rows(job: ExportJob, ctx: AppContext): AsyncIterable<Record<string, unknown>[]>;
}
