import { notFound } from "../../http/envelope";
import { defineHandler } from "../defineHandler";

/**
 * GET getImportTask (issue 21): one import task of the signed-in account — status, rows checked
 * and, once done, the per-row report read back from its object. Another account's task is
 * answered as missing (404), never as forbidden: its existence is not told.
 */
export const getImportTask = defineHandler<"getImportTask">(async ({ params, principal }, ctx) => {
  const task = await ctx.db
    .selectFrom("import_task")
    .selectAll()
    .where("id", "=", params.id)
    .where("account_id", "=", principal.accountId)
    .executeTakeFirst();
  if (!task) throw notFound("导入任务不存在");
  // A task this process is running: its progress is in memory first (PGlite writes none mid-run).
  const live = task.status === "running" ? ctx.imports.progressOf(task.id) : null;
  const report = task.status === "done" && task.report_key ? await ctx.imports.reportOf(task.report_key) : null;
  if (task.status === "done" && !report) throw notFound("导入结果已不存在");
  return {
    id: task.id,
    name: task.file_name,
    operation: task.kind,
    status: task.status,
    rowsDone: Math.max(task.rows_done, live?.done ?? 0),
    rowsTotal: task.rows_total ?? live?.total ?? null,
    createdAt: task.created_at.getTime(),
    finishedAt: task.finished_at ? task.finished_at.getTime() : null,
    failReason: task.error,
    report,
  };
});
