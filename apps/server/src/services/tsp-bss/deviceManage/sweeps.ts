import { sql, type Transaction } from "kysely";
import type { Database } from "../../../db/schema";
import "./healthTables";

/** The sweeps' rows in bss_device_sweep and their advisory-lock keys. */
export const SWEEP = { tamper: 1, faults: 2 } as const;
const LOCK_BASE = 19_0750;

/**
 * Takes the sweep's turn inside `trx`: false when another transaction holds it (that one is
 * doing the work; this reader answers with what is stored). Returns the previous sweep's time.
 */
export async function takeSweep(
  trx: Transaction<Database>,
  which: (typeof SWEEP)[keyof typeof SWEEP],
  firstFrom: number,
): Promise<number | null> {
  const got = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${LOCK_BASE + which}) as ok`.execute(trx);
  if (got.rows[0]?.ok !== true) return null;
  const row = await trx.selectFrom("bss_device_sweep").select("swept_at").where("id", "=", which).executeTakeFirst();
  return row === undefined ? firstFrom : Number(row.swept_at);
}

export async function markSwept(trx: Transaction<Database>, which: number, at: number): Promise<void> {
  await trx
    .insertInto("bss_device_sweep")
    .values({ id: which, swept_at: at })
    .onConflict((c) => c.column("id").doUpdateSet({ swept_at: at }))
    .execute();
}
