import {
  type AlarmReport,
  alarmChanges,
  FENCE_ALARM_PREFIX,
  type TboxJournalEntry,
  tboxJournalEntries,
} from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { writeFenceEvents } from "../geofence/ingest";
import type { FrameStatus } from "../tables";
import "./tables";

/** A stored frame as the decoded stores need it (its id is the one gateway_frame gave it). */
export interface StoredFrame {
  readonly id: number;
  readonly receivedAt: number;
  readonly vin: string | null;
  readonly rawHex: string;
  readonly status: FrameStatus;
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
    const entries = tboxJournalEntries(f.rawHex);
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
  for (let i = 0; i < positions.length; i += 1000) {
    await trx
      .insertInto("gateway_position")
      .values(positions.slice(i, i + 1000))
      .execute();
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
    .where("vin", "in", vins)
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
