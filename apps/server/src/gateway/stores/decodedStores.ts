import {
  type AlarmReport,
  alarmChanges,
  FENCE_ALARM_PREFIX,
  type RealtimeData,
  realtimeJournalEntry,
  type TboxJournalEntry,
  tboxJournalEntries,
} from "@tsp/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema";
import { writeFenceEvents } from "../geofence/ingest";
import type { FrameStatus } from "../tables";
import "./tables";

/**
 * An accepted GB/T 32960 real-time (0x02) or re-sent (0x03) unit as the gateway decoded it at the
 * connection: the stores read it instead of decoding the raw frame again (each frame was decoded
 * three times on the ingest path before — once to answer it, once per store).
 */
export interface DecodedRealtime {
  readonly data: RealtimeData;
  readonly resent: boolean;
}

/** A stored frame as the decoded stores need it (its id is the one gateway_frame gave it). */
export interface StoredFrame {
  readonly id: number;
  readonly receivedAt: number;
  readonly vin: string | null;
  readonly rawHex: string;
  readonly status: FrameStatus;
  /** Present when the gateway decoded the unit already; seeds and other frames leave it out. */
  readonly realtime?: DecodedRealtime;
}

/**
 * Writes what a batch of stored frames reported into the decoded stores, inside the batch's
 * transaction: every position (the track) and the alarm episodes — a start at the first report
 * carrying an alarm, an end at the first report of the vehicle without it (@tsp/domain
 * `alarmChanges`, continuing the episodes the vehicles had open). Only accepted frames count.
 * The partitions of the batch's days must exist (`ensureDayPartitions`).
 */
export async function writeDecodedStores(trx: Kysely<Database>, frames: readonly StoredFrame[]): Promise<void> {
  const reports: { frame: StoredFrame; vin: string; entries: TboxJournalEntry[] }[] = [];
  for (const f of frames) {
    if (f.status !== "ok" || f.vin === null) continue;
    const entries = f.realtime
      ? [realtimeJournalEntry(f.realtime.data, f.realtime.resent)]
      : tboxJournalEntries(f.rawHex);
    if (entries.length > 0) reports.push({ frame: f, vin: f.vin, entries });
  }
  if (reports.length === 0) return;
  const positions = reports.flatMap(({ frame, vin, entries }) =>
    entries
      .filter((e) => e.hasPosition)
      .map((e, seq) => ({
        frame_id: frame.id,
        seq,
        received_at: frame.receivedAt,
        vin,
        protocol: e.protocol,
        collected_at: e.collectedAt,
        resent: e.resent,
        fix_valid: e.fixValid,
        longitude: e.longitude,
        latitude: e.latitude,
        speed_kmh: e.speed?.value ?? null,
        mileage_km: e.mileage?.value ?? null,
        soc: e.soc?.value ?? null,
      })),
  );
  if (positions.length > 0) {
    // One statement binding an array per column (unnest) whatever the count: a VALUES list bound
    // 13 parameters a position, and had to be cut into statements of 1,000 under the 65,535 limit.
    const col = <T>(pick: (p: (typeof positions)[number]) => T): T[] => positions.map(pick);
    await sql`
      insert into gateway_position (frame_id, seq, received_at, vin, protocol, collected_at, resent, fix_valid,
        longitude, latitude, speed_kmh, mileage_km, soc)
      select * from unnest(
        ${col((p) => p.frame_id)}::bigint[], ${col((p) => p.seq)}::smallint[], ${col((p) => p.received_at)}::bigint[],
        ${col((p) => p.vin)}::text[], ${col((p) => p.protocol)}::text[], ${col((p) => p.collected_at)}::bigint[],
        ${col((p) => p.resent)}::boolean[], ${col((p) => p.fix_valid)}::boolean[],
        ${col((p) => p.longitude)}::float8[], ${col((p) => p.latitude)}::float8[],
        ${col((p) => p.speed_kmh)}::float8[], ${col((p) => p.mileage_km)}::float8[], ${col((p) => p.soc)}::float8[])
    `.execute(trx);
  }
  await writeAlarms(trx, reports);
  // 电子围栏: the fences watching these vehicles step through the new positions.
  await writeFenceEvents(trx, positions);
}

async function writeAlarms(
  trx: Kysely<Database>,
  reports: readonly { frame: StoredFrame; vin: string; entries: TboxJournalEntry[] }[],
): Promise<void> {
  const vins = [...new Set(reports.map((r) => r.vin))];
  const open = await trx
    .selectFrom("gateway_alarm")
    .select(["vin", "protocol", "name"])
    // One array parameter, not an IN list of up to 1,000 (kysely compiled and PostgreSQL parsed one per VIN a batch).
    .where(sql<boolean>`vin = any(${vins}::text[])`)
    .where("ended_at", "is", null)
    // A fence's episodes are the fence watcher's to end (gateway/geofence/ingest.ts), not a report's.
    .where("name", "not like", `${FENCE_ALARM_PREFIX}%`)
    .execute();
  const alarmReports: AlarmReport<StoredFrame>[] = reports.flatMap(({ frame, vin, entries }) =>
    entries.map((e) => ({
      vin,
      protocol: e.protocol,
      collectedAt: e.collectedAt,
      resent: e.resent,
      alarms: e.alarms,
      level: e.alarmLevel?.value ?? null,
      ref: frame,
    })),
  );
  const changes = alarmChanges(
    open.map((a) => ({ vin: a.vin, protocol: a.protocol === "jt808" ? "jt808" : "gbt32960", name: a.name })),
    alarmReports,
  );
  // Changes are rare (an alarm's first and last report), so one statement each, in order.
  for (const c of changes) {
    if (c.kind === "start") {
      await trx
        .insertInto("gateway_alarm")
        .values({
          received_at: c.ref.receivedAt,
          vin: c.alarm.vin,
          protocol: c.alarm.protocol,
          name: c.alarm.name,
          level: c.level,
          started_at: c.at,
          ended_at: null,
          start_frame_id: c.ref.id,
          end_frame_id: null,
        })
        .execute();
    } else {
      await trx
        .updateTable("gateway_alarm")
        .set({ ended_at: c.at, end_frame_id: c.ref.id })
        .where("vin", "=", c.alarm.vin)
        .where("protocol", "=", c.alarm.protocol)
        .where("name", "=", c.alarm.name)
        .where("ended_at", "is", null)
        .execute();
    }
  }
}
