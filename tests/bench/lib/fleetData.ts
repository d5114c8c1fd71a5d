import { type Kysely, sql } from "kysely";
import type { Database } from "../../../apps/server/src/db/schema";
import { benchDatabase, type DatabaseLocation } from "./databases";
import type { BenchEnv, Engine } from "./types";

/**
 * 高级筛选's data set (issue 18): N vehicles of the demo tenant with their connection state
 * (`gateway_vehicle_state`) and newest GB/T 32960 unit (`gateway_latest_state`) — the three
 * tables `listFleetScreen` joins beside the brand tree — written with `generate_series` in SQL
 * (the gateway would need a frame per vehicle; the seed's row-by-row inserts take hours at 1M).
 *
 * Layout, deterministic from the row number g (no randomness), times relative to `at`:
 * - VIN `LFLT` + g in 13 digits (the filter reads VINs as text; no check digit needed);
 *   the model is the seed's brand-tree models in turn (g mod the number of models).
 * - g mod 20 = 0: never reported (no state rows, 5 %): offline since ever for the filter.
 * - g mod 10 ∈ {1, 2, 3}: online (≈ 30 %), reported within the last minute, speed (g·13) mod 121 km/h.
 * - the rest: offline, last report spread evenly over the last 7 days (≈ 6/7 of them > 24 h).
 * - SOC (g·37) mod 1000 / 10 %: evenly over 0–99.9 (a fifth below 20 %).
 * - newest unit's alarm level: 3 when g mod 97 = 0, 2 when g mod 31 = 0, 1 when g mod 13 = 0, else 0.
 * - a position inside China (for completeness: the filter does not read it).
 */
export interface FleetDataSpec {
  vehicles: number;
}

const MARKER = "bench_fleet";

/** The data set already there (same spec): answers its fill time, else null. */
export async function fleetDataAt(db: Kysely<Database>, spec: FleetDataSpec): Promise<number | null> {
  const row = await db.selectFrom("app_meta").select("value").where("key", "=", MARKER).executeTakeFirst();
  if (!row) return null;
  const stored = JSON.parse(row.value) as FleetDataSpec & { at: number };
  return stored.vehicles === spec.vehicles ? stored.at : null;
}

/** Fills the three tables per the module comment at time `at`; answers how long it took. */
export async function fillFleet(
  db: Kysely<Database>,
  spec: FleetDataSpec,
  at: number,
  log: (line: string) => void = () => {},
): Promise<{ seconds: number }> {
  const started = performance.now();
  const tenant = await db.selectFrom("tenant").select("id").where("code", "=", "T0001").executeTakeFirstOrThrow();
  const models = (await db.selectFrom("bss_model").select("id").orderBy("id").execute()).map((m) => m.id);
  if (models.length === 0) throw new Error("the seed has no brand-tree models");
  const modelsArray = `{${models.join(",")}}`;
  const BATCH = 250_000;
  for (let start = 1; start <= spec.vehicles; start += BATCH) {
    const end = Math.min(spec.vehicles, start + BATCH - 1);
    await sql`insert into vehicle (vin, tenant_id, model_id, plate)
      select 'LFLT' || lpad(g::text, 13, '0'), ${tenant.id},
        (${modelsArray}::int[])[1 + g % ${models.length}],
        '京B' || lpad((g % 100000)::text, 5, '0')
      from generate_series(${start}::bigint, ${end}::bigint) g`.execute(db);
    await sql`insert into gateway_vehicle_state
        (vin, online, last_report_at, last_login_at, longitude, latitude, speed_kmh, soc, mileage_km, updated_at)
      select 'LFLT' || lpad(g::text, 13, '0'),
        g % 10 between 1 and 3,
        case when g % 10 between 1 and 3 then ${at}::bigint - (g % 60) * 1000
             else ${at}::bigint - ((g * 7919) % 604800) * 1000 end,
        ${at}::bigint - 86400000,
        100 + (g % 2000) / 100.0, 25 + (g % 1500) / 100.0,
        case when g % 10 between 1 and 3 then (g * 13) % 121 else 0 end,
        ((g * 37) % 1000) / 10.0, (g % 50000) * 1.5, ${at}::bigint
      from generate_series(${start}::bigint, ${end}::bigint) g where g % 20 <> 0`.execute(db);
    await sql`insert into gateway_latest_state
        (vin, collected_at, received_at, frame_id, soc, alarm_level, charge_state, longitude, latitude, snapshot)
      select 'LFLT' || lpad(g::text, 13, '0'),
        case when g % 10 between 1 and 3 then ${at}::bigint - (g % 60) * 1000
             else ${at}::bigint - ((g * 7919) % 604800) * 1000 end,
        ${at}::bigint, 0,
        ((g * 37) % 1000) / 10.0,
        case when g % 97 = 0 then 3 when g % 31 = 0 then 2 when g % 13 = 0 then 1 else 0 end,
        case when g % 10 between 1 and 3 then 3 else 2 end,
        100 + (g % 2000) / 100.0, 25 + (g % 1500) / 100.0, '{}'
      from generate_series(${start}::bigint, ${end}::bigint) g where g % 20 <> 0`.execute(db);
    log(`${end}/${spec.vehicles} vehicles`);
  }
  await sql`analyze vehicle`.execute(db);
  await sql`analyze gateway_vehicle_state`.execute(db);
  await sql`analyze gateway_latest_state`.execute(db);
  const value = JSON.stringify({ ...spec, at });
  await db
    .insertInto("app_meta")
    .values({ key: MARKER, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
  return { seconds: (performance.now() - started) / 1000 };
}

/**
 * Where issue 18's cases (map, track, filter) put their data: at full scale a database of
 * their own (`fleet-full`: the demo seed, then each case's rows, kept between runs); at smoke
 * scale the run's journal database, already seeded for the journal cases, so `npm test`'s
 * bench smoke pays no extra seeding.
 */
export function fleetDatabase(
  env: BenchEnv,
  engine: Engine,
  journal: () => Promise<DatabaseLocation>,
): Promise<DatabaseLocation> {
  return env.scale.name === "smoke" ? journal() : benchDatabase(env, engine, "fleet-full", false);
}

/** Removes a data set of another size (or an interrupted fill) before filling again. */
export async function dropFleet(db: Kysely<Database>): Promise<void> {
  await sql`delete from gateway_latest_state where vin like 'LFLT%'`.execute(db);
  await sql`delete from gateway_vehicle_state where vin like 'LFLT%'`.execute(db);
  await sql`delete from vehicle where vin like 'LFLT%'`.execute(db);
  await db.deleteFrom("app_meta").where("key", "=", MARKER).execute();
}
