import { encodeRealtimeMessage, type LatestSnapshot } from "@tsp/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/database";
import { testEngine } from "../../testing/testServer";
import { FrameStore } from "../frameStore";
import { openTestDatabase } from "../testDatabase";
import "./latestStateTables";

const engine = testEngine();
const VIN = "LSVAU2180N2183294";
const T0 = Date.UTC(2026, 10, 20, 2, 0, 0);

type Sample = Partial<Parameters<typeof encodeRealtimeMessage>[1]>;
const gbt = (minute: number, extra: Sample = {}) => {
  const hex = encodeRealtimeMessage(VIN, {
    collectedAt: T0 + minute * 60_000,
    longitude: 121.47 + minute / 1000,
    latitude: 31.23,
    speedKmh: 50,
    mileageKm: 1000 + minute,
    soc: 80 - minute,
    ...extra,
  });
  if (!hex.ok) throw new Error(hex.error.message);
  return hex.value;
};

let received = 0;
const record = (rawHex: string, command = 0x02) => ({
  receivedAt: T0 + 3600_000 + ++received * 1000,
  vin: VIN,
  command,
  edition: 2016,
  rawHex,
  status: "ok" as const,
  reason: null,
  peer: "127.0.0.1:1",
});

describe.skipIf(engine.skip)(`latest state (${engine.kind})`, () => {
  let opened: OpenedDatabase;
  beforeAll(async () => {
    opened = await openTestDatabase();
  }, 120_000);
  afterAll(() => opened?.close());

  const state = async () => {
    const row = await opened.db
      .selectFrom("gateway_latest_state")
      .selectAll()
      .where("vin", "=", VIN)
      .executeTakeFirstOrThrow();
    return { ...row, collected_at: Number(row.collected_at), snapshot: JSON.parse(row.snapshot) as LatestSnapshot };
  };

  it("keeps the newest unit by collection time: re-sent older data never overwrites it", async () => {
    const store = new FrameStore(opened.db, { flushMs: 1 });
    // One batch: real-time minute 10, then a re-sent unit of minute 8 arriving after it.
    await Promise.all([record(gbt(10)), record(gbt(8, { resent: true }), 0x03)].map((r) => store.add(r)));
    let s = await state();
    expect([s.collected_at, s.soc, s.charge_state, s.alarm_level]).toEqual([T0 + 600_000, 70, 3, null]);
    expect(s.snapshot.totalVoltage).toEqual({ status: "valid", value: 350, unit: "V" });
    // A later batch with only older re-sent data: unchanged.
    await store.add(record(gbt(2, { resent: true }), 0x03));
    s = await state();
    expect([s.collected_at, s.soc]).toEqual([T0 + 600_000, 70]);
    // A newer unit without a fix and with an invalid SOC: the state moves, the place stays, SOC is no number.
    await store.add(record(gbt(12, { fixValid: false, socStatus: "invalid", alarm: { level: 2, flags: 1 } })));
    s = await state();
    expect([s.collected_at, s.soc, s.alarm_level, s.longitude]).toEqual([T0 + 720_000, null, 2, 121.48]);
    expect(s.snapshot.soc).toEqual({ status: "invalid", value: null, unit: "%" });
    expect(s.snapshot.alarms).toEqual(["温度差异报警"]);
    await store.close();
  });

  it("ignores refused frames", async () => {
    const store = new FrameStore(opened.db, { flushMs: 1 });
    await store.add({ ...record(gbt(30)), status: "bad-body" });
    expect((await state()).collected_at).toBe(T0 + 720_000);
    await store.close();
  });
});
