import { sql } from "kysely";
import { badRequest, notFound } from "../../http/envelope";
import type { Handler } from "../types";
import { exportTaskView } from "./exportTaskView";

/** GET getExportFileList: the account's export tasks, newest first; expired files drop out. */
export const getExportFileList: Handler = async ({ query, principal }, ctx) => {
  const accountId = (principal as NonNullable<typeof principal>).accountId;
  const pageNum = Number(query.pageNum ?? 1);
  const pageSize = Number(query.pageSize ?? 10);
  let q = ctx.db
    .selectFrom("export_task")
    .where("account_id", "=", accountId)
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", ctx.now())]));
  if (typeof query.status === "string") q = q.where("status", "=", query.status as "done");
  const [{ total }, list] = await Promise.all([
    q.select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow(),
    q
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
  ]);
  return { list: list.map(exportTaskView), total };
};

/** GET downloadExportFile: streams a done, unexpired file of the account's own task. */
export const downloadExportFile: Handler = async ({ params, principal, reply }, ctx) => {
  const accountId = (principal as NonNullable<typeof principal>).accountId;
  const task = await ctx.db
    .selectFrom("export_task")
    .selectAll()
    .where("id", "=", params.id as string)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  const gone = "导出文件不存在或已过期";
  if (!task || (task.expires_at && task.expires_at <= ctx.now()) || task.status === "failed") throw notFound(gone);
  if (task.status !== "done" || !task.object_key) throw badRequest("导出任务尚未完成");
  const size = await ctx.objects.size(task.object_key);
  if (size === null) throw notFound(gone);
  return reply
    .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    .header("content-length", String(size))
    .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(task.file_name)}`)
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .send(ctx.objects.read(task.object_key));
};
