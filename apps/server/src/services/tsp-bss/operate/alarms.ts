import {
  ALARM_HANDLING_LABELS,
  AlarmAcknowledgeSchema,
  type AlarmAction,
  AlarmCloseSchema,
  type AlarmHandlingState,
  alarmActionProblem,
  alarmStateAfter,
  checkRecord,
} from "@tsp/domain";
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { AppContext } from "../../../context";
import type { Database } from "../../../db/schema";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { containsPattern, countOf, keysetBatches, numberedPage } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import { chinaDateTime } from "../tbox/sheet";
import "../../../gateway/stores/tables";
import "./tables";

const DAY = 86_400_000;
/** Longest range of episode starts one query reads (the decoded store keeps 180 days by default). */
export const ALARM_RANGE_MAX_DAYS = 93;
export const MSG_ALARM_NOT_FOUND = "未找到该报警";

/** listOperateAlarms's filters after the router's validation. */
export interface AlarmFilter {
  level?: number | undefined;
  alarm?: string | undefined;
  state?: AlarmHandlingState | undefined;
  ongoing?: boolean | undefined;
  vin?: string | undefined;
  groupId?: number | undefined;
  startTime?: number | undefined;
  endTime?: number | undefined;
}

/** The range of starts: both ends given, or the 7 days up to now; reversed or over 93 days answers 400. */
export function alarmRange(f: AlarmFilter, now: number): { from: number; to: number } {
  const to = f.endTime ?? now;
  const from = f.startTime ?? to - 7 * DAY;
  if (from > to)
    throw badRequest("开始时间不能晚于结束时间", [{ field: "startTime", msg: "开始时间不能晚于结束时间" }]);
  if (to - from > ALARM_RANGE_MAX_DAYS * DAY) {
    const msg = `时间范围不能超过${ALARM_RANGE_MAX_DAYS}天`;
    throw badRequest(msg, [{ field: "startTime", msg }]);
  }
  return { from, to };
}

type Q = SelectQueryBuilder<Database, "gateway_alarm" | "vehicle" | "operate_alarm_handling", object>;

/** The tenant's episodes under every filter but `level` (the level counts) — level is added by {@link filtered}. */
function scoped(
  db: Kysely<Database>,
  tenantIds: readonly number[],
  f: AlarmFilter,
  range: { from: number; to: number },
): Q {
  let q = db
    .selectFrom("gateway_alarm")
    .innerJoin("vehicle", "vehicle.vin", "gateway_alarm.vin")
    .leftJoin("operate_alarm_handling", "operate_alarm_handling.alarm_id", "gateway_alarm.id")
    .where("vehicle.tenant_id", "in", [...tenantIds])
    .where("gateway_alarm.started_at", ">=", range.from)
    .where("gateway_alarm.started_at", "<=", range.to) as unknown as Q;
  if (f.alarm !== undefined && f.alarm !== "") q = q.where("gateway_alarm.name", "=", f.alarm);
  if (f.vin !== undefined && f.vin !== "") q = q.where("gateway_alarm.vin", "ilike", containsPattern(f.vin));
  if (f.ongoing === true) q = q.where("gateway_alarm.ended_at", "is", null);
  if (f.ongoing === false) q = q.where("gateway_alarm.ended_at", "is not", null);
  if (f.state !== undefined) q = q.where(sql<string>`coalesce(operate_alarm_handling.state, 'open')`, "=", f.state);
  if (f.groupId !== undefined) {
    const groupId = f.groupId;
    q = q.where("gateway_alarm.vin", "in", (s) =>
      s
        .selectFrom("operate_vehicle_group_member")
        .innerJoin("operate_vehicle_group", "operate_vehicle_group.id", "operate_vehicle_group_member.group_id")
        .select("operate_vehicle_group_member.vin")
        .where("operate_vehicle_group.id", "=", groupId)
        .where("operate_vehicle_group.tenant_id", "in", [...tenantIds]),
    );
  }
  return q;
}

const filtered = (q: Q, f: AlarmFilter): Q =>
  f.level === undefined ? q : q.where("gateway_alarm.level", "=", f.level);

const select = (q: Q) =>
  q.select([
    "gateway_alarm.id as id",
    "gateway_alarm.vin as vin",
    "gateway_alarm.protocol as protocol",
    "gateway_alarm.name as name",
    "gateway_alarm.level as level",
    "gateway_alarm.started_at as started_at",
    "gateway_alarm.ended_at as ended_at",
    "operate_alarm_handling.state as state",
    "operate_alarm_handling.acknowledged_by as acknowledged_by",
    "operate_alarm_handling.acknowledged_at as acknowledged_at",
    "operate_alarm_handling.acknowledge_note as acknowledge_note",
    "operate_alarm_handling.closed_by as closed_by",
    "operate_alarm_handling.closed_at as closed_at",
    "operate_alarm_handling.close_note as close_note",
  ]);
type AlarmRow = Awaited<ReturnType<ReturnType<typeof select>["execute"]>>[number];

const num = (x: number | string | null | undefined) => (x === null || x === undefined ? null : Number(x));

/** A row as openapi's OperateAlarm. */
export function toAlarm(r: AlarmRow) {
  return {
    id: Number(r.id),
    vin: r.vin,
    protocol: r.protocol === "jt808" ? ("jt808" as const) : ("gbt32960" as const),
    name: r.name,
    level: num(r.level),
    startedAt: Number(r.started_at),
    endedAt: num(r.ended_at),
    state: (r.state ?? "open") as AlarmHandlingState,
    acknowledgedBy: r.acknowledged_by ?? null,
    acknowledgedAt: num(r.acknowledged_at),
    acknowledgeNote: r.acknowledge_note ?? null,
    closedBy: r.closed_by ?? null,
    closedAt: num(r.closed_at),
    closeNote: r.close_note ?? null,
  };
}

/** listOperateAlarms: a numbered page of the tenant's episodes, newest start first, with the counts by level. */
export const listOperateAlarms = defineHandler<"listOperateAlarms">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const { pageNum, pageSize, ...f } = query;
  const range = alarmRange(f, ctx.now().getTime());
  const base = scoped(ctx.db, p.tenantIds, f, range);
  const [page, levels] = await Promise.all([
    numberedPage(
      filtered(base, f),
      { pageNum, pageSize },
      {
        order: [
          ["gateway_alarm.started_at", "desc"],
          ["gateway_alarm.id", "desc"],
        ],
      },
      select,
    ),
    base
      .select(["gateway_alarm.level as level", sql<number>`count(*)::int`.as("n")])
      .groupBy("gateway_alarm.level")
      .execute(),
  ]);
  const count = (level: number | null) => Number(levels.find((l) => num(l.level) === level)?.n ?? 0);
  return {
    list: page.list.map(toAlarm),
    total: page.total,
    levelCounts: { level1: count(1), level2: count(2), level3: count(3), none: count(null) },
  };
});

/** One episode of the tenant's vehicles with its handling, or 404. */
async function episodeOf(db: Kysely<Database>, tenantIds: readonly number[], id: number) {
  const row = await select(
    db
      .selectFrom("gateway_alarm")
      .innerJoin("vehicle", "vehicle.vin", "gateway_alarm.vin")
      .leftJoin("operate_alarm_handling", "operate_alarm_handling.alarm_id", "gateway_alarm.id")
      .where("vehicle.tenant_id", "in", [...tenantIds])
      .where("gateway_alarm.id", "=", id) as unknown as Q,
  ).executeTakeFirst();
  if (!row) throw notFound(MSG_ALARM_NOT_FOUND);
  return row;
}

/** 确认 / 关闭: the state rule from @tsp/domain, the write under the row's lock (two operators at once: one wins, one 409s). */
async function handle(
  ctx: AppContext,
  principal: ReturnType<typeof must>,
  id: number,
  action: AlarmAction,
  note: string | null,
) {
  const actor = await actorOf(principal, ctx);
  const at = ctx.now().getTime();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await episodeOf(trx, principal.tenantIds, id);
    const tenant = await trx
      .selectFrom("vehicle")
      .select("tenant_id")
      .where("vin", "=", before.vin)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("operate_alarm_handling")
      .values({ alarm_id: id, tenant_id: tenant.tenant_id, state: "open" })
      .onConflict((c) => c.column("alarm_id").doNothing())
      .execute();
    const locked = await trx
      .selectFrom("operate_alarm_handling")
      .select("state")
      .where("alarm_id", "=", id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const problem = alarmActionProblem(locked.state, action);
    if (problem !== null) throw conflict(problem);
    const step =
      action === "acknowledge"
        ? {
            state: alarmStateAfter(action),
            acknowledged_by: actor.updateName,
            acknowledged_at: at,
            acknowledge_note: note,
          }
        : { state: alarmStateAfter(action), closed_by: actor.updateName, closed_at: at, close_note: note };
    await trx.updateTable("operate_alarm_handling").set(step).where("alarm_id", "=", id).execute();
  });
  return toAlarm(await episodeOf(ctx.db, principal.tenantIds, id));
}

function checked<T>(schema: Parameters<typeof checkRecord<T>>[0], body: unknown): T {
  const r = checkRecord(schema, body);
  if (r.ok) return r.value;
  const failDetail = Object.entries(r.errors).map(([field, msg]) => ({ field, msg }));
  throw badRequest(failDetail[0]?.msg ?? "", failDetail);
}

export const acknowledgeOperateAlarm = defineHandler<"acknowledgeOperateAlarm">(async ({ body, principal }, ctx) => {
  const { note } = checked(AlarmAcknowledgeSchema, { note: body.note ?? null });
  return ok(await handle(ctx, must(principal), body.id, "acknowledge", note ? note : null), "已确认");
});

export const closeOperateAlarm = defineHandler<"closeOperateAlarm">(async ({ body, principal }, ctx) => {
  const { note } = checked(AlarmCloseSchema, { note: body.note });
  return ok(await handle(ctx, must(principal), body.id, "close", note), "已关闭");
});

const time = (ms: number | null) => (ms === null ? "" : chinaDateTime(ms));
const filterOf = (params: Record<string, unknown>) => params as unknown as AlarmFilter & { from: number; to: number };

/** The export: every episode of the filters, the handling in words. */
export const alarmExporter: ExportSheet = {
  title: "故障报警",
  columns: [
    { header: "VIN", key: "vin", width: 20 },
    { header: "报警", key: "name", width: 22 },
    { header: "协议", key: "protocol", width: 10 },
    { header: "等级", key: "level", width: 8 },
    { header: "开始时间", key: "startedAt", width: 20 },
    { header: "结束时间", key: "endedAt", width: 20 },
    { header: "处理状态", key: "state", width: 10 },
    { header: "确认人", key: "acknowledgedBy", width: 12 },
    { header: "确认时间", key: "acknowledgedAt", width: 20 },
    { header: "确认说明", key: "acknowledgeNote", width: 24 },
    { header: "关闭人", key: "closedBy", width: 12 },
    { header: "关闭时间", key: "closedAt", width: 20 },
    { header: "关闭说明", key: "closeNote", width: 30 },
  ],
  total: (job, ctx) => {
    const f = filterOf(job.params);
    return countOf(filtered(scoped(ctx.db, job.tenantIds, f, f), f));
  },
  async *rows(job, ctx) {
    const f = filterOf(job.params);
    const walk = { column: "gateway_alarm.id" as const, desc: true, batch: 500, keyOf: (r: AlarmRow) => Number(r.id) };
    for await (const rows of keysetBatches(filtered(scoped(ctx.db, job.tenantIds, f, f), f), walk, select)) {
      yield rows.map((r) => {
        const a = toAlarm(r);
        return {
          vin: a.vin,
          name: a.name,
          protocol: a.protocol === "jt808" ? "JT/T 808" : "GB/T 32960",
          level: a.level ?? "",
          startedAt: time(a.startedAt),
          endedAt: a.endedAt === null ? "持续中" : time(a.endedAt),
          state: ALARM_HANDLING_LABELS[a.state],
          acknowledgedBy: a.acknowledgedBy ?? "",
          acknowledgedAt: time(a.acknowledgedAt),
          acknowledgeNote: a.acknowledgeNote ?? "",
          closedBy: a.closedBy ?? "",
          closedAt: time(a.closedAt),
          closeNote: a.closeNote ?? "",
        };
      });
    }
  },
};

export const exportOperateAlarms = defineHandler<"exportOperateAlarms">(async ({ query, principal }, ctx) => {
  const range = alarmRange(query, ctx.now().getTime());
  const task = await ctx.exports.submit(must(principal), "exportOperateAlarms", { ...query, ...range });
  return ok(task, EXPORT_SUBMITTED_MSG);
});
