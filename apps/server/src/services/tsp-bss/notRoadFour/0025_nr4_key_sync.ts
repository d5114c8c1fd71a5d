import { type Kysely, sql } from "kysely";

/**
 * 密钥同步 (GB/T 32960-2025 0x0B, designed in @tsp/domain notRoadFour/keySync.ts): the terminal's
 * key version next to its public key, and the history's two new steps (the terminal's 0x0B and
 * the platform's answer).
 *
 * Numbered 0025 (this round's number), it sorts before 0071, which made these tables: on a new
 * database it runs first and finds nothing to change — 0071 then creates the tables with the
 * column and the wider check already — and on a database that ran 0071 it alters them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const exists = await sql<{ t: string | null }>`select to_regclass('nr4_activation')::text as t`.execute(db);
  if (!exists.rows[0]?.t) return;
  await sql`alter table nr4_activation add column if not exists key_version integer`.execute(db);
  await sql`alter table nr4_activation_event drop constraint if exists nr4_activation_event_event_check`.execute(db);
  await sql`alter table nr4_activation_event add constraint nr4_activation_event_event_check
    check (event in ('requested', 'reported', 'answered', 'keySync', 'keySyncAnswered'))`.execute(db);
}

export async function down(): Promise<void> {
  // 0071's down drops the tables with the column and the check.
}
