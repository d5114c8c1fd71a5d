import { CHINA_UTC_OFFSET_MS, checkForwardDays, DAY_MS, type ForwardFigures, sumForwardFigures } from "@tsp/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { pendingByDay } from "../../../forwarder/queue";
import "../../../forwarder/tables";
import { badRequest, ok } from "../../../http/envelope";
import type { ExportSheet } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { limitOffset } from "../../../platform/listQuery";
import { type DataOf, defineHandler } from "../../defineHandler";
import { must } from "../actor";
import "./tables";

type Statistics = DataOf<"listForwardStatistics">;
type Row = Statistics["list"][number];
type Filter = { platformId?: number; startDay: string; endDay: string };

const zero = (): ForwardFigures => ({ forwarded: 0, acknowledged: 0, failed: 0, resent: 0, pending: 0 });
/** China day yyyy-MM-dd → its index as counted in SQL: floor((ms + 8 h) / day). */
const dayIndex = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const LINK_STATES = new Set(["idle", "connecting", "online", "down", "stopped"]);

/**
 * 转发统计 (issue 19): every (day, platform) of the range with the forwarder's log counted per
 * China day of the frames' receipt (forward_log: one row per frame and platform) and the frames
 * still after each platform's cursor (the journal) — so a day's frames are acknowledged, failed
 * or pending, never counted twice. Rows day descending then platform name; zeros included.
 */
export async function forwardStatistics(
  db: Kysely<Database>,
  tenantIds: readonly number[],
  f: Filter,
): Promise<Omit<Statistics, "total" | "list"> & { rows: Row[] }> {
  const range = checkForwardDays(f.startDay, f.endDay);
  if (!range.ok) throw badRequest(range.error.msg, [{ field: range.error.field, msg: range.error.msg }]);
  const { days, from, to } = range.value;
  let q = db
    .selectFrom("nr4_forward_platform as p")
    .leftJoin("forward_cursor as c", "c.platform_id", "p.id")
    .select(["p.id", "p.name", "p.protocol", "p.enabled", "c.link_state", "c.link_error", "c.link_at"])
    .where("p.tenant_id", "in", tenantIds.length > 0 ? tenantIds : [-1]);
  if (f.platformId !== undefined) q = q.where("p.id", "=", f.platformId);
  const platforms = await q.orderBy("p.name").orderBy("p.id").execute();
  const figures = new Map<string, ForwardFigures>();
  const at = (platformId: number, day: number) => {
    const key = `${platformId}|${day}`;
    let v = figures.get(key);
    if (!v) {
      v = zero();
      figures.set(key, v);
    }
    return v;
  };
  if (platforms.length > 0) {
    const logged = await db
      .selectFrom("forward_log")
      .select((eb) => [
        "platform_id",
        sql<string>`floor((received_at + ${sql.lit(CHINA_UTC_OFFSET_MS)}) / ${sql.lit(DAY_MS)})`.as("day"),
        eb.fn.countAll<string>().as("forwarded"),
        eb.fn.countAll<string>().filterWhere("outcome", "=", "acked").as("acknowledged"),
        eb.fn.countAll<string>().filterWhere("outcome", "=", "refused").as("failed"),
        eb.fn.countAll<string>().filterWhere("resent", "=", true).as("resent"),
      ])
      .where(
        "platform_id",
        "in",
        platforms.map((p) => p.id),
      )
      .where("received_at", ">=", from)
      .where("received_at", "<", to)
      .groupBy(["platform_id", "day"])
      .execute();
    for (const r of logged) {
      const v = at(r.platform_id, Number(r.day));
      v.forwarded = Number(r.forwarded);
      v.acknowledged = Number(r.acknowledged);
      v.failed = Number(r.failed);
      v.resent = Number(r.resent);
    }
    for (const p of platforms) {
      const pending = await pendingByDay(
        db,
        { id: p.id, protocol: p.protocol === "hj1239" ? "hj1239" : "gb32960" },
        from,
        to,
      );
      for (const [day, n] of pending) at(p.id, day).pending = n;
    }
  }
  const rows: Row[] = [];
  for (const day of days.toReversed())
    for (const p of platforms)
      rows.push({
        day,
        platformId: p.id,
        platformName: p.name,
        ...(figures.get(`${p.id}|${dayIndex(day)}`) ?? zero()),
      });
  const chart = days.map((day) => ({
    day,
    ...sumForwardFigures(platforms.map((p) => figures.get(`${p.id}|${dayIndex(day)}`) ?? zero())),
  }));
  return {
    rows,
    chart,
    totals: sumForwardFigures(chart),
    links: platforms.map((p) => ({
      platformId: p.id,
      platformName: p.name,
      protocol: p.protocol === "hj1239" ? ("hj1239" as const) : ("gb32960" as const),
      state: (p.enabled && p.link_state && LINK_STATES.has(p.link_state)
        ? p.link_state
        : "idle") as Statistics["links"][number]["state"],
      error: p.enabled ? (p.link_error ?? null) : null,
      at: p.link_at ? Number(p.link_at) : null,
    })),
  };
}

const filterOf = (query: { platformId?: number; startDay: string; endDay: string }): Filter => ({
  ...(query.platformId === undefined ? {} : { platformId: query.platformId }),
  startDay: query.startDay,
  endDay: query.endDay,
});

export const listForwardStatistics = defineHandler<"listForwardStatistics">(async ({ query, principal }, ctx) => {
  const { rows, ...rest } = await forwardStatistics(ctx.db, must(principal).tenantIds, filterOf(query));
  const { limit, offset } = limitOffset({ pageNum: query.pageNum, pageSize: query.pageSize });
  return { list: rows.slice(offset, offset + limit), total: rows.length, ...rest };
});

/** The rows of every page as a sheet, then the totals. */
export const forwardStatistExporter: ExportSheet = {
  title: "转发统计",
  columns: [
    { header: "日期", key: "day", width: 12 },
    { header: "转发平台", key: "platformName", width: 28 },
    { header: "已转发", key: "forwarded", width: 10 },
    { header: "已应答", key: "acknowledged", width: 10 },
    { header: "失败", key: "failed", width: 8 },
    { header: "其中补发", key: "resent", width: 10 },
    { header: "待转发", key: "pending", width: 10 },
  ],
  async *rows(job, ctx) {
    const s = await forwardStatistics(ctx.db, job.tenantIds, job.params as unknown as Filter);
    yield [...s.rows, { day: "合计", platformName: "", ...s.totals }];
  },
};

export const exportForwardStatistics = defineHandler<"exportForwardStatistics">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const f = filterOf(query);
  const range = checkForwardDays(f.startDay, f.endDay); // a bad range answers 400 before a task is queued
  if (!range.ok) throw badRequest(range.error.msg, [{ field: range.error.field, msg: range.error.msg }]);
  const task = await ctx.exports.submit(p, "exportForwardStatistics", f);
  return ok(task, EXPORT_SUBMITTED_MSG);
});
