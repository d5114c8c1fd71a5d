import { CHINA_UTC_OFFSET_MS as CHINA_OFFSET_MS } from "@tsp/domain";
import { sql } from "kysely";
import { badRequest } from "../../http/envelope";
import { where } from "../../platform/listQuery";
import { defineHandler } from "../defineHandler";
import { FUEL_ALERT_TYPES } from "./tables";

const DAY = 24 * 3600 * 1000;
/** The longest window (openapi: at most 31 days after startTime). */
export const MAX_SPAN_MS = 31 * DAY;

/** The UTC+8 calendar day of a time, yyyy-MM-dd. */
export const chinaDay = (ms: number) => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);

/**
 * getTotalFuelAlert: the tenant's fuel alerts in [startTime, endTime] (default the last 7
 * days), totalled by kind (every kind listed, zeros included) and by UTC+8 day (every day of
 * the window, zeros included, so a chart needs no gap filling).
 */
export const getTotalFuelAlert = defineHandler<"getTotalFuelAlert">(async ({ query, principal }, ctx) => {
  const end = query.endTime ?? ctx.now().getTime();
  const start = query.startTime ?? end - 7 * DAY;
  if (end < start) throw badRequest("请求参数不正确", [{ field: "endTime", msg: "结束时间不能早于开始时间" }]);
  if (end - start > MAX_SPAN_MS)
    // msg is the kind, failDetail the reason: the console shows "msg：reason" (spec §8), never the reason twice.
    throw badRequest("查询参数不正确", [{ field: "endTime", msg: "查询时间跨度不能超过31天" }]);
  const q = where(ctx.db.selectFrom("fuel_alert"), {
    tenant: ["fuel_alert.tenant_id", principal],
    filters: (f) => [f.range("ts", start, end), f.contains("vin", query.vin)],
  });
  const byTypeRows = await q
    .select(["type", sql<string>`count(*)`.as("n")])
    .groupBy("type")
    .execute();
  // Day number in UTC+8; literals (not parameters) so the select and group-by expressions are one.
  const day = sql<string>`floor((ts + ${sql.lit(CHINA_OFFSET_MS)}) / ${sql.lit(DAY)})`;
  const byDayRows = await q
    .select([day.as("day"), sql<string>`count(*)`.as("n")])
    .groupBy(day)
    .execute();
  const byType = FUEL_ALERT_TYPES.map((type) => ({
    type,
    count: Number(byTypeRows.find((r) => r.type === type)?.n ?? 0),
  }));
  const counts = new Map(byDayRows.map((r) => [chinaDay(Number(r.day) * DAY), Number(r.n)]));
  const byDay: { date: string; count: number }[] = [];
  for (let d = chinaDay(start); d <= chinaDay(end); d = chinaDay(Date.parse(`${d}T00:00:00+08:00`) + DAY)) {
    byDay.push({ date: d, count: counts.get(d) ?? 0 });
  }
  return { total: byType.reduce((s, t) => s + t.count, 0), byType, byDay };
});
