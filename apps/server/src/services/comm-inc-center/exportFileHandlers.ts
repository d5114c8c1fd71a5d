import { badRequest, notFound } from "../../http/envelope";
import { numberedPage, where } from "../../platform/listQuery";
import { defineHandler } from "../defineHandler";
import { exportTaskView } from "./exportTaskView";
import { NEWEST_TASKS_FIRST } from "./taskOrder";

/** GET getExportFileList: the account's export tasks, newest first; expired files drop out. */
export const getExportFileList = defineHandler<"getExportFileList">(async ({ query, principal }, ctx) => {
  const q = where(ctx.db.selectFrom("export_task"), {
    filters: (f) => [f.exact("account_id", principal.accountId), f.exact("status", query.status)],
  }).where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", ctx.now())]));
  return numberedPage(q, query, NEWEST_TASKS_FIRST, (s) => s.selectAll(), exportTaskView);
});

/** GET downloadExportFile: streams a done, unexpired file of the account's own task. */
export const downloadExportFile = defineHandler<"downloadExportFile">(async ({ params, principal, reply }, ctx) => {
  const { accountId } = principal;
  const task = await ctx.db
    .selectFrom("export_task")
    .selectAll()
    .where("id", "=", params.id)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  const gone = "导出文件不存在或已过期";
  if (!task || (task.expires_at && task.expires_at <= ctx.now()) || task.status === "failed") throw notFound(gone);
  if (task.status !== "done" || !task.object_key) throw badRequest("导出任务尚未完成");
  const size = await ctx.objects.size(task.object_key);
  if (size === null) throw notFound(gone);
  // A workbook, or a file exporter's .zip (机械原始照片库).
  const type = task.file_name.endsWith(".zip")
    ? "application/zip"
    : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
  return reply
    .header("content-type", type)
    .header("content-length", String(size))
    .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(task.file_name)}`)
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .send(ctx.objects.read(task.object_key));
});
