import { encodeRealtimeMessage } from "@tsp/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../../apps/server/src/db/schema";
import { DAY_PARTITIONED, ensureDayPartitions } from "../../../apps/server/src/gateway/stores/partitions";
import {
  benchVin,
  COLD_STEP_MS,
  coldRowsPerVin,
  HOT_STEP_MS,
  insertVehicles,
  type JournalDataSpec,
  T0,
} from "./journalData";

/** The gateway journal data set's VIN series (apart from the login journal's 0 and the ingest's 7). */
export const FRAME_SERIES = 5;

/** A real-time frame of the VIN (its place, speed and SOC vary with `i`). */
function frameOf(vin: string, i: number): string {
  const r = encodeRealtimeMessage(vin, {
    collectedAt: T0,
    longitude: 116.3 + (i % 100) * 0.01,
    latitude: 39.9 + Math.floor(i / 100) * 0.01,
    speedKmh: 30 + (i % 90),
    mileageKm: 1000 + i,
    soc: 20 + (i % 80),
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/**
 * The gateway's frame journal (`gateway_frame`, day partitions) filled for the journal paging
 * benchmark, as `journalData.ts` fills the login journal: `generate_series` in SQL, the same
 * layout (a hot VIN with `hotRows` frames two seconds apart from T0, the others 48 minutes
 * apart), every row a real GB/T 32960-2016 real-time frame (0x02: 整车数据 + 车辆位置) encoded
 * by @tsp/domain for its VIN, status `ok`. Frame ids are given in receipt order across all
 * VINs, as a running gateway gives them (the journals page by id). The day partitions are made by the gateway's own
 * `ensureDayPartitions`; the primary key and the VIN index are dropped on the partitioned
 * table for the load and built again after it from their saved definitions.
 */
export async function fillFrameJournal(
  db: Kysely<Database>,
  spec: JournalDataSpec,
  log: (line: string) => void = () => {},
): Promise<{ seconds: number }> {
  const started = performance.now();
  const per = coldRowsPerVin(spec);
  const vehicles = await insertVehicles(db, spec.vins, FRAME_SERIES);
  const lastCold = T0 + (per - 1) * COLD_STEP_MS + spec.vins * 1000;
  const lastHot = T0 + (spec.hotRows - 1) * HOT_STEP_MS;
  const days: number[] = [];
  for (let t = T0; t <= Math.max(lastCold, lastHot) + 86_400_000; t += 86_400_000) days.push(t);
  await ensureDayPartitions(db, DAY_PARTITIONED, days, new Set());
  const { rows: keys } = await sql<{ name: string; def: string }>`
    select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
    where conrelid = 'gateway_frame'::regclass and contype = 'p'`.execute(db);
  const { rows: indexes } = await sql<{ name: string; def: string }>`
    select indexname as name, indexdef as def from pg_indexes
    where tablename = 'gateway_frame' and indexname not in (
      select conname from pg_constraint where conrelid = 'gateway_frame'::regclass)`.execute(db);
  for (const k of keys) await sql`alter table gateway_frame drop constraint ${sql.id(k.name)}`.execute(db);
  for (const i of indexes) await sql`drop index ${sql.id(i.name)}`.execute(db);
  const hot = vehicles[0];
  if (!hot) throw new Error("the hot vehicle was not inserted");
  const hotFrame = frameOf(hot.vin, 0);
  // Rows are made per VIN into a staging table, then moved into the journal in receipt order,
  // so frame ids interleave across vehicles by time as a running gateway assigns them.
  const columns = sql`received_at, vin, command, edition, raw_hex, status, reason, peer`;
  await sql`drop table if exists bench_frame_stage`.execute(db);
  await sql`create unlogged table bench_frame_stage (received_at bigint, vin varchar(17), command smallint,
    edition smallint, raw_hex text, status varchar(24), reason text, peer varchar(64))`.execute(db);
  const insert = sql`insert into bench_frame_stage (${columns})`;
  for (let start = 0; start < spec.hotRows; start += 500_000) {
    const end = Math.min(spec.hotRows, start + 500_000) - 1;
    await sql`${insert}
      select ${T0}::bigint + g * ${HOT_STEP_MS}, ${hot.vin}, 2, 2016, ${hotFrame}, 'ok', null, '127.0.0.1:40000'
      from generate_series(${start}::bigint, ${end}::bigint) g order by g`.execute(db);
  }
  log(`hot VIN ${hot.vin}: ${spec.hotRows} frames`);
  const batchVins = Math.max(1, Math.floor(500_000 / per));
  for (let start = 1; start < spec.vins; start += batchVins) {
    const batch = vehicles.slice(start, start + batchVins).map((v, k) => ({
      vin: v.vin,
      k: start + k,
      content: frameOf(v.vin, start + k),
    }));
    await sql`${insert}
      select ${T0}::bigint + g * ${COLD_STEP_MS} + f.k * 1000, f.vin, 2, 2016, f.content, 'ok', null, '127.0.0.1:40000'
      from json_to_recordset(${JSON.stringify(batch)}::json) as f(vin text, k bigint, content text),
           generate_series(0::bigint, ${per - 1}::bigint) g
      order by f.vin, g`.execute(db);
    if ((start - 1) % (batchVins * 4) === 0) log(`${start + batch.length - 1}/${spec.vins - 1} other VINs`);
  }
  await sql`insert into gateway_frame (${columns}) select ${columns} from bench_frame_stage order by received_at, vin`.execute(
    db,
  );
  await sql`drop table bench_frame_stage`.execute(db);
  log("moved into gateway_frame in receipt order");
  for (const k of keys) {
    await sql`alter table gateway_frame add constraint ${sql.id(k.name)} ${sql.raw(k.def)}`.execute(db);
  }
  // pg_indexes writes a partitioned index "ON ONLY" the parent: built that way it would cover no partition.
  for (const i of indexes) await sql.raw(i.def.replace(" ON ONLY ", " ON ")).execute(db);
  log(`keys and indexes rebuilt (${[...keys.map((k) => k.def), ...indexes.map((i) => i.def)].join("; ")})`);
  await sql`analyze gateway_frame`.execute(db);
  await sql`analyze vehicle`.execute(db);
  await db
    .insertInto("app_meta")
    .values({ key: "bench_gateway_frames_2", value: JSON.stringify(spec) })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(spec) }))
    .execute();
  return { seconds: (performance.now() - started) / 1000 };
}

/** The frame journal data set is there already (same spec). */
export async function frameJournalPresent(db: Kysely<Database>, spec: JournalDataSpec): Promise<boolean> {
  const row = await db
    .selectFrom("app_meta")
    .select("value")
    .where("key", "=", "bench_gateway_frames_2")
    .executeTakeFirst();
  return row?.value === JSON.stringify(spec);
}

/** The hot vehicle of the frame journal data set. */
export const hotFrameVin = () => benchVin(0, FRAME_SERIES);
