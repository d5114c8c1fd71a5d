import type { Selectable } from "kysely";
import type { AppContext } from "../../context";
import { notFound } from "../../http/envelope";
import type { ImportTaskTable } from "../../platform/imports/tables";
import { numberedPage, where } from "../../platform/listQuery";
import { defineHandler } from "../defineHandler";
import { NEWEST_TASKS_FIRST } from "./taskOrder";

/**
 * An import task as the list and getImportTask show it (openapi ImportTaskSummary). A task this
 * process is running has its progress in memory first (PGlite writes none mid-run).
 */
function importTaskView(task: Selectable<ImportTaskTable>, ctx: AppContext) {
  const live = task.status === "running" ? ctx.imports.progressOf(task.id) : null;
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
  };
}

/**
 * GET listImportTasks (issue 21): the signed-in account's import tasks, newest first, so a task
 * whose dialog was closed can still be found and its report opened (getImportTask).
 */
export const listImportTasks = defineHandler<"listImportTasks">(async ({ query, principal }, ctx) => {
  const q = where(ctx.db.selectFrom("import_task"), {
    filters: (f) => [f.exact("account_id", principal.accountId), f.exact("status", query.status)],
  });
  return numberedPage(
    q,
    query,
    NEWEST_TASKS_FIRST,
    (s) => s.selectAll(),
    (task) => importTaskView(task, ctx),
  );
});

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
  const report = task.status === "done" && task.report_key ? await ctx.imports.reportOf(task.report_key) : null;
  if (task.status === "done" && !report) throw notFound("导入结果已不存在");
  return { ...importTaskView(task, ctx), report };
});
