import {
  checkRecord,
  DEVICE_HANDLING_LABELS,
  DeviceHandlingSchema,
  type DeviceHandlingState,
  deviceHandlingProblem,
  formatDateTimeText,
} from "@tsp/domain";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { AppContext } from "../../../context";
import type { Database } from "../../../db/schema";
import { badRequest, conflict, notFound } from "../../../http/envelope";
import type { Principal } from "../../../platform/principal";
import { actorOf } from "../actor";
import "./healthTables";

const DAY = 86_400_000;
/** Longest start range of one search. */
const MAX_RANGE_MS = 93 * DAY;

/** The filters T-Box故障记录 and 防拆报警 share. */
export interface HealthFilter {
  vin?: string;
  kind?: string;
  state?: DeviceHandlingState;
  ongoing?: boolean;
  startTime?: number;
  endTime?: number;
}

export function checkHealthRange(f: HealthFilter): void {
  const { startTime: s, endTime: e } = f;
  if (s !== undefined && e !== undefined && e < s)
    throw badRequest("结束时间不能早于开始时间", [{ field: "endTime", msg: "结束时间不能早于开始时间" }]);
  if (s !== undefined && e !== undefined && e - s > MAX_RANGE_MS)
    throw badRequest("时间范围不能超过93天", [{ field: "endTime", msg: "时间范围不能超过93天" }]);
}

/** The table a record lives in; both have vin, kind, started_at, ended_at and the handling columns. */
export type HealthTable = "bss_tbox_fault" | "bss_tamper_alarm";

/**
 * The VINs of the caller's tenants a device record can belong to: its vehicles, and the machines
 * of its 机械信息 (`bss_machinery_info`, the PIN in `vin`) that are in no vehicle table — the same
 * rule as the gateway's (gateway/machines.ts: the vehicle register wins when a code is in both).
 * A set, not a join: a PIN two of the caller's tenants both register is still one record.
 */
export function tenantVins(tenantIds: readonly number[]): RawBuilder<unknown> {
  const ids = sql.join(tenantIds.length === 0 ? [-1] : tenantIds);
  return sql`(select o.vin from vehicle o where o.tenant_id in (${ids})
    union all select m.vin from bss_machinery_info m where m.tenant_id in (${ids})
      and not exists (select 1 from vehicle x where x.vin = m.vin))`;
}

/** `where` over alias `r` (the record): the caller's tenants (vehicles and machines) and the filters. */
export function healthWhere(tenantIds: readonly number[], f: HealthFilter): RawBuilder<unknown> {
  const parts = [sql`r.vin in ${tenantVins(tenantIds)}`];
  if (f.vin) parts.push(sql`r.vin ilike ${`%${f.vin.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (f.kind) parts.push(sql`r.kind = ${f.kind}`);
  if (f.state) parts.push(sql`r.state = ${f.state}`);
  if (f.ongoing === true) parts.push(sql`r.ended_at is null`);
  if (f.ongoing === false) parts.push(sql`r.ended_at is not null`);
  if (f.startTime !== undefined) parts.push(sql`r.started_at >= ${f.startTime}`);
  if (f.endTime !== undefined) parts.push(sql`r.started_at <= ${f.endTime}`);
  return sql.join(parts, sql` and `);
}

export const handlingOf = (r: {
  state: DeviceHandlingState;
  handled_by: string | null;
  handled_at: number | string | null;
  note: string | null;
}) => ({
  state: r.state,
  handledBy: r.handled_by,
  handledAt: r.handled_at === null ? null : Number(r.handled_at),
  note: r.note,
});

/** The handling's columns of an export row. */
export const handlingCells = (h: ReturnType<typeof handlingOf>) => ({
  state: DEVICE_HANDLING_LABELS[h.state],
  handledBy: h.handledBy ?? "",
  handledAt: h.handledAt === null ? "" : formatDateTimeText(h.handledAt),
  note: h.note ?? "",
});

export const HANDLING_COLUMNS = [
  { header: "处理状态", key: "state", width: 10 },
  { header: "处理人", key: "handledBy", width: 12 },
  { header: "处理时间", key: "handledAt", width: 20 },
  { header: "处理说明", key: "note", width: 30 },
];

export const timeCell = (ms: number | null, none = "") => (ms === null ? none : formatDateTimeText(ms));

/**
 * One handling step on a record of the caller's tenants: checked by the domain's schema and move
 * rule under the row's lock (two operators at once: the second gets 409). 404 outside the tenants.
 */
export async function stepHandling(
  ctx: AppContext,
  p: Principal,
  table: HealthTable,
  body: { id: number; state: string; note?: string },
): Promise<void> {
  const r = checkRecord(DeviceHandlingSchema, { state: body.state, note: body.note });
  if (!r.ok) {
    const failDetail = Object.entries(r.errors).map(([field, msg]) => ({ field, msg }));
    throw badRequest(failDetail[0]?.msg ?? "", failDetail);
  }
  const actor = await actorOf(p, ctx);
  const at = ctx.now().getTime();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await sql<{ state: DeviceHandlingState }>`
      select r.state from ${sql.table(table)} r
      where r.id = ${body.id} and ${healthWhere(p.tenantIds, {})} for update of r`.execute(trx);
    const before = row.rows[0];
    if (before === undefined) throw notFound("记录不存在");
    const problem = deviceHandlingProblem(before.state, r.value.state);
    if (problem !== null) throw conflict(problem);
    await sql`update ${sql.table(table)} set state = ${r.value.state}, handled_by = ${actor.updateName},
      handled_at = ${at}, note = ${r.value.note === "" ? null : r.value.note} where id = ${body.id}`.execute(trx);
  });
}

export async function countWhere(db: Kysely<Database>, table: HealthTable, where: RawBuilder<unknown>) {
  const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} r where ${where}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}
