import { sql } from "kysely";
import type { AppContext } from "../../../context";
import { badRequest, invalidField, notFound } from "../../../http/envelope";
import { numberedPage, where } from "../../../platform/listQuery";
import { inTenants } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { chinaDate } from "../exporters";
import { checkFrameRange, framesOf } from "./frameQuery";

/** A collection with its export task, as the list and detail read it. */
function collections(ctx: AppContext, tenantIds: readonly number[]) {
  return ctx.db
    .selectFrom("hbase_history_collection as c")
    .innerJoin("export_task as t", "t.id", "c.export_task_id")
    .where(inTenants("c.tenant_id", { tenantIds }));
}

const COLUMNS = [
  "c.id",
  "c.vin",
  "c.start_time",
  "c.end_time",
  "c.remark",
  "c.created_by",
  "c.created_at",
  "t.status",
  "t.progress",
  "t.row_count",
  "t.size",
  "t.file_name",
  "t.error",
  "t.finished_at",
  "t.object_key",
  "t.expires_at",
  "c.export_task_id",
] as const;

type Row = {
  id: number;
  vin: string;
  start_time: number | string;
  end_time: number | string;
  remark: string;
  created_by: string;
  created_at: number | string;
  status: string;
  progress: number;
  row_count: number;
  size: number | string | null;
  file_name: string;
  error: string | null;
  finished_at: Date | null;
};

const STATUSES = ["queued", "running", "done", "failed"] as const;
type Status = (typeof STATUSES)[number];

/** A collection as openapi's HistoryCollection. */
function view(r: Row) {
  return {
    id: r.id,
    vin: r.vin,
    startTime: Number(r.start_time),
    endTime: Number(r.end_time),
    remark: r.remark,
    status: (STATUSES as readonly string[]).includes(r.status) ? (r.status as Status) : "failed",
    progress: r.progress,
    rowCount: r.status === "done" ? r.row_count : null,
    size: r.size === null ? null : Number(r.size),
    fileName: r.file_name,
    failReason: r.error,
    createdBy: r.created_by,
    createdAt: Number(r.created_at),
    finishedAt: r.finished_at ? r.finished_at.getTime() : null,
  };
}

/** createHistoryCollection: a visible VIN, a range of at most 31 days → a queued collection. */
export const createHistoryCollection = defineHandler<"createHistoryCollection">(async ({ body, principal }, ctx) => {
  checkFrameRange(body);
  const vehicle = await ctx.db
    .selectFrom("vehicle")
    .select(["vin", "tenant_id"])
    .where("vin", "=", body.vin)
    .where(inTenants("vehicle.tenant_id", principal))
    .executeTakeFirst();
  if (!vehicle) throw invalidField("vin", "未找到该VIN的车辆");
  const remark = (body.remark ?? "").trim();
  const name = `历史数据采集_${body.vin}_${chinaDate(body.startTime)}-${chinaDate(body.endTime)}.xlsx`;
  const params = { vin: body.vin, startTime: body.startTime, endTime: body.endTime };
  const task = await ctx.exports.submit(principal, "createHistoryCollection", params, name);
  const inserted = await ctx.db
    .insertInto("hbase_history_collection")
    .values({
      tenant_id: vehicle.tenant_id,
      vin: body.vin,
      start_time: body.startTime,
      end_time: body.endTime,
      remark,
      export_task_id: task.taskId,
      account_id: principal.accountId,
      created_by: principal.username,
      created_at: ctx.now().getTime(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const row = await collections(ctx, principal.tenantIds)
    .select([...COLUMNS])
    .where("c.id", "=", inserted.id)
    .executeTakeFirstOrThrow();
  return view(row as Row);
});

/** listHistoryCollections: the tenants' collections, newest first. */
export const listHistoryCollections = defineHandler<"listHistoryCollections">(({ query, principal }, ctx) => {
  const q = where(collections(ctx, principal.tenantIds), {
    filters: (f) => [f.contains("c.vin", query.vin), f.exact("t.status", query.status)],
  });
  return numberedPage(
    q,
    query,
    {
      order: [
        ["c.created_at", "desc"],
        ["c.id", "desc"],
      ],
    },
    (s) => s.select([...COLUMNS]),
    (r) => view(r as Row),
  );
});

async function visibleCollection(ctx: AppContext, id: number, tenantIds: readonly number[]) {
  const row = await collections(ctx, tenantIds)
    .select([...COLUMNS])
    .where("c.id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound("采集任务不存在或无权查看");
  return row;
}

/** getHistoryCollection (查看详情): the task and what its range holds by gateway status. */
export const getHistoryCollection = defineHandler<"getHistoryCollection">(async ({ query, principal }, ctx) => {
  const row = await visibleCollection(ctx, query.id, principal.tenantIds);
  const frames = await framesOf(ctx, {
    vin: row.vin,
    startTime: Number(row.start_time),
    endTime: Number(row.end_time),
    tenantIds: principal.tenantIds,
  })
    .select(["status", sql<number>`count(*)::int`.as("n")])
    .groupBy("status")
    .orderBy("status")
    .execute();
  return { ...view(row as Row), frames: frames.map((f) => ({ status: f.status, count: Number(f.n) })) };
});

/** downloadHistoryCollection: the done file, for any account of the collection's tenants. */
export const downloadHistoryCollection = defineHandler<"downloadHistoryCollection">(
  async ({ params, principal, reply }, ctx) => {
    const row = await visibleCollection(ctx, params.id, principal.tenantIds);
    const gone = "采集文件不存在或已过期";
    if (row.status === "failed" || (row.expires_at && row.expires_at <= ctx.now())) throw notFound(gone);
    if (row.status !== "done" || !row.object_key) throw badRequest("采集任务尚未完成");
    const size = await ctx.objects.size(row.object_key);
    if (size === null) throw notFound(gone);
    return reply
      .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
      .header("content-length", String(size))
      .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(row.file_name)}`)
      .header("x-content-type-options", "nosniff")
      .header("cache-control", "private, no-store")
      .send(ctx.objects.read(row.object_key));
  },
);
