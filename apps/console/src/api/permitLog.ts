import type { CommIncCenter } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";
import type { ExportTaskRef } from "./types";

// The calls of 操作日志 (/permit/log; designed in comm-inc-center.yaml, tag operationLog).

type Schemas = CommIncCenter.components["schemas"];
type QueryOf<Op extends keyof CommIncCenter.operations> = NonNullable<
  CommIncCenter.operations[Op]["parameters"]["query"]
>;
export type OperationLogRow = Schemas["OperationLogRow"];
export type OperationLogDetail = Schemas["OperationLogDetail"];
export type OperationLogQuery = QueryOf<"listOperationLogs">;
export type OperationLogFilters = Omit<OperationLogQuery, "pageNum" | "pageSize">;

/** One numbered page of the log of the caller's tenants, newest first. */
export async function listOperationLogs(query: OperationLogQuery, signal?: AbortSignal) {
  return dataOf(
    await sdk().GET(
      "/comm-inc-center/v1/web/operationLog/list",
      signal ? { params: { query }, signal } : { params: { query } },
    ),
  );
}
/** One entry with its parameters, request and user agent. */
export async function getOperationLog(id: number): Promise<OperationLogDetail> {
  return dataOf(await sdk().GET("/comm-inc-center/v1/web/operationLog/detail", { params: { query: { id } } }));
}
/** Submits an export of the entries matching the list's filters. */
export async function exportOperationLogs(query: OperationLogFilters): Promise<ExportTaskRef> {
  return dataOf(await sdk().POST("/comm-inc-center/v1/web/operationLog/export", { params: { query } }));
}
