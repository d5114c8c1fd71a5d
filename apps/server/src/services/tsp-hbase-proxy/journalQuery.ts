import { sql } from "kysely";
import type { AppContext } from "../../context";
import { badRequest } from "../../http/envelope";
import { inTenants } from "../../platform/principal";
import { JOURNALS, type JournalKind } from "./tables";

/** The longest query window (openapi tsp-hbase-proxy: the day-mode picker's dayMax, 31 days). */
export const MAX_SPAN_MS = 31 * 24 * 3600 * 1000;

/** Query parameters shared by the page and export calls, after the router's validation. */
export interface JournalQuery {
  vin: string;
  startTime: number;
  endTime: number;
  reportTimeDesc: boolean;
}

/** Rules the schema cannot say: end not before start, a window of at most 31 days. */
export function checkRange(q: JournalQuery): void {
  if (q.endTime < q.startTime) {
    throw badRequest("请求参数不正确", [{ field: "endTime", msg: "结束时间不能早于开始时间" }]);
  }
  if (q.endTime - q.startTime > MAX_SPAN_MS) {
    // msg is the kind, failDetail the reason: the console shows "msg：reason" (spec §8), never the reason twice.
    throw badRequest("查询参数不正确", [{ field: "endTime", msg: "查询时间跨度不能超过31天" }]);
  }
}

/** Whether the VIN belongs to one of the tenants (journals are scoped through the vehicle's owner). */
export async function vinVisible(ctx: AppContext, vin: string, tenantIds: readonly number[]): Promise<boolean> {
  const row = await ctx.db
    .selectFrom("vehicle")
    .select("vin")
    .where("vin", "=", vin)
    .where(inTenants("vehicle.tenant_id", { tenantIds }))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * One keyset page: rows of the VIN in [start, end], strictly after `afterTs` in the chosen
 * order, `limit` of them. Served by the (vin, ts) primary key in either direction.
 */
export async function readPage(
  ctx: AppContext,
  kind: JournalKind,
  q: JournalQuery,
  afterTs: number | null,
  limit: number,
): Promise<{ vin: string; time: number; content: string }[]> {
  const desc = q.reportTimeDesc;
  const table = sql.table(JOURNALS[kind]);
  const after = afterTs === null ? sql`true` : desc ? sql`ts < ${afterTs}` : sql`ts > ${afterTs}`;
  const order = desc ? sql`ts desc` : sql`ts asc`;
  const { rows } = await sql<{ vin: string; ts: string | number; content: string }>`
    select vin, ts, content from ${table}
    where vin = ${q.vin} and ts >= ${q.startTime} and ts <= ${q.endTime} and ${after}
    order by ${order} limit ${limit}`.execute(ctx.db);
  return rows.map((r) => ({ vin: r.vin, time: Number(r.ts), content: r.content }));
}
