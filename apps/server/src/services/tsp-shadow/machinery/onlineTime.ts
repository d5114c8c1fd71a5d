import { type ConnectionEvent, onlineByDay, pairSessions } from "@tsp/domain";
import { type SqlBool, sql } from "kysely";
import type { AppContext } from "../../../context";
import { containsPattern } from "../../../platform/listQuery";
import "../../tsp-bss/baseInfoRest/tables";
import "./tables";

/** One row of 在线时长管理: a machine's online time on one China-time day. */
export interface OnlineDayRow {
  vin: string;
  machineryType:
    | "excavator"
    | "loader"
    | "bulldozer"
    | "roller"
    | "crane"
    | "forklift"
    | "tractor"
    | "harvester"
    | "other";
  model: string;
  day: string;
  onlineMs: number;
  sessions: number;
  firstLoginAt: number | null;
  lastLogoutAt: number | null;
}

/**
 * Online time per machine and day over [startTime, endTime] (≤ 31 days, checked by the caller):
 * the connection log of the tenants' machines matching `vin`, from the last event before the
 * range (a session that began earlier counts from the range's start) to its end, paired and
 * split by @tsp/domain; newest day first, then PIN.
 */
export async function onlineDays(
  ctx: AppContext,
  tenantIds: readonly number[],
  q: { vin?: string | undefined; startTime: number; endTime: number },
): Promise<OnlineDayRow[]> {
  if (tenantIds.length === 0) return [];
  let machines = ctx.db
    .selectFrom("bss_machinery_info")
    .select(["vin", "machinery_type", "cpxh"])
    .where(sql<SqlBool>`tenant_id in (${sql.join([...tenantIds])})`);
  if (q.vin) machines = machines.where(sql<SqlBool>`vin ilike ${containsPattern(q.vin)}`);
  const list = await machines.orderBy("vin").execute();
  if (list.length === 0) return [];
  const vins = [...new Set(list.map((m) => m.vin))];
  const events = await ctx.db
    .selectFrom("machine_connection as c")
    .select(["c.vin", "c.at", "c.kind"])
    .where("c.vin", "in", vins)
    .where("c.at", "<=", q.endTime)
    // From each machine's last event before the range: a session open at the start counts.
    .where(
      sql<SqlBool>`c.at >= coalesce((select max(p.at) from machine_connection p where p.vin = c.vin and p.at < ${q.startTime}), ${q.startTime})`,
    )
    .orderBy("c.vin")
    .orderBy("c.at")
    .execute();
  const byVin = new Map<string, ConnectionEvent[]>();
  for (const e of events) {
    const at = Number(e.at);
    byVin.set(e.vin, [...(byVin.get(e.vin) ?? []), { at, kind: e.kind }]);
  }
  const now = ctx.now().getTime();
  const seen = new Set<string>();
  const rows: OnlineDayRow[] = [];
  for (const m of list) {
    if (seen.has(m.vin)) continue;
    seen.add(m.vin);
    const sessions = pairSessions(byVin.get(m.vin) ?? []);
    for (const d of onlineByDay(sessions, { from: q.startTime, to: q.endTime + 1 }, now)) {
      rows.push({ vin: m.vin, machineryType: m.machinery_type as OnlineDayRow["machineryType"], model: m.cpxh, ...d });
    }
  }
  return rows.toSorted((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : a.vin < b.vin ? -1 : 1));
}
