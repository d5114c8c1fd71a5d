import { withVinCheckDigit } from "@tsp/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../../apps/server/src/db/schema";
import { ensureDayPartitions } from "../../../apps/server/src/gateway/stores/partitions";

const DAY_MS = 86_400_000;
const MARKER = "bench_track";

/** The track benchmark's vehicle (a valid VIN outside the journal set's LBENCH range). */
export const TRACK_VIN = withVinCheckDigit("LTRACKB0X00000001") ?? "";

/** The day of the track: the previous UTC day (recent, so the gateway's retention keeps it). */
export const trackDay = (now: number) => Math.floor(now / DAY_MS) * DAY_MS - DAY_MS;

/** One report: WGS-84 degrees, km/h and the odometer, as `gateway_position` holds them. */
export interface TrackRow {
  at: number;
  lng: number;
  lat: number;
  speed: number;
  km: number;
}

/**
 * A day of one-second reports (deterministic, no randomness): each hour 50 minutes of driving
 * (speed swinging 30–100 km/h every 15 minutes, so stretches over 80 km/h recur, ramping up
 * from a standstill) and a 10-minute stop; the heading turns once every 5 hours with a small
 * weave, so the route loops around Beijing instead of running off the map.
 */
export function trackRows(t0: number, points: number): TrackRow[] {
  const rows: TrackRow[] = [];
  let lat = 39.9;
  let lng = 116.4;
  let km = 12_000;
  for (let i = 0; i < points; i++) {
    const second = i % 3600;
    const driving = second < 3000;
    const cruise = 65 + 35 * Math.sin((2 * Math.PI * i) / 900);
    const speed = driving ? Math.min(cruise, second * 3) : 0;
    const heading = (2 * Math.PI * i) / 18_000 + 0.3 * Math.sin(i / 120);
    const metres = speed / 3.6;
    lat += (metres * Math.cos(heading)) / 111_320;
    lng += (metres * Math.sin(heading)) / (111_320 * Math.cos((lat * Math.PI) / 180));
    km += speed / 3600;
    rows.push({
      at: t0 + i * 1000,
      lng: Math.round(lng * 1e6) / 1e6,
      lat: Math.round(lat * 1e6) / 1e6,
      speed: Math.round(speed * 10) / 10,
      km: Math.round(km * 10) / 10,
    });
  }
  return rows;
}

/**
 * The vehicle (demo tenant) and its day in the gateway's positions store, unless the same day
 * and size is there already; a previous day's rows of the VIN are removed first.
 */
export async function ensureTrack(db: Kysely<Database>, t0: number, points: number): Promise<{ filled: boolean }> {
  const want = JSON.stringify({ t0, points });
  const row = await db.selectFrom("app_meta").select("value").where("key", "=", MARKER).executeTakeFirst();
  if (row?.value === want) return { filled: false };
  const tenant = await db.selectFrom("tenant").select("id").where("code", "=", "T0001").executeTakeFirstOrThrow();
  await db
    .insertInto("vehicle")
    .values({ vin: TRACK_VIN, tenant_id: tenant.id, plate: "京B·TRACK" })
    .onConflict((oc) => oc.column("vin").doNothing())
    .execute();
  await sql`delete from gateway_position where vin = ${TRACK_VIN}`.execute(db);
  const rows = trackRows(t0, points);
  await ensureDayPartitions(db, ["gateway_position"], [t0, t0 + points * 1000], new Set());
  for (let start = 0; start < rows.length; start += 10_000) {
    const batch = rows.slice(start, start + 10_000);
    await sql`insert into gateway_position
        (frame_id, seq, received_at, vin, protocol, collected_at, resent, fix_valid, longitude, latitude, speed_kmh, mileage_km)
      select 900000000 + r.i, 0, r.at + 1000, ${TRACK_VIN}, 'gbt32960', r.at, false, true, r.lng, r.lat, r.speed, r.km
      from json_to_recordset(${JSON.stringify(batch.map((b, k) => ({ ...b, i: start + k })))}::json)
        as r(i bigint, at bigint, lng double precision, lat double precision, speed double precision, km double precision)`.execute(
      db,
    );
  }
  await sql`analyze gateway_position`.execute(db);
  await db
    .insertInto("app_meta")
    .values({ key: MARKER, value: want })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: want }))
    .execute();
  return { filled: true };
}
