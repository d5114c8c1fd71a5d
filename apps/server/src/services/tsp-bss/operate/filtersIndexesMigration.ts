import { type Kysely, sql } from "kysely";

/**
 * 高级筛选 over a large fleet (issue 18): a partial index for its "alarm level" condition — the
 * newest unit's level 1–3 (≈ 11 % of the bench fleet) was found by reading every latest-state
 * row; level 0 (no alarm) is most rows, read whole either way, so it stays out of the index.
 * And 0007's `gateway_latest_state_soc_idx` goes: tsp-bss:0075 added the same index on `soc`
 * again (`gateway_latest_state_soc`), and every ingested unit paid for both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists gateway_latest_state_alarm on gateway_latest_state (alarm_level) where alarm_level > 0`.execute(
    db,
  );
  await sql`drop index if exists gateway_latest_state_soc_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists gateway_latest_state_soc_idx on gateway_latest_state (soc)`.execute(db);
  await sql`drop index if exists gateway_latest_state_alarm`.execute(db);
}
