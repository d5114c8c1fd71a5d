import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema";

const DAY_MS = 24 * 3600 * 1000;

/** The gateway's tables partitioned by day of `received_at`: the raw journal and the decoded stores. */
export const DAY_PARTITIONED = ["gateway_frame", "gateway_position", "gateway_alarm"] as const;
export type DayPartitioned = (typeof DAY_PARTITIONED)[number];

/** Day partition of a table for an epoch-ms time (UTC day): gateway_position_p20261124. */
export function dayPartitionName(table: DayPartitioned, ms: number): string {
  const d = new Date(Math.floor(ms / DAY_MS) * DAY_MS);
  return `${table}_p${d.toISOString().slice(0, 10).replaceAll("-", "")}`;
}

/**
 * Creates the day partitions of `tables` the times fall in, before the first insert into them
 * ("if not exists": several gateways may race to create the same day). `known` remembers what
 * this process created, so a batch of a known day costs nothing.
 */
export async function ensureDayPartitions(
  db: Kysely<Database>,
  tables: readonly DayPartitioned[],
  times: readonly number[],
  known: Set<string>,
): Promise<void> {
  // The batch's distinct days first: its 1,000 frames mostly share one (a name formatted per frame
  // and table was ~1.4 % of the gateway's CPU in the ingest benchmark's profile).
  const days = [...new Set(times.map((ms) => Math.floor(ms / DAY_MS)))];
  for (const table of tables) {
    for (const day of days) {
      const from = day * DAY_MS;
      const name = dayPartitionName(table, from);
      if (known.has(name)) continue;
      await sql`create table if not exists ${sql.id(name)} partition of ${sql.id(table)}
        for values from (${sql.lit(from)}) to (${sql.lit(from + DAY_MS)})`.execute(db);
      known.add(name);
    }
  }
}

/**
 * GATEWAY_RETENTION_DAYS: how many days of received frames (and what was decoded from them)
 * are kept; unset or empty: 180. Retention is by whole days, dropping partitions.
 */
export function retentionDays(env: NodeJS.ProcessEnv): number {
  const text = env.GATEWAY_RETENTION_DAYS;
  if (text === undefined || text === "") return 180;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 36_500)
    throw new Error(`GATEWAY_RETENTION_DAYS must be 1..36500, got ${text}`);
  return n;
}

/**
 * Drops the day partitions of the gateway's tables that end before `now − days` (a dropped
 * day is gone at once, without the row-by-row delete and vacuum a `delete` would cost).
 * Answers the partitions dropped.
 */
export async function dropExpiredPartitions(db: Kysely<Database>, nowMs: number, days: number): Promise<string[]> {
  const cutoff = Math.floor(nowMs / DAY_MS) * DAY_MS - days * DAY_MS;
  const children = await sql<{ parent: string; child: string }>`
    select p.relname as parent, c.relname as child
    from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    join pg_class p on p.oid = i.inhparent
    where p.relname in (${sql.join(DAY_PARTITIONED.map((t) => sql.lit(t)))})`.execute(db);
  const dropped: string[] = [];
  for (const { parent, child } of children.rows) {
    const day = /_p(\d{4})(\d{2})(\d{2})$/.exec(child);
    if (!day || child !== `${parent}${day[0]}`) continue;
    const start = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
    if (start + DAY_MS > cutoff) continue;
    await sql`drop table if exists ${sql.id(child)}`.execute(db);
    dropped.push(child);
  }
  return dropped.toSorted();
}
