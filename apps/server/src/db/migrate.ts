import type { Kysely } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import * as m0001 from "./migrations/0001_app_meta";

/** Migrations in order; listed statically so bundlers and tsx need no folder scan. */
const migrations: Record<string, Migration> = {
  "0001_app_meta": m0001,
};

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
