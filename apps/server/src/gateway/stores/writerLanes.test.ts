import { encodeRealtimeMessage } from "@tsp/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/database";
import { type FrameRecord, FrameStore, laneOf } from "../frameStore";
import { openTestDatabase } from "../testDatabase";

const VINS = Array.from({ length: 24 }, (_, i) => `LLANE${String(i).padStart(12, "0")}`);

function frame(vin: string, i: number, receivedAt: number): FrameRecord {
  const raw = encodeRealtimeMessage(vin, {
    collectedAt: receivedAt - 1000,
    longitude: 116.3 + i * 0.001,
    latitude: 39.9,
    speedKmh: 40,
    mileageKm: 1000 + i,
    soc: 50,
  });
  if (!raw.ok) throw new Error(raw.error.message);
  return {
    receivedAt,
    vin,
    command: 2,
    edition: 2016,
    rawHex: raw.value,
    status: "ok",
    reason: null,
    peer: "127.0.0.1:1",
    report: { collectedAt: receivedAt - 1000, soc: 50 },
  };
}

describe("the frame writer's lanes", () => {
  let opened: OpenedDatabase;
  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(async () => {
    await opened.close();
  });

  it("puts a VIN always in the same lane, and frames without one in lane 0", () => {
    for (const vin of VINS) expect(laneOf(vin, 4)).toBe(laneOf(vin, 4));
    expect(new Set(VINS.map((v) => laneOf(v, 4))).size).toBe(4);
    expect(VINS.every((v) => laneOf(v, 1) === 0)).toBe(true);
    expect(laneOf(null, 4)).toBe(0);
  });

  it("writes lanes side by side, keeping each VIN's arrival order and making ids visible only in rising order", async () => {
    // PGlite has one connection: one lane; PostgreSQL (project "postgres"): four.
    const writers = opened.kind === "postgres" ? 4 : 1;
    const store = new FrameStore(opened.db, { writers, maxBatch: 7, flushMs: 1, retentionDays: 36_500 });
    const t0 = Date.now();
    const sent: FrameRecord[] = [];
    for (let i = 0; i < 12; i++) for (const vin of VINS) sent.push(frame(vin, i, t0 + sent.length));
    // One bad record (a status too long for its column): its batch fails whole, the others commit.
    const bad = { ...frame(VINS[0] as string, 99, t0 + sent.length), status: "x".repeat(40) } as unknown as FrameRecord;
    const state = { writing: true };
    const seen: Set<number>[] = [];
    const poll = (async () => {
      while (state.writing) {
        const { rows } = await sql<{ id: string }>`select id from gateway_frame where vin like 'LLANE%'`.execute(
          opened.db,
        );
        seen.push(new Set(rows.map((r) => Number(r.id))));
        // PGlite answers in microtasks: let the writer's flush timers run between polls.
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const results = await Promise.allSettled([...sent, bad].map((r) => store.add(r)));
    state.writing = false;
    await poll;
    await store.close();

    expect(results.at(-1)?.status).toBe("rejected");
    const failedBatchOk = results.slice(0, -1).filter((r) => r.status === "rejected").length;
    const rows = await opened.db
      .selectFrom("gateway_frame")
      .select(["id", "vin", "received_at"])
      .where("vin", "like", "LLANE%")
      .orderBy("id")
      .execute();
    // Nothing half-stored: exactly the frames whose add resolved, each with its positions.
    expect(rows.length).toBe(sent.length - failedBatchOk);
    const positions = await sql<{
      n: string;
    }>`select count(*) as n from gateway_position where vin like 'LLANE%'`.execute(opened.db);
    expect(Number(positions.rows[0]?.n)).toBe(rows.length);
    // Per VIN, ids follow arrival (received_at was given in arrival order).
    for (const vin of VINS) {
      const times = rows.filter((r) => r.vin === vin).map((r) => Number(r.received_at));
      expect(times).toEqual(times.toSorted((a, b) => a - b));
    }
    // Every poll saw a prefix of the ids: an id below one already seen never appears later.
    for (let i = 1; i < seen.length; i++) {
      const before = seen[i - 1] as Set<number>;
      const max = Math.max(0, ...before);
      for (const id of seen[i] as Set<number>) if (id <= max) expect(before.has(id)).toBe(true);
    }
  });
});
