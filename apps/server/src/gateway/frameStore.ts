import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema";
import { type MachineWrite, writeMachineStores } from "./machines";
import { type DecodedRealtime, writeDecodedStores } from "./stores/decodedStores";
import { writeLatestState } from "./stores/latestState";
import { DAY_PARTITIONED, dropExpiredPartitions, ensureDayPartitions, retentionDays } from "./stores/partitions";
import type { FrameStatus } from "./tables";
import "./tables";

const DAY_MS = 24 * 3600 * 1000;

/** One received frame and what it changes, stored together or not at all. */
export interface FrameRecord {
  readonly receivedAt: number;
  readonly vin: string | null;
  readonly command: number | null;
  readonly edition: number | null;
  readonly rawHex: string;
  readonly status: FrameStatus;
  readonly reason: string | null;
  readonly peer: string;
  /** A read vehicle login: a row of vehicle_login_log (ts = the login's collection time). */
  readonly login?: { readonly ts: number };
  /** A read vehicle logout: a row of vehicle_logout_log. */
  readonly logout?: { readonly ts: number };
  /** A read real-time/re-sent unit: what the latest state keeps of it. */
  readonly report?: LatestReport;
  /** The same unit as decoded at the connection: the writer's stores take it instead of decoding rawHex again. */
  readonly realtime?: DecodedRealtime;
  /** The vehicle is online (a JT/T 808 authentication or heartbeat: no login journal row, which holds GB/T 32960 logins). */
  readonly online?: true;
  /** A non-road machine's frame (HJ 1322): its rows of the machinery stores (gateway/machines.ts). */
  readonly machine?: MachineWrite;
}

/** The latest-state columns a real-time unit fills (each only when decoded and valid). */
export interface LatestReport {
  readonly collectedAt: number;
  readonly longitude?: number;
  readonly latitude?: number;
  readonly speedKmh?: number;
  readonly soc?: number;
  readonly mileageKm?: number;
}

export interface FrameStoreOptions {
  /** Flush at the latest this long after the first queued frame (default 50 ms). */
  readonly flushMs?: number;
  /** Flush as soon as this many frames are queued in a writer lane (default 1000). */
  readonly maxBatch?: number;
  /** Days of frames kept: older day partitions are dropped once a day (default GATEWAY_RETENTION_DAYS, 180). */
  readonly retentionDays?: number;
  /**
   * Writer lanes: batches written at once, each on its own connection (default 1; PostgreSQL
   * takes `gatewayWriters` of config.ts, PGlite has one connection and must keep 1).
   */
  readonly writers?: number;
}

interface Queued {
  readonly record: FrameRecord;
  readonly done: (error?: unknown) => void;
}

/** One writer lane: its queue and the chain of its batches (one at a time). */
interface Lane {
  queue: Queued[];
  timer: NodeJS.Timeout | undefined;
  flushing: Promise<void>;
}

/** A batch's place in the global order: its frame insert done, its transaction ended (committed or not). */
interface Turn {
  readonly inserted: Promise<void>;
  readonly settled: Promise<void>;
}

/** A promise and its resolve (Promise.withResolvers is not in the server's lib yet). */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  const held: { resolve?: () => void } = {};
  const promise = new Promise<void>((r) => {
    held.resolve = r;
  });
  return { promise, resolve: () => held.resolve?.() };
}

const DONE: Turn = { inserted: Promise.resolve(), settled: Promise.resolve() };

/**
 * The writer lane of a VIN: a stable hash, so every frame of a vehicle goes through one lane,
 * in arrival order (frames without a VIN: lane 0).
 */
export function laneOf(vin: string | null, lanes: number): number {
  if (vin === null || lanes <= 1) return 0;
  let h = 0;
  for (let i = 0; i < vin.length; i++) h = (h * 31 + vin.charCodeAt(i)) >>> 0;
  return h % lanes;
}

/**
 * The gateway's writer: frames are queued and written in batches (every `flushMs` or
 * `maxBatch` frames), each batch in one transaction — the raw journal rows, the login/logout
 * journal rows and the latest state per VIN — so a batch is stored whole or not at all.
 * `add` resolves when its batch is committed: the gateway answers a terminal only then, so an
 * answered frame is queryable.
 *
 * With `writers` > 1 (PostgreSQL) the batches of several lanes are written at once, on their
 * own connections: a VIN always goes to the same lane (its frames, alarm episodes, fence states
 * and latest state stay in arrival order, and two lanes never touch the same vehicle's rows).
 * Across lanes the batches keep one global order: a batch inserts its frames only after the
 * batch before it did (frame ids rise in that order) and commits only after the batch before it
 * ended, so ids become visible in rising order — the forwarder's cursor and the journals read
 * frames by id and never skip one committed late under a lower id. Only the rest of the batch
 * (decoding, positions, alarms, fences, states) runs side by side.
 */
export class FrameStore {
  private readonly lanes: Lane[];
  /** The last batch that took its turn: the next one inserts and commits after it. */
  private turn: Turn = DONE;
  /** Partition upkeep (creation, retention): one at a time across lanes. */
  private upkeep: Promise<void> = Promise.resolve();
  private readonly partitions = new Set<string>();
  private readonly flushMs: number;
  private readonly maxBatch: number;
  private readonly retentionDays: number;
  /** The UTC day retention last ran for (it runs on the first batch of each day). */
  private retainedDay = -1;

  constructor(
    private readonly db: Kysely<Database>,
    options: FrameStoreOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 50;
    this.maxBatch = options.maxBatch ?? 1000;
    this.retentionDays = options.retentionDays ?? retentionDays(process.env);
    const writers = Math.max(1, Math.floor(options.writers ?? 1));
    this.lanes = Array.from({ length: writers }, () => ({
      queue: [],
      timer: undefined,
      flushing: Promise.resolve(),
    }));
  }

  /** Queues a record; resolves when it is committed, rejects when its batch failed. */
  add(record: FrameRecord): Promise<void> {
    const lane = this.lanes[laneOf(record.vin, this.lanes.length)] as Lane;
    return new Promise((resolve, reject) => {
      lane.queue.push({ record, done: (error) => (error === undefined ? resolve() : reject(error)) });
      if (lane.queue.length >= this.maxBatch) this.flushSoon(lane, 0);
      else this.flushSoon(lane, this.flushMs);
    });
  }

  private flushSoon(lane: Lane, ms: number): void {
    if (lane.timer !== undefined && ms > 0) return;
    if (lane.timer !== undefined) clearTimeout(lane.timer);
    lane.timer = setTimeout(() => {
      lane.timer = undefined;
      void this.flushLane(lane);
    }, ms);
  }

  /** Writes what is queued in every lane (after the batches being written, if any). */
  async flush(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => this.flushLane(lane)));
  }

  private flushLane(lane: Lane): Promise<void> {
    lane.flushing = lane.flushing.then(async () => {
      while (lane.queue.length > 0) {
        const batch = lane.queue.splice(0, this.maxBatch);
        try {
          await this.write(batch.map((q) => q.record));
          for (const q of batch) q.done();
        } catch (error) {
          for (const q of batch) q.done(error);
        }
      }
    });
    return lane.flushing;
  }

  /** Stops the timers and writes what is left. */
  async close(): Promise<void> {
    for (const lane of this.lanes) {
      if (lane.timer !== undefined) clearTimeout(lane.timer);
      lane.timer = undefined;
    }
    await this.flush();
  }

  /** Retention and the batch's day partitions, one batch at a time (two lanes never race to create a day). */
  private maintain(times: readonly number[]): Promise<void> {
    const run = this.upkeep.then(async () => {
      const latest = Math.max(...times);
      const today = Math.floor(latest / DAY_MS);
      if (today > this.retainedDay) {
        // Outside the batch's transaction: dropping a day must not hold the insert's locks.
        const dropped = await dropExpiredPartitions(this.db, latest, this.retentionDays);
        for (const name of dropped) this.partitions.delete(name);
        this.retainedDay = today;
      }
      // After the retention: a day it dropped is created again if this batch still writes into it.
      await ensureDayPartitions(this.db, DAY_PARTITIONED, times, this.partitions);
    });
    this.upkeep = run.catch(() => undefined);
    return run;
  }

  private async write(records: readonly FrameRecord[]): Promise<void> {
    await this.maintain(records.map((r) => r.receivedAt));
    // Take the next turn in the global order (see the class comment).
    const before = this.turn;
    const inserted = deferred();
    const settled = deferred();
    this.turn = { inserted: inserted.promise, settled: settled.promise };
    try {
      await this.transaction(records, before, () => inserted.resolve());
    } finally {
      inserted.resolve();
      settled.resolve();
    }
  }

  private async transaction(records: readonly FrameRecord[], before: Turn, inserted: () => void): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await before.inserted;
      // One statement binding eight arrays (unnest), on PostgreSQL and PGlite alike: a VALUES list
      // meant eight parameters a row — 8,000 for a batch of 1,000 — for the driver to serialise and
      // the server to parse and plan. Rows come back in the arrays' order: each record's frame id,
      // for the decoded stores.
      const { rows: ids } = await sql<{ id: string | number }>`
        insert into gateway_frame (received_at, vin, command, edition, raw_hex, status, reason, peer)
        select * from unnest(
          ${records.map((r) => r.receivedAt)}::bigint[], ${records.map((r) => r.vin)}::text[],
          ${records.map((r) => r.command)}::smallint[], ${records.map((r) => r.edition)}::smallint[],
          ${records.map((r) => r.rawHex)}::text[], ${records.map((r) => r.status)}::text[],
          ${records.map((r) => r.reason)}::text[], ${records.map((r) => r.peer)}::text[])
        returning id`
        .execute(trx)
        .finally(inserted);
      const stored = records.map((r, i) => ({ ...r, id: Number(ids[i]?.id) }));
      await writeDecodedStores(trx, stored);
      // The newest GB/T 32960 unit per VIN by collection time (车辆实时状态, 单车查询).
      await writeLatestState(trx, stored);
      await writeMachineStores(trx, records);
      const logins = records.flatMap((r) =>
        r.login && r.vin ? [{ vin: r.vin, ts: r.login.ts, content: r.rawHex }] : [],
      );
      const logouts = records.flatMap((r) =>
        r.logout && r.vin ? [{ vin: r.vin, ts: r.logout.ts, content: r.rawHex }] : [],
      );
      // (vin, ts) is the journals' key: a frame sent again keeps the first copy.
      if (logins.length > 0) {
        await trx
          .insertInto("vehicle_login_log")
          .values(logins)
          .onConflict((oc) => oc.columns(["vin", "ts"]).doNothing())
          .execute();
      }
      if (logouts.length > 0) {
        await trx
          .insertInto("vehicle_logout_log")
          .values(logouts)
          .onConflict((oc) => oc.columns(["vin", "ts"]).doNothing())
          .execute();
      }
      // One statement for the batch's vehicles (a row each, folded per VIN): a statement per
      // vehicle meant up to 500 round trips a batch once 10,000 connections each had a frame in it.
      const states = latestStates(records);
      if (states.length > 0) {
        // One statement binding an array per column (unnest), as the frame insert: kysely's VALUES
        // list compiled 11 parameters a vehicle (its parser and visitor showed in the profile).
        const col = <T>(pick: (s: StateRow) => T): T[] => states.map(pick);
        await sql`
          insert into gateway_vehicle_state (vin, online, last_report_at, last_login_at, last_logout_at,
            longitude, latitude, speed_kmh, soc, mileage_km, updated_at)
          select * from unnest(
            ${col((s) => s.vin)}::text[], ${col((s) => s.online)}::boolean[], ${col((s) => s.last_report_at)}::bigint[],
            ${col((s) => s.last_login_at)}::bigint[], ${col((s) => s.last_logout_at)}::bigint[],
            ${col((s) => s.longitude)}::float8[], ${col((s) => s.latitude)}::float8[], ${col((s) => s.speed_kmh)}::float8[],
            ${col((s) => s.soc)}::float8[], ${col((s) => s.mileage_km)}::float8[], ${col((s) => s.updated_at)}::bigint[])
          on conflict (vin) do update set
            online = excluded.online,
            last_report_at = coalesce(excluded.last_report_at, gateway_vehicle_state.last_report_at),
            last_login_at = coalesce(excluded.last_login_at, gateway_vehicle_state.last_login_at),
            last_logout_at = coalesce(excluded.last_logout_at, gateway_vehicle_state.last_logout_at),
            longitude = coalesce(excluded.longitude, gateway_vehicle_state.longitude),
            latitude = coalesce(excluded.latitude, gateway_vehicle_state.latitude),
            speed_kmh = coalesce(excluded.speed_kmh, gateway_vehicle_state.speed_kmh),
            soc = coalesce(excluded.soc, gateway_vehicle_state.soc),
            mileage_km = coalesce(excluded.mileage_km, gateway_vehicle_state.mileage_km),
            updated_at = excluded.updated_at`.execute(trx);
      }
      // Commit only after the batch before ended: ids become visible in rising order.
      await before.settled;
    });
  }
}

type StateRow = Database["gateway_vehicle_state"];

/**
 * One row per VIN of the batch's accepted frames, folded in arrival order: a login sets
 * online, a logout clears it, a report sets online and the values it carried. (A report
 * collected earlier than the stored one still overwrites it: re-sent data is rare and the
 * frame journal keeps every value; ordering by collection time is left to the track store.)
 */
function latestStates(records: readonly FrameRecord[]): StateRow[] {
  const byVin = new Map<string, StateRow>();
  for (const r of records) {
    if (r.status !== "ok" || r.vin === null || !(r.login || r.logout || r.report || r.online)) continue;
    const s: StateRow = byVin.get(r.vin) ?? {
      vin: r.vin,
      online: true,
      last_report_at: null,
      last_login_at: null,
      last_logout_at: null,
      longitude: null,
      latitude: null,
      speed_kmh: null,
      soc: null,
      mileage_km: null,
      updated_at: r.receivedAt,
    };
    s.updated_at = r.receivedAt;
    if (r.online) s.online = true;
    if (r.login) {
      s.online = true;
      s.last_login_at = r.login.ts;
    }
    if (r.logout) {
      s.online = false;
      s.last_logout_at = r.logout.ts;
    }
    const p = r.report;
    if (p) {
      s.online = true;
      s.last_report_at = p.collectedAt;
      s.longitude = p.longitude ?? s.longitude;
      s.latitude = p.latitude ?? s.latitude;
      s.speed_kmh = p.speedKmh ?? s.speed_kmh;
      s.soc = p.soc ?? s.soc;
      s.mileage_km = p.mileageKm ?? s.mileage_km;
    }
    byVin.set(r.vin, s);
  }
  return [...byVin.values()];
}
