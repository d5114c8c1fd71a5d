import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import * as m0010 from "./0010_operation_log";
import { exportOperationLogs, getOperationLog, listOperationLogs, operationLogExporter } from "./handlers";
import { seedOperationLog } from "./seed";

const handlers = { listOperationLogs, getOperationLog, exportOperationLogs } satisfies HandlerTable;

/**
 * 操作日志 (系统管理 › /permit/log): the search, detail and export of the log that the HTTP hook
 * `http/operationLog.ts` writes for every mutating call. No call changes or removes an entry,
 * and the table's trigger refuses it (migration 0010).
 */
export const commIncCenterOperationLog: ServiceModule = {
  name: "comm-inc-center",
  migrations: { "comm-inc-center:0010_operation_log": m0010 },
  handlers,
  exporters: { exportOperationLogs: operationLogExporter },
  seed: (ctx) => seedOperationLog(ctx),
};
