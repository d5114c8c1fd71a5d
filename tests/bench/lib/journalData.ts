import { encodeVehicleLoginMessage, withVinCheckDigit } from "@tsp/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../../apps/server/src/db/schema";

/**
 * The journal data set of the benchmarks, written straight into the server's own tables
 * (created by its migrations) with `generate_series`: the seed generator's per-row JavaScript
 * inserts would take hours for 10M rows. Every row holds a real GB/T 32960 login frame
 * encoded by @tsp/domain for its VIN (one frame per VIN, repeated: the frame's own time field
 * is the first report's), so row width matches the seed's (~110 hex characters).
 *
 * The primary key is dropped for the load and rebuilt after it with its migration's definition.
 *
 * Layout (deterministic, no randomness):
 * - VIN 0, the "hot" vehicle: `hotRows` frames two seconds apart from T0 (1,000,900 rows span
 *   23.2 days, inside one 31-day query window). The deep-page, walk, export and load cases use it.
 * - VINs 1..vins-1: `(rows - hotRows) / (vins - 1)` frames each, 48 minutes apart (900 rows
 *   span 30 days), offset by one second per VIN.
 * All vehicles belong to the demo tenant (T0001), so the seeded admin sees every journal.
 */
export interface JournalDataSpec {
  vins: number;
  rows: number;
  hotRows: number;
}

/** The size: 10M rows over 10k VINs, one of them deep enough for page 10,000 and a 1M-row walk. */
export const FULL_JOURNAL: JournalDataSpec = { vins: 10_000, rows: 10_000_000, hotRows: 1_000_900 };

/** 2025-03-01T00:00:00Z: the first report time of every VIN. */
export const T0 = Date.UTC(2025, 2, 1);
/** Interval of the hot VIN's frames. */
export const HOT_STEP_MS = 2_000;
/** Interval of the other VINs' frames. */
export const COLD_STEP_MS = 48 * 60_000;
/** A 31-day query window from T0 (the longest the server accepts): holds every row. */
export const WINDOW = { startTime: T0, endTime: T0 + 31 * 86_400_000 };

/** Rows of each VIN but the hot one. */
export function coldRowsPerVin(spec: JournalDataSpec): number {
  const per = (spec.rows - spec.hotRows) / (spec.vins - 1);
  if (!Number.isInteger(per) || per < 1) throw new Error(`rows - hotRows must split evenly over ${spec.vins - 1} VINs`);
  return per;
}

/** A valid VIN (ISO 3779 check digit) for a benchmark vehicle; `series` keeps sets apart. */
export function benchVin(index: number, series = 0): string {
  const draft = `LBENCH${series}A0S${String.fromCharCode(65 + Math.floor(index / 1_000_000))}${String(index % 1_000_000).padStart(6, "0")}`;
  const vin = withVinCheckDigit(draft);
  if (!vin) throw new Error(`cannot make a VIN from ${draft}`);
  return vin;
}

/** A 20-digit ICCID (8986 range) with a Luhn check digit. */
function benchIccid(index: number): string {
  const body = `8986030${String(index).padStart(12, "0")}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

/** The report time of the hot VIN's i-th frame (0 = oldest). */
export const hotTs = (i: number) => T0 + i * HOT_STEP_MS;

/** Adds `count` vehicles of the demo tenant with VINs `benchVin(0..count-1, series)`. */
export async function insertVehicles(
  db: Kysely<Database>,
  count: number,
  series = 0,
): Promise<{ vin: string; iccid: string }[]> {
  const tenant = await db.selectFrom("tenant").select("id").where("code", "=", "T0001").executeTakeFirstOrThrow();
  const vehicles: { vin: string; iccid: string }[] = [];
  for (let start = 0; start < count; start += 5_000) {
    const batch = Array.from({ length: Math.min(5_000, count - start) }, (_, k) => {
      const i = start + k;
      return { vin: benchVin(i, series), iccid: benchIccid(series * 1_000_000 + i) };
    });
    await sql`insert into vehicle (vin, tenant_id, iccid)
      select v.vin, ${tenant.id}, v.iccid from json_to_recordset(${JSON.stringify(batch)}::json) as v(vin text, iccid text)`.execute(
      db,
    );
    vehicles.push(...batch);
  }
  return vehicles;
}

/** The journal data set is there already (same spec): a marker row in app_meta. */
export async function journalDataPresent(db: Kysely<Database>, spec: JournalDataSpec): Promise<boolean> {
  const row = await db.selectFrom("app_meta").select("value").where("key", "=", "bench_journal").executeTakeFirst();
  return row?.value === JSON.stringify(spec);
}

/** A real GB/T 32960 (2016) login frame of the VIN, as the seed writes them. */
function frameOf(vin: string, iccid: string): string {
  const frame = encodeVehicleLoginMessage(vin, {
    edition: 2016,
    collectedAt: T0,
    serial: 1,
    iccid,
    codeLength: 0,
    subsystemCodes: [],
  });
  if (!frame.ok) throw new Error(`cannot encode a login frame for ${vin}`);
  return frame.value;
}

/**
 * Fills vehicle and vehicle_login_log per `spec` (see the module comment); answers the VINs
 * and how long it took. Inserts go in (vin, ts) order, so the primary key grows at its end.
 */
export async function fillJournal(
  db: Kysely<Database>,
  spec: JournalDataSpec,
  log: (line: string) => void = () => {},
): Promise<{ seconds: number }> {
  const started = performance.now();
  const per = coldRowsPerVin(spec);
  const vehicles = await insertVehicles(db, spec.vins);
  // Bulk-load practice: drop the primary key (as the migration defined it), load, then build it
  // once by sorting — the same index, minutes faster than maintaining it row by row.
  const { rows: keys } = await sql<{ name: string; def: string }>`
    select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
    where conrelid = 'vehicle_login_log'::regclass and contype = 'p'`.execute(db);
  for (const k of keys) await sql`alter table vehicle_login_log drop constraint ${sql.id(k.name)}`.execute(db);
  const hot = vehicles[0];
  if (!hot) throw new Error("the hot vehicle was not inserted");
  const hotFrame = frameOf(hot.vin, hot.iccid);
  for (let start = 0; start < spec.hotRows; start += 500_000) {
    const end = Math.min(spec.hotRows, start + 500_000) - 1;
    await sql`insert into vehicle_login_log (vin, ts, content)
      select ${hot.vin}, ${T0}::bigint + g * ${HOT_STEP_MS}, ${hotFrame} from generate_series(${start}::bigint, ${end}::bigint) g`.execute(
      db,
    );
  }
  log(`hot VIN ${hot.vin}: ${spec.hotRows} rows`);
  const batchVins = Math.max(1, Math.floor(500_000 / per));
  for (let start = 1; start < spec.vins; start += batchVins) {
    const batch = vehicles.slice(start, start + batchVins).map((v, k) => ({
      vin: v.vin,
      k: start + k,
      content: frameOf(v.vin, v.iccid),
    }));
    await sql`insert into vehicle_login_log (vin, ts, content)
      select f.vin, ${T0}::bigint + g * ${COLD_STEP_MS} + f.k * 1000, f.content
      from json_to_recordset(${JSON.stringify(batch)}::json) as f(vin text, k bigint, content text),
           generate_series(0::bigint, ${per - 1}::bigint) g
      order by f.vin, g`.execute(db);
    if ((start - 1) % (batchVins * 4) === 0) log(`${start + batch.length - 1}/${spec.vins - 1} other VINs`);
  }
  for (const k of keys) {
    await sql`alter table vehicle_login_log add constraint ${sql.id(k.name)} ${sql.raw(k.def)}`.execute(db);
  }
  log(`primary key rebuilt (${keys.map((k) => k.def).join(", ")})`);
  await sql`analyze vehicle_login_log`.execute(db);
  await sql`analyze vehicle`.execute(db);
  await db
    .insertInto("app_meta")
    .values({ key: "bench_journal", value: JSON.stringify(spec) })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(spec) }))
    .execute();
  return { seconds: (performance.now() - started) / 1000 };
}
