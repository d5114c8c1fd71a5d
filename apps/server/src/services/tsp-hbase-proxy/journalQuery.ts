import { type SqlBool, sql } from "kysely";
import type { AppContext } from "../../context";
import { badRequest } from "../../http/envelope";
import { keysetBatches, keysetPage, where } from "../../platform/listQuery";
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
 * The frames of one journal for the VIN in [start, end]. Both journals have the same columns
 * (JournalTable), so one typed query serves either table.
 */
export function journalRows(ctx: AppContext, kind: JournalKind, q: JournalQuery) {
  return where(ctx.db.selectFrom(JOURNALS[kind] as "vehicle_login_log"), {
    filters: (f) => [f.exact("vin", q.vin), f.range("ts", q.startTime, q.endTime)],
  });
}

/** The keyset walk of a journal: by report time in the chosen order, served by the (vin, ts) key. */
export const journalKeyset = (q: JournalQuery) => ({ column: "ts", desc: q.reportTimeDesc }) as const;

const frameColumns = (s: ReturnType<typeof journalRows>) => s.select(["vin", "ts", "content"]);

/** A stored frame as openapi's journal row (`ts` is a bigint: a string from the pg driver). */
export const toFrame = (r: { vin: string; ts: string | number; content: string }) => ({
  vin: r.vin,
  time: Number(r.ts),
  content: r.content,
});

/**
 * `exists (a vehicle of the tenants with the VIN)` for a journal statement: the tenant check in
 * the same SQL as the rows (one round trip). The VIN is a constant, so PostgreSQL runs it once
 * as an InitPlan (a one-time filter), not per row.
 */
export function visibleTo(ctx: AppContext, vin: string, tenantIds: readonly number[]) {
  return sql<SqlBool>`exists (${ctx.db
    .selectFrom("vehicle")
    .select(sql.lit(1).as("one"))
    .where("vehicle.vin", "=", vin)
    .where(inTenants("vehicle.tenant_id", { tenantIds }))})`;
}

/**
 * One keyset page: rows of the VIN in [start, end], strictly after `afterTs` in the chosen
 * order, `limit` of them — none when the VIN is no vehicle of the tenants (checked in the same
 * statement: a foreign vehicle reads as an empty journal, its existence not revealed).
 */
export async function readPage(
  ctx: AppContext,
  kind: JournalKind,
  q: JournalQuery,
  afterTs: number | null,
  limit: number,
  tenantIds: readonly number[],
): Promise<{ vin: string; time: number; content: string }[]> {
  const rows = await keysetPage(
    journalRows(ctx, kind, q).where(visibleTo(ctx, q.vin, tenantIds)),
    { ...journalKeyset(q), after: afterTs, limit },
    frameColumns,
  );
  return rows.map(toFrame);
}

/** Every frame of the query in keyset batches (the export's rows). */
export async function* frameBatches(ctx: AppContext, kind: JournalKind, q: JournalQuery, batch: number) {
  const walk = { ...journalKeyset(q), batch, keyOf: (r: { ts: number }) => Number(r.ts) };
  for await (const rows of keysetBatches(journalRows(ctx, kind, q), walk, frameColumns)) yield rows.map(toFrame);
}
