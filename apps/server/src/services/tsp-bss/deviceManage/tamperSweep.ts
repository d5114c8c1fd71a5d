import {
  decodeHj1239Message,
  foldTamperEvents,
  type OpenTamper,
  POWER_OFF_ALARM,
  TAMPER_LEVELS,
  type TamperEvent,
} from "@tsp/domain";
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../../../db/schema";
import { markSwept, SWEEP, takeSweep } from "./sweeps";
import "../../../gateway/tables";
import "../../../gateway/stores/tables";

const DAY = 86_400_000;
/** Frames are stamped when cut from the stream and committed in a batch a moment later: re-read this much. */
const OVERLAP_MS = 60_000;
/** How far back the first sweep reads. */
const FIRST_MS = 93 * DAY;

/**
 * An accepted HJ 1239 frame of a command: `##`, the command byte (hex 5–6), then the VIN's first
 * character (a printable 0x30–0x5A where GB/T 32960 has its response flag) — the bytes decide, as
 * in the domain's `frameProtocol`.
 */
const hj1239Command = (cmd: string) =>
  sql<boolean>`f.status = 'ok' and f.raw_hex like ${`2323${cmd}%`} and substr(f.raw_hex, 7, 2) between '30' and '5A'`;

function positionOf(rawHex: string): { longitude: number | null; latitude: number | null } {
  const m = decodeHj1239Message(rawHex);
  if (!m.ok || m.value.body.kind !== "antiTamper") return { longitude: null, latitude: null };
  const p = m.value.body.position;
  if (!p.fixValid || p.longitude.status !== "valid" || p.latitude.status !== "valid")
    return { longitude: null, latitude: null };
  return {
    longitude: p.west ? -p.longitude.value : p.longitude.value,
    latitude: p.south ? -p.latitude.value : p.latitude.value,
  };
}

/** HJ 1239 removal reports since `from` that no stored episode holds yet (a re-read one is at or before its VIN's newest report). */
async function newRemovals(trx: Transaction<Database>, from: number, now: number) {
  const r = await sql<{ vin: string; at: number | string; raw_hex: string }>`
    select f.vin, f.received_at as at, f.raw_hex from gateway_frame f
    where f.received_at > ${from} and f.received_at <= ${now} and ${hj1239Command("06")}
      and f.received_at > coalesce((select max(t.last_report_at) from bss_tamper_alarm t
        where t.vin = f.vin and t.kind = 'removed'), 0)
    order by f.received_at, f.id`.execute(trx);
  return r.rows.map((x) => ({ vin: x.vin, at: Number(x.at), rawHex: x.raw_hex }));
}

/** The first real-time report of each VIN after `after` (its last removal report), if any yet. */
async function firstReports(trx: Transaction<Database>, lastAt: ReadonlyMap<string, number>, now: number) {
  const out: TamperEvent[] = [];
  for (const [vin, after] of lastAt) {
    const r = await sql<{ at: number | string | null }>`
      select min(f.received_at) as at from gateway_frame f
      where f.vin = ${vin} and f.received_at > ${after} and f.received_at <= ${now} and ${hj1239Command("02")}`.execute(
      trx,
    );
    const at = r.rows[0]?.at;
    if (at !== null && at !== undefined) out.push({ vin, at: Number(at), kind: "report" });
  }
  return out;
}

/** HJ 1239 / HJ 1322 removal episodes: the domain's fold over the new reports, written out. */
async function sweepRemovals(trx: Transaction<Database>, from: number, now: number): Promise<void> {
  const removals = await newRemovals(trx, from, now);
  const openRows = await trx
    .selectFrom("bss_tamper_alarm")
    .select(["vin", "started_at", "last_report_at"])
    .where("kind", "=", "removed")
    .where("ended_at", "is", null)
    .execute();
  const open = new Map<string, OpenTamper>(
    openRows.map((o) => [o.vin, { vin: o.vin, startedAt: Number(o.started_at), lastAt: Number(o.last_report_at) }]),
  );
  const lastAt = new Map([...open].map(([vin, o]) => [vin, o.lastAt]));
  for (const r of removals) lastAt.set(r.vin, Math.max(lastAt.get(r.vin) ?? 0, r.at));
  const events: TamperEvent[] = [
    ...removals.map((r) => ({ vin: r.vin, at: r.at, kind: "removed" as const })),
    ...(await firstReports(trx, lastAt, now)),
  ];
  const raw = new Map(removals.map((r) => [`${r.vin}@${r.at}`, r.rawHex]));
  for (const c of foldTamperEvents(open, events)) {
    if (c.type === "open") {
      const pos = positionOf(raw.get(`${c.vin}@${c.at}`) ?? "");
      await trx
        .insertInto("bss_tamper_alarm")
        .values({
          vin: c.vin,
          kind: "removed",
          level: TAMPER_LEVELS.removed,
          started_at: c.at,
          last_report_at: c.at,
          ...pos,
        })
        .execute();
    } else if (c.type === "repeat") {
      await sql`update bss_tamper_alarm set last_report_at = ${c.at}, reports = reports + 1
        where vin = ${c.vin} and kind = 'removed' and ended_at is null`.execute(trx);
    } else {
      await sql`update bss_tamper_alarm set ended_at = ${c.at}
        where vin = ${c.vin} and kind = 'removed' and ended_at is null`.execute(trx);
    }
  }
}

/** JT/T 808 主电源掉电 episodes are the alarm store's: copied once, their end followed. */
async function sweepPowerOff(trx: Transaction<Database>, from: number, now: number): Promise<void> {
  await sql`insert into bss_tamper_alarm (vin, kind, level, started_at, last_report_at, ended_at, source_alarm_id)
    select a.vin, 'powerOff', ${TAMPER_LEVELS.powerOff}, a.started_at, a.started_at, a.ended_at, a.id
    from gateway_alarm a
    where a.received_at > ${from} and a.received_at <= ${now} and a.name = ${POWER_OFF_ALARM}
    on conflict (source_alarm_id) do nothing`.execute(trx);
  await sql`update bss_tamper_alarm t set ended_at = a.ended_at, last_report_at = a.ended_at
    from gateway_alarm a
    where t.kind = 'powerOff' and t.ended_at is null and a.id = t.source_alarm_id and a.vin = t.vin
      and a.started_at = t.started_at and a.ended_at is not null`.execute(trx);
}

/**
 * Brings the tamper episodes up to `now`: run by every read of 防拆报警 and of 个人消息 (the
 * clock is the caller's). Incremental — it reads from the previous sweep's time (less a minute's
 * overlap; re-read reports are recognised by their time) — and one at a time (an advisory lock:
 * a reader finding it taken answers with what is stored).
 */
export async function sweepTamper(db: Kysely<Database>, now: number): Promise<void> {
  await db.transaction().execute((trx) => sweepTamperIn(trx, now));
}

/** The sweep inside a transaction the caller holds (the seed's). */
export async function sweepTamperIn(trx: Transaction<Database>, now: number): Promise<void> {
  const last = await takeSweep(trx, SWEEP.tamper, now - FIRST_MS);
  if (last === null) return;
  const from = Math.min(last, now) - OVERLAP_MS;
  await sweepRemovals(trx, from, now);
  await sweepPowerOff(trx, from, now);
  await markSwept(trx, SWEEP.tamper, now);
}
