import {
  DEFAULT_FAULT_LIMITS,
  type DetectedFault,
  detectTerminalFaults,
  TERMINAL_FAULT_ALARMS,
  type TerminalObservation,
} from "@tsp/domain";
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../../../db/schema";
import { markSwept, SWEEP, takeSweep } from "./sweeps";
import "../../../gateway/tables";
import "../../../gateway/stores/tables";
import "../../../gateway/stores/latestStateTables";

const DAY = 86_400_000;
/** A read within this long of the previous sweep uses what is stored (the list is read page after page). */
const FRESH_MS = 15_000;
/** How far back positions are read for the fix rule (the store is partitioned by day). */
const POSITION_DAYS = 2;

interface ObservationRow {
  vin: string;
  /** Any frame: a report, a login or logout, or one that only marked the vehicle online (the state's update time). */
  last_frame_at: number | string;
  collected_at: number | string | null;
  received_at: number | string | null;
  bad: (number | string)[] | null;
  last_fix: number | string | null;
  last_pos: number | string | null;
  alarms: { name: string; started_at: number | string; ended_at: number | string | null }[] | null;
}

const num = (x: number | string | null | undefined): number | null =>
  x === null || x === undefined ? null : Number(x);

/** What the stores say of every terminal that reported within the active window. */
async function observations(trx: Transaction<Database>, now: number) {
  const l = DEFAULT_FAULT_LIMITS;
  const posFrom = now - POSITION_DAYS * DAY;
  const r = await sql<ObservationRow>`
    select s.vin, greatest(s.last_report_at, s.last_login_at, s.last_logout_at, s.updated_at) as last_frame_at, ls.collected_at, ls.received_at,
      (select array_agg(f.received_at) from gateway_frame f where f.vin = s.vin and f.status = 'bad-frame'
        and f.received_at > ${now - l.checkCodeWindowMs} and f.received_at <= ${now}) as bad,
      (select max(p.collected_at) from gateway_position p where p.vin = s.vin and p.fix_valid
        and p.received_at > ${posFrom}) as last_fix,
      (select max(p.collected_at) from gateway_position p where p.vin = s.vin and p.received_at > ${posFrom}) as last_pos,
      (select json_agg(json_build_object('name', a.name, 'started_at', a.started_at, 'ended_at', a.ended_at))
        from gateway_alarm a where a.vin = s.vin and a.name in (${sql.join(TERMINAL_FAULT_ALARMS)})
          and (a.ended_at is null or a.started_at > ${now - 7 * DAY})) as alarms
    from gateway_vehicle_state s
    join vehicle v on v.vin = s.vin
    left join gateway_latest_state ls on ls.vin = s.vin
    where greatest(s.last_report_at, s.last_login_at, s.last_logout_at, s.updated_at) > ${now - l.activeWindowMs}`.execute(
    trx,
  );
  return r.rows.map((o): [string, TerminalObservation] => [
    o.vin,
    {
      lastFrameAt: Number(o.last_frame_at),
      latestUnit:
        o.collected_at === null || o.received_at === null
          ? null
          : { collectedAt: Number(o.collected_at), receivedAt: Number(o.received_at) },
      badFrameTimes: (o.bad ?? []).map(Number),
      lastFixAt: num(o.last_fix),
      lastPositionAt: num(o.last_pos),
      alarms: (o.alarms ?? []).map((a) => ({
        name: a.name,
        startedAt: Number(a.started_at),
        endedAt: num(a.ended_at),
      })),
    },
  ]);
}

async function write(trx: Transaction<Database>, vin: string, found: readonly DetectedFault[], now: number) {
  for (const f of found) {
    await trx
      .insertInto("bss_tbox_fault")
      .values({
        vin,
        kind: f.kind,
        started_at: f.startedAt,
        last_seen_at: now,
        ended_at: f.ongoing ? null : now,
        detail: f.detail,
      })
      .onConflict((c) =>
        c.columns(["vin", "kind", "started_at"]).doUpdateSet({
          last_seen_at: now,
          detail: f.detail,
          ended_at: f.ongoing ? null : sql<number>`coalesce(bss_tbox_fault.ended_at, ${now})`,
        }),
      )
      .execute();
  }
  // What held before and is no longer found has ended.
  const keep = found.filter((f) => f.ongoing).map((f) => sql`(${f.kind}, ${f.startedAt}::bigint)`);
  await sql`update bss_tbox_fault set ended_at = ${now}
    where vin = ${vin} and ended_at is null
      ${keep.length === 0 ? sql`` : sql`and (kind, started_at) not in (${sql.join(keep)})`}`.execute(trx);
}

/**
 * Runs the domain's fault rule over every terminal that reported within 30 days, with the
 * caller's clock, and upserts what it finds (one record per VIN, kind and start). Run on read of
 * T-Box故障记录, at most every 15 s, one at a time (an advisory lock). A terminal silent for more
 * than 30 days is not observed: its silence record, if any, stays as it was.
 */
export async function sweepFaults(db: Kysely<Database>, now: number): Promise<void> {
  await db.transaction().execute((trx) => sweepFaultsIn(trx, now));
}

/** The sweep inside a transaction the caller holds (the seed's). */
export async function sweepFaultsIn(trx: Transaction<Database>, now: number): Promise<void> {
  const last = await takeSweep(trx, SWEEP.faults, 0);
  if (last === null || (now >= last && now - last < FRESH_MS)) return;
  for (const [vin, o] of await observations(trx, now)) await write(trx, vin, detectTerminalFaults(o, now), now);
  await markSwept(trx, SWEEP.faults, now);
}
