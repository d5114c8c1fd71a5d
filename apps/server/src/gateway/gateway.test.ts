import { bytesToHex, COMMAND, decodeMessage, hexToBytes, RESPONSE_COMMAND } from "@tsp/domain";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../db/database";
import type { Database } from "../db/schema";
import { testEngine } from "../testing/testServer";
import { FLAG } from "./answers";
import { type Gateway, startGateway } from "./gatewayServer";
import { TestTbox } from "./testClient";
import { addTenantVehicles, openTestDatabase } from "./testDatabase";
import { type VectorFrame, vectorFrames } from "./vectors";

const bytesOf = (hex: string): Uint8Array => {
  const r = hexToBytes(hex);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
/** rtm_con writes times as the frame's GMT+8 wall time. */
const cst = (text: string) => Date.parse(`${text}+08:00`);
const SERVED = [
  COMMAND.vehicleLogin,
  COMMAND.realtimeData,
  COMMAND.resentData,
  COMMAND.vehicleLogout,
  COMMAND.heartbeat,
  COMMAND.timeSync,
] as number[];

/** Login first, logout last, the rest in the file's order. */
const rank = (f: VectorFrame) => (f.decoded.msg_type.raw === 1 ? 0 : f.decoded.msg_type.raw === 4 ? 2 : 1);

/** The vectors' command frames of vehicles, per VIN in the order login → data → logout. */
function sessions(): Map<string, VectorFrame[]> {
  const byVin = new Map<string, VectorFrame[]>();
  for (const f of vectorFrames) {
    const d = f.decoded;
    if (!d || d.ack.raw !== RESPONSE_COMMAND || !SERVED.includes(d.msg_type.raw)) continue;
    byVin.set(d.vin, [...(byVin.get(d.vin) ?? []), f]);
  }
  for (const [vin, frames] of byVin)
    byVin.set(
      vin,
      frames.toSorted((a, b) => rank(a) - rank(b)),
    );
  return byVin;
}

/** The vectors' VIN whose real-time frame rtm_con answered "VIN unknown": left out of `vehicle`. */
const UNKNOWN_VIN = "LZYTBGCE5J1004567";

const engine = testEngine();

describe.skipIf(engine.skip)(`gateway (${engine.kind})`, () => {
  let opened: OpenedDatabase;
  let db: Kysely<Database>;
  let gateway: Gateway;

  beforeAll(async () => {
    opened = await openTestDatabase();
    db = opened.db;
    const vins = [...sessions().keys()].filter((v) => v !== UNKNOWN_VIN);
    await addTenantVehicles(db, { code: "GW", name: "网关测试租户" }, vins);
    gateway = await startGateway(db, { port: 0, flushMs: 20, partialFrameTimeoutMs: 400, idleTimeoutMs: 5000 });
  });

  afterAll(async () => {
    await gateway?.close();
    await opened?.close();
  });

  const frameRows = (hex: string) => db.selectFrom("gateway_frame").selectAll().where("raw_hex", "=", hex).execute();

  describe("GB/T 32960 gateway over TCP", () => {
    it("stores the frame journal in day partitions (PGlite supports declarative partitioning)", async () => {
      const r = await sql<{ relkind: string }>`select relkind from pg_class where relname = 'gateway_frame'`.execute(
        db,
      );
      expect(r.rows[0]?.relkind).toBe("p");
    });

    it("replays the rtm_con sessions: back to back in one write, and split across writes", async () => {
      let i = 0;
      for (const [vin, frames] of sessions()) {
        const tbox = await TestTbox.open(gateway.port);
        const all = frames.map((f) => bytesOf(f.hex));
        if (i++ % 2 === 0) {
          await tbox.write(Uint8Array.from(all.flatMap((b) => [...b])));
        } else {
          for (const b of all) {
            // Every frame in three writes, cut inside the header and inside the data.
            await tbox.write(b.subarray(0, 7));
            await new Promise((r) => setTimeout(r, 5));
            await tbox.write(b.subarray(7, 30));
            await new Promise((r) => setTimeout(r, 5));
            await tbox.write(b.subarray(30));
          }
        }
        const answers = await tbox.waitAnswers(frames.length);
        expect(answers.length, vin).toBe(frames.length);
        frames.forEach((f, k) => {
          const a = answers[k];
          const sent = bytesOf(f.hex);
          expect(a?.command).toBe(f.decoded.msg_type.raw);
          expect(a?.vin).toBe(vin);
          expect(a?.edition).toBe(Number(f.edition));
          expect(a?.responseFlag).toBe(vin === UNKNOWN_VIN ? FLAG.vinUnknown : FLAG.success);
          expect(a?.data.length).toBe(6);
          // Login, data and logout are answered with their own collection time.
          if (sent.length >= 31)
            expect(bytesToHex(a?.data ?? new Uint8Array())).toBe(bytesToHex(sent.subarray(24, 30)));
        });
        tbox.end();
      }

      for (const [vin, frames] of sessions()) {
        for (const f of frames) {
          const rows = await frameRows(f.hex);
          expect(
            rows.map((r) => [r.vin, r.command, r.status]),
            f.name,
          ).toEqual([[vin, f.decoded.msg_type.raw, vin === UNKNOWN_VIN ? "vin-unknown" : "ok"]]);
          const kind = f.decoded.msg_type.raw;
          if (kind !== COMMAND.vehicleLogin && kind !== COMMAND.vehicleLogout) continue;
          const table = kind === COMMAND.vehicleLogin ? "vehicle_login_log" : "vehicle_logout_log";
          const journal = await db.selectFrom(table).selectAll().where("vin", "=", vin).execute();
          expect(journal.map((r) => [Number(r.ts), r.content])).toEqual([[cst(f.decoded.payload.timestamp), f.hex]]);
          // What the login journal screen decodes is what rtm_con encoded.
          const m = decodeMessage(journal[0]?.content ?? "");
          if (!m.ok) throw new Error(m.error.message);
          const body = m.value.body;
          const serial = body.kind === "login" ? body.login.serial : body.kind === "logout" ? body.logout.serial : -1;
          expect(serial).toBe(f.decoded.payload.session_id);
        }
      }
      // Nothing of the unknown VIN reaches a tenant's journals or the latest state.
      expect(await db.selectFrom("gateway_vehicle_state").selectAll().where("vin", "=", UNKNOWN_VIN).execute()).toEqual(
        [],
      );
    });

    it("keeps the latest state per VIN as the vectors decode it", async () => {
      const state = await db
        .selectFrom("gateway_vehicle_state")
        .selectAll()
        .where("vin", "=", "LFV3B2FY4R1012345")
        .executeTakeFirstOrThrow();
      const rt = vectorFrames.find((f) => f.name.startsWith("2016 real-time, all types"))?.decoded.payload;
      const item = (name: string) =>
        rt.data_list.find((d: { data_type: { name: string } }) => d.data_type.name === name);
      const v = item("whole_vehicle").data_content;
      const g = item("gnss").data_content;
      expect(state.online).toBe(false); // logged out at the end of its session
      expect(Number(state.last_report_at)).toBe(cst(rt.timestamp));
      expect(state.speed_kmh).toBeCloseTo(v.vehicle_speed.value, 6);
      expect(state.soc).toBeCloseTo(v.soc.value, 6);
      expect(state.mileage_km).toBeCloseTo(v.mileage_total.value, 6);
      expect(state.longitude).toBeCloseTo(g.gnss_lng.value, 6);
      expect(state.latitude).toBeCloseTo(g.gnss_lat.value, 6);
      // Re-sent 2025 data from the southern and western hemispheres, no login: online, signed coordinates.
      const sw = await db
        .selectFrom("gateway_vehicle_state")
        .selectAll()
        .where("vin", "=", "LGWEE4A56SH600123")
        .executeTakeFirstOrThrow();
      expect([sw.online, sw.longitude, sw.latitude]).toEqual([true, -70.669265, -33.44889]);
    });
  });
});
