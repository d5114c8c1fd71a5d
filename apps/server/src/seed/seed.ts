import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export const SEED_VERSION = "1";

/** Seeds the demo data once per database; a second start finds the marker and does nothing. */
export async function seedIfEmpty(db: Kysely<Database>, now: Date): Promise<boolean> {
  const seeded = await db.selectFrom("app_meta").select("value").where("key", "=", "seed_version").executeTakeFirst();
  if (seeded) return false;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("app_meta").values({ key: "seed_version", value: SEED_VERSION }).execute();
    await trx.insertInto("app_meta").values({ key: "seeded_at", value: now.toISOString() }).execute();
  });
  return true;
}
