import type { Kysely } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import * as m0010 from "../forwarder/migrations/0010_forwarder";
import * as m0003 from "../gateway/migrations/0003_gateway";
import * as m0004 from "../gateway/migrations/0004_jt808_terminal";
import * as m0005 from "../gateway/migrations/0005_decoded_stores";
import * as m0006 from "../gateway/migrations/0006_commands";
import * as m0007 from "../gateway/migrations/0007_latest_state";
import * as m0008 from "../gateway/migrations/0008_wakeup_registration";
import * as m0013 from "../gateway/migrations/0013_multimedia";
import * as m0015 from "../gateway/migrations/0015_registration_lookup";
import * as m0018 from "../gateway/migrations/0018_geofence";
import * as m0024 from "../gateway/migrations/0024_frame_journal_keyset";
import * as m0027 from "../gateway/migrations/0027_active_safety";
import * as m0028 from "../platform/imports/migrations/0028_import_task";
import type { ServiceModule } from "../services/types";
import * as m0001 from "./migrations/0001_app_meta";
import * as m0002 from "./migrations/0002_platform";

/** Platform migrations; their names start with digits so they sort before every module's. */
const platformMigrations: Record<string, Migration> = {
  "0001_app_meta": m0001,
  "0002_platform": m0002,
  // The GB/T 32960 gateway (src/gateway/) is no service module: its tables are the platform's.
  "0003_gateway": m0003,
  "0004_jt808_terminal": m0004,
  // The gateway's decoded stores: positions and alarm episodes (gateway/stores/).
  "0005_decoded_stores": m0005,
  // Remote commands to terminals and their transitions (gateway/commands/).
  "0006_commands": m0006,
  // The newest new-energy unit per VIN (gateway/stores/latestState.ts).
  "0007_latest_state": m0007,
  // Multimedia the JT/T 808 terminals uploaded (gateway/multimedia/).
  "0013_multimedia": m0013,
  // 电子围栏: fences, bindings, the watcher's state and events, written on ingest (gateway/geofence/).
  "0018_geofence": m0018,
  // The forwarder's cursors and log (forwarder/).
  "0010_forwarder": m0010,
  // Wake-up SMS and the terminals' register/authenticate/login history (gateway/commands/).
  "0008_wakeup_registration": m0008,
  // TBOX注册状态查询's lookups by terminal id and phone (gateway/registrations.ts).
  "0015_registration_lookup": m0015,
  // The journals' keyset (vin, id) on gateway_frame and the dispatcher's queued-command lookup.
  "0024_frame_journal_keyset": m0024,
  // 苏标 active-safety alarms and their attachment files (gateway/attachments/).
  "0027_active_safety": m0027,
  // Import tasks: uploaded files checked and saved by a worker (platform/imports/).
  "0028_import_task": m0028,
};

/** Plain code-unit order (not locale order), so the sequence is the same on every machine. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Every migration: the platform's, then each module's (names prefixed by the module). */
export function allMigrations(modules: readonly ServiceModule[]): Record<string, Migration> {
  const all: Record<string, Migration> = { ...platformMigrations };
  for (const m of modules) {
    for (const [name, migration] of Object.entries(m.migrations)) {
      if (!name.startsWith(`${m.name}:`))
        throw new Error(`migration ${name} of ${m.name} must start with "${m.name}:"`);
      if (name in all) throw new Error(`migration ${name} is defined twice`);
      all[name] = migration;
    }
  }
  return all;
}

/**
 * Runs what has not run yet. Unordered migrations are allowed: a module added later may
 * sort before migrations an existing database already ran.
 */
export async function migrateToLatest(db: Kysely<unknown>, modules: readonly ServiceModule[] = []): Promise<void> {
  const migrations = allMigrations(modules);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
    nameComparator: byCodeUnits,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
