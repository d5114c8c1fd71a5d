import { bytesToHex, decodeMessage, encodeJt808Message, encodeRealtimeMessage } from "@tsp/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/database";
import { testEngine } from "../../testing/testServer";
import { FrameStore } from "../frameStore";
import { openTestDatabase } from "../testDatabase";
import { dropExpiredPartitions, retentionDays } from "./partitions";

const engine = testEngine();
const VIN = "LSVAU2180N2183294";
const DAY = 24 * 3600 * 1000;
const T0 = Date.UTC(2026, 10, 20, 2, 0, 0);

const gbt = (minute: number, alarm?: { level: number; flags: number }) => {
  const hex = encodeRealtimeMessage(VIN, {
    collectedAt: T0 + minute * 60_000,
    longitude: 121.47 + minute / 1000,
    latitude: 31.23,
    speedKmh: 50,
    mileageKm: 1000 + minute,
    soc: 80,
    ...(alarm ? { alarm } : {}),
  });
  if (!hex.ok) throw new Error(hex.error.message);
  return hex.value;
};

const record = (minute: number, rawHex: string, command = 0x02) => ({
  receivedAt: T0 + minute * 60_000 + 1000,
  vin: VIN,
  command,
  edition: 2016,
  rawHex,
  status: "ok" as const,
  reason: null,
  peer: "127.0.0.1:1",
});

const location = (minute: number) => ({
  alarm: 0,
  status: 0x03,
  latitude: 31_230_000,
  longitude: 121_470_000 + minute,
  altitude: 5,
  speed: 300,
  direction: 0,
  time: T0 + minute * 60_000,
  items: [],
});

describe.skipIf(engine.skip)(`decoded stores (${engine.kind})`, () => {
  let opened: OpenedDatabase;
  beforeAll(async () => {
    opened = await openTestDatabase();
  }, 120_000);
  afterAll(() => opened?.close());

  it("writes positions and alarm episodes in the frames' batch, an episode open across batches", async () => {
    const store = new FrameStore(opened.db, { flushMs: 1 });
    const insulation = 1 << 11;
    // Batch 1: a report without alarms, then the alarm comes on.
    await Promise.all([record(0, gbt(0)), record(1, gbt(1, { level: 1, flags: insulation }))].map((r) => store.add(r)));
    const open = await opened.db.selectFrom("gateway_alarm").selectAll().execute();
    expect(open).toHaveLength(1);
    // bigint columns: a number from PGlite, a string from pg.
    expect({ ...open[0], started_at: Number(open[0]?.started_at) }).toMatchObject({
      vin: VIN,
      name: "绝缘报警",
      level: 1,
      started_at: T0 + 60_000,
      ended_at: null,
    });
    // Batch 2: it goes on (level 2 with another alarm), then both stop.
    await Promise.all(
      [record(2, gbt(2, { level: 2, flags: insulation | 0b10 })), record(3, gbt(3))].map((r) => store.add(r)),
    );
    await store.close();
    const alarms = await opened.db
      .selectFrom("gateway_alarm")
      .select(["name", "level", "started_at", "ended_at", "start_frame_id", "end_frame_id"])
      .orderBy("started_at")
      .orderBy("name")
      .execute();
    expect(alarms.map((a) => [a.name, a.level, Number(a.started_at) - T0, Number(a.ended_at) - T0])).toEqual([
      ["绝缘报警", 1, 60_000, 180_000],
      ["电池高温报警", 2, 120_000, 180_000],
    ]);
    // Each end names the frame that had it no more: the frame journal's row of minute 3.
    const frames = await opened.db.selectFrom("gateway_frame").select(["id", "received_at"]).orderBy("id").execute();
    expect(alarms.every((a) => Number(a.end_frame_id) === Number(frames[3]?.id))).toBe(true);
    const track = await opened.db
      .selectFrom("gateway_position")
      .select(["collected_at", "longitude", "speed_kmh", "soc", "frame_id"])
      .orderBy("collected_at")
      .execute();
    expect(track.map((p) => Number(p.collected_at) - T0)).toEqual([0, 60_000, 120_000, 180_000]);
    expect(track[3]).toMatchObject({ longitude: 121.473, speed_kmh: 50, soc: 80 });
    expect(track.map((p) => Number(p.frame_id))).toEqual(frames.map((f) => Number(f.id)));
  });

  it("stores every entry of a JT/T 808 batch as a position", async () => {
    const bytes = encodeJt808Message(
      { edition: 2013, encryption: 0, phone: "013800138000", serial: 1 },
      { kind: "batchLocation", batch: { type: 1, locations: [location(10), location(11)] } },
    );
    if (!bytes.ok) throw new Error(bytes.error.message);
    const store = new FrameStore(opened.db, { flushMs: 1 });
    await store.add({ ...record(30, bytesToHex(bytes.value), 0x0704), edition: 2013 });
    await store.close();
    const rows = await opened.db
      .selectFrom("gateway_position")
      .select(["seq", "protocol", "resent", "speed_kmh"])
      .where("protocol", "=", "jt808")
      .orderBy("seq")
      .execute();
    expect(rows).toEqual([
      { seq: 0, protocol: "jt808", resent: true, speed_kmh: 30 },
      { seq: 1, protocol: "jt808", resent: true, speed_kmh: 30 },
    ]);
  });

  it("drops whole days past the retention from the journal and both stores", async () => {
    const partitions = async () =>
      (
        await sql<{ relname: string }>`select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid
          join pg_class p on p.oid = i.inhparent where p.relname in ('gateway_frame', 'gateway_position', 'gateway_alarm')`.execute(
          opened.db,
        )
      ).rows.map((r) => r.relname);
    expect(await partitions()).toContain("gateway_position_p20261120");
    // Kept while the day is within the window.
    expect(await dropExpiredPartitions(opened.db, T0 + 5 * DAY, 10)).toEqual([]);
    const dropped = await dropExpiredPartitions(opened.db, T0 + 12 * DAY, 10);
    expect(dropped).toEqual(["gateway_alarm_p20261120", "gateway_frame_p20261120", "gateway_position_p20261120"]);
    expect(await partitions()).not.toContain("gateway_frame_p20261120");
    expect(await opened.db.selectFrom("gateway_position").select("vin").execute()).toEqual([]);
  });

  it("the writer applies the retention on the first batch of each day", async () => {
    const store = new FrameStore(opened.db, { flushMs: 1, retentionDays: 3 });
    await store.add({ ...record(0, gbt(0)), receivedAt: T0 + 20 * DAY });
    await store.add({ ...record(0, gbt(0)), receivedAt: T0 + 24 * DAY });
    await store.close();
    const days = (await opened.db.selectFrom("gateway_frame").select("received_at").execute()).map(
      (r) => Number(r.received_at) - T0,
    );
    // The first day fell out of the three-day window when the later day's batch came.
    expect(days).toEqual([24 * DAY]);
  });

  it("stores a unit decoded at the connection as it stores one read from its raw frame, and any text exactly", async () => {
    // Two vehicles send the same unit with an alarm: one record carries only its raw frame (as the
    // seeds write), the other the unit the gateway decoded too (the writer then decodes nothing).
    const vins = ["LSVAU2180N2180001", "LSVAU2180N2180002"];
    const at = T0 + 40 * DAY;
    const units = vins.map((vin) => {
      const hex = encodeRealtimeMessage(vin, {
        collectedAt: at,
        longitude: 116.4,
        latitude: 39.9,
        speedKmh: 72,
        mileageKm: 4321,
        soc: 55,
        alarm: { level: 2, flags: 1 << 11 },
      });
      if (!hex.ok) throw new Error(hex.error.message);
      return hex.value;
    });
    const decoded = decodeMessage(units[1] as string);
    if (!decoded.ok || decoded.value.body.kind !== "realtime") throw new Error("not a real-time unit");
    // Quotes, commas, braces and backslashes: the array parameters must carry them unchanged.
    const reason = 'VIN“x”, {a} "b" \\ c,NULL';
    const store = new FrameStore(opened.db, { flushMs: 1 });
    await Promise.all([
      store.add({ ...record(0, units[0] as string), vin: vins[0] as string, receivedAt: at + 1000 }),
      store.add({
        ...record(0, units[1] as string),
        vin: vins[1] as string,
        receivedAt: at + 1000,
        realtime: { data: decoded.value.body.realtime, resent: false },
      }),
      store.add({ ...record(0, "23"), vin: null, command: null, status: "bad-frame", reason, receivedAt: at + 2000 }),
    ]);
    await store.close();
    const rowsOf = async (vin: string) => {
      const position = await opened.db
        .selectFrom("gateway_position")
        .select([
          "seq",
          "protocol",
          "collected_at",
          "resent",
          "fix_valid",
          "longitude",
          "latitude",
          "speed_kmh",
          "mileage_km",
          "soc",
        ])
        .where("vin", "=", vin)
        .execute();
      const alarm = await opened.db
        .selectFrom("gateway_alarm")
        .select(["name", "level"])
        .where("vin", "=", vin)
        .execute();
      const latest = await opened.db
        .selectFrom("gateway_latest_state")
        .select(["soc", "alarm_level", "longitude", "latitude", "snapshot"])
        .where("vin", "=", vin)
        .execute();
      return { position, alarm, latest };
    };
    const raw = await rowsOf(vins[0] as string);
    expect(raw.position).toHaveLength(1);
    expect(raw.alarm).toEqual([{ name: "绝缘报警", level: 2 }]);
    expect(raw.latest).toHaveLength(1);
    expect(await rowsOf(vins[1] as string)).toEqual(raw);
    const bad = await opened.db
      .selectFrom("gateway_frame")
      .select(["vin", "command", "raw_hex", "reason"])
      .where("status", "=", "bad-frame")
      .where("received_at", "=", at + 2000)
      .execute();
    expect(bad).toEqual([{ vin: null, command: null, raw_hex: "23", reason }]);
  });

  it("reads the retention from GATEWAY_RETENTION_DAYS", () => {
    expect(retentionDays({})).toBe(180);
    expect(retentionDays({ GATEWAY_RETENTION_DAYS: "" })).toBe(180);
    expect(retentionDays({ GATEWAY_RETENTION_DAYS: "30" })).toBe(30);
    expect(() => retentionDays({ GATEWAY_RETENTION_DAYS: "0" })).toThrow(/1\.\.36500/);
    expect(() => retentionDays({ GATEWAY_RETENTION_DAYS: "x" })).toThrow();
  });
});
