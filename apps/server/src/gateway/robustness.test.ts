import { bytesToHex, COMMAND, hexToBytes } from "@tsp/domain";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../db/database";
import type { Database } from "../db/schema";
import { testEngine } from "../testing/testServer";
import { FLAG } from "./answers";
import { FrameStore } from "./frameStore";
import { type Gateway, startGateway } from "./gatewayServer";
import { TestTbox } from "./testClient";
import { addTenantVehicles, openTestDatabase } from "./testDatabase";
import { vectorFrames } from "./vectors";

const hexOf = (prefix: string) => {
  const f = vectorFrames.find((v) => v.name.startsWith(prefix));
  if (!f) throw new Error(prefix);
  return f.hex;
};
const bytesOf = (hex: string): Uint8Array => {
  const r = hexToBytes(hex);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const LOGIN = hexOf("2016 vehicle login, 2 battery-system codes"); // LFV3B2FY4R1012345
const LOGOUT = hexOf("2016 vehicle logout"); // LFV3B2FY4R1012345
const OTHER_LOGIN = hexOf("2016 vehicle login, no battery-system codes"); // LGXCE4CB9P0123456
const HEARTBEAT = hexOf("2016 heartbeat");
const LOGIN_2025 = hexOf("2025 vehicle login, 2 BMS"); // LRWYGCEK8SC123456
const BAD_BCC = hexOf("BROKEN 2016 vehicle login, wrong BCC");
const TRUNCATED = hexOf("BROKEN 2016 real-time, truncated");
const OVERLONG = hexOf("BROKEN 2025 vehicle logout, length field larger");

const engine = testEngine();

describe.skipIf(engine.skip)(`gateway (${engine.kind})`, () => {
  let opened: OpenedDatabase;
  let db: Kysely<Database>;
  let gateway: Gateway;

  beforeAll(async () => {
    opened = await openTestDatabase();
    db = opened.db;
    await addTenantVehicles(db, { code: "GW", name: "网关" }, [
      "LFV3B2FY4R1012345",
      "LGXCE4CB9P0123456",
      "LRWYGCEK8SC123456",
    ]);
    gateway = await startGateway(db, { port: 0, flushMs: 10, partialFrameTimeoutMs: 500, idleTimeoutMs: 10_000 });
  });

  afterAll(async () => {
    await gateway?.close();
    await opened?.close();
  });

  const journalCounts = async () => ({
    login: (
      await db
        .selectFrom("vehicle_login_log")
        .select((e) => e.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
    logout: (
      await db
        .selectFrom("vehicle_logout_log")
        .select((e) => e.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  });
  const statusOf = async (hex: string) =>
    (await db.selectFrom("gateway_frame").select(["status", "reason"]).where("raw_hex", "=", hex).execute()).map(
      (r) => r.status,
    );

  /** A second T-BOX that must still be served while the first misbehaves. */
  async function stillServed(): Promise<void> {
    const other = await TestTbox.open(gateway.port);
    await other.write(bytesOf(HEARTBEAT));
    const [a] = await other.waitAnswers(1);
    expect([a?.command, a?.responseFlag]).toEqual([COMMAND.heartbeat, FLAG.success]);
    other.end();
  }

  describe("bad input never breaks the gateway", () => {
    it("drops a wrong-BCC frame unanswered, records it, and serves the next frame on the same connection", async () => {
      const before = await journalCounts();
      const tbox = await TestTbox.open(gateway.port);
      await tbox.write(bytesOf(BAD_BCC + HEARTBEAT));
      const answers = await tbox.waitAnswers(1);
      await stillServed();
      expect(answers.map((a) => a.command)).toEqual([COMMAND.heartbeat]);
      expect(tbox.closed).toBe(false);
      expect(await statusOf(BAD_BCC)).toEqual(["bad-frame"]);
      expect(await journalCounts()).toEqual(before); // the login in it is not journaled
      tbox.end();
    });

    it("drops a truncated and an over-long frame and reads the frames they swallowed", async () => {
      const tbox = await TestTbox.open(gateway.port);
      await tbox.write(bytesOf(TRUNCATED + HEARTBEAT + OVERLONG + HEARTBEAT));
      const answers = await tbox.waitAnswers(2);
      expect(answers.map((a) => a.command)).toEqual([COMMAND.heartbeat, COMMAND.heartbeat]);
      await stillServed();
      expect(await statusOf(TRUNCATED)).toEqual(["bad-frame"]);
      expect(await statusOf(OVERLONG.slice(0, 33 * 2))).toEqual(["bad-frame"]);
      tbox.end();
    });

    it("skips garbage bytes to the next start marker", async () => {
      const tbox = await TestTbox.open(gateway.port);
      const junk = Uint8Array.from({ length: 300 }, (_, i) => (i * 37 + 11) & 0xff);
      await tbox.write(junk);
      await tbox.write(bytesOf(`0000232300${HEARTBEAT}`));
      const answers = await tbox.waitAnswers(1);
      expect(answers.map((a) => [a.command, a.responseFlag])).toEqual([[COMMAND.heartbeat, FLAG.success]]);
      await stillServed();
      tbox.end();
    });

    it("closes a slow-loris connection after the partial-frame timeout, serving others meanwhile", async () => {
      const loris = await TestTbox.open(gateway.port);
      const frame = bytesOf(LOGIN);
      const started = Date.now();
      // One byte every 50 ms: never idle, never a whole frame before the 500 ms limit.
      for (let i = 0; i < frame.length - 1 && !loris.closed; i++) {
        await loris.write(frame.subarray(i, i + 1)).catch(() => undefined);
        if (i === 3) await stillServed();
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await loris.waitClosed(2000)).toBe(true);
      expect(Date.now() - started).toBeLessThan(1500);
      expect(loris.answers).toEqual([]);
      await stillServed();
      expect(await statusOf(LOGIN)).toEqual([]);
    });

    it("answers VIN duplicate to a second connection's login and journals only the first", async () => {
      const first = await TestTbox.open(gateway.port);
      await first.write(bytesOf(LOGIN_2025));
      expect((await first.waitAnswers(1)).map((a) => a.responseFlag)).toEqual([FLAG.success]);
      const second = await TestTbox.open(gateway.port);
      await second.write(bytesOf(LOGIN_2025));
      expect((await second.waitAnswers(1)).map((a) => a.responseFlag)).toEqual([FLAG.vinDuplicate]);
      expect(await statusOf(LOGIN_2025)).toEqual(["ok", "vin-duplicate"]);
      const rows = await db
        .selectFrom("vehicle_login_log")
        .selectAll()
        .where("vin", "=", "LRWYGCEK8SC123456")
        .execute();
      expect(rows.length).toBe(1);
      // When the first connection drops, the vehicle goes offline and may log in again.
      first.end();
      await new Promise((r) => setTimeout(r, 100));
      const state = await db
        .selectFrom("gateway_vehicle_state")
        .select("online")
        .where("vin", "=", "LRWYGCEK8SC123456")
        .executeTakeFirstOrThrow();
      expect(state.online).toBe(false);
      await second.write(bytesOf(LOGIN_2025));
      expect((await second.waitAnswers(2)).map((a) => a.responseFlag)).toEqual([FLAG.vinDuplicate, FLAG.success]);
      second.end();
    });

    it("answers an encrypted 2025 data unit with decryption failed, and leaves other commands unanswered", async () => {
      // The 2025 login with its encryption byte set to SM4 (0x05) and the check code made right.
      const frame = bytesOf(LOGIN_2025).slice();
      frame[21] = 0x05;
      frame[frame.length - 1] = frame.subarray(2, frame.length - 1).reduce((x, b) => x ^ b, 0);
      const platformLogin = hexOf("2016 platform login");
      const tbox = await TestTbox.open(gateway.port);
      await tbox.write(Uint8Array.from([...frame, ...bytesOf(platformLogin), ...bytesOf(HEARTBEAT)]));
      const answers = await tbox.waitAnswers(2);
      expect(answers.map((a) => [a.command, a.responseFlag])).toEqual([
        [COMMAND.vehicleLogin, FLAG.decryption2025],
        [COMMAND.heartbeat, FLAG.success],
      ]);
      expect(await statusOf(platformLogin)).toEqual(["unsupported"]);
      expect(await statusOf(bytesToHex(frame))).toEqual(["encrypted"]);
      tbox.end();
    });

    it("answers a readable frame with an unreadable login body with error (2016)", async () => {
      // The login of another vehicle with its data unit cut to 10 bytes, length and BCC made right.
      const good = bytesOf(OTHER_LOGIN);
      const data = good.subarray(24, 34);
      const frame = new Uint8Array(24 + data.length + 1);
      frame.set(good.subarray(0, 24));
      frame[22] = 0;
      frame[23] = data.length;
      frame.set(data, 24);
      frame[frame.length - 1] = frame.subarray(2, frame.length - 1).reduce((x, b) => x ^ b, 0);
      const tbox = await TestTbox.open(gateway.port);
      await tbox.write(frame);
      expect((await tbox.waitAnswers(1)).map((a) => [a.command, a.responseFlag])).toEqual([
        [COMMAND.vehicleLogin, FLAG.error],
      ]);
      const rows = await db
        .selectFrom("vehicle_login_log")
        .selectAll()
        .where("vin", "=", "LGXCE4CB9P0123456")
        .execute();
      expect(rows).toEqual([]);
      tbox.end();
    });
  });

  describe("back-pressure", () => {
    it("stops reading a fast sender while its frames wait for the database, then answers them all", async () => {
      const slow = await startGateway(db, { port: 0, flushMs: 30, maxInFlight: 3 });
      try {
        const tbox = await TestTbox.open(slow.port);
        const one = bytesOf(HEARTBEAT);
        // Separate writes, so the gateway gets separate chunks and must pause between them.
        for (let i = 0; i < 50; i++) {
          await tbox.write(one);
          await new Promise((r) => setTimeout(r, 2));
        }
        const answers = await tbox.waitAnswers(50);
        expect(answers.length).toBe(50);
        expect(answers.every((a) => a.command === COMMAND.heartbeat && a.responseFlag === FLAG.success)).toBe(true);
        tbox.end();
      } finally {
        await slow.close();
      }
    });
  });

  describe("FrameStore", () => {
    it("stores a batch whole or not at all", async () => {
      const store = new FrameStore(db, { flushMs: 1000, maxBatch: 100 });
      const receivedAt = Date.UTC(2026, 0, 2);
      const good = {
        receivedAt,
        vin: "LFV3B2FY4R1012345",
        command: 1,
        edition: 2016,
        rawHex: LOGOUT,
        status: "ok" as const,
        reason: null,
        peer: "test",
        logout: { ts: receivedAt },
      };
      // The second record breaks a column limit: the transaction rolls back the first as well.
      const results = await Promise.allSettled([
        store.add(good),
        store.add({ ...good, vin: "X".repeat(40) }),
        store.flush(),
      ]);
      expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "fulfilled"]);
      const logouts = await db.selectFrom("vehicle_logout_log").selectAll().where("ts", "=", receivedAt).execute();
      expect(logouts).toEqual([]);
      expect(await db.selectFrom("gateway_frame").selectAll().where("received_at", "=", receivedAt).execute()).toEqual(
        [],
      );
      await store.add(good).then(
        () => undefined,
        () => undefined,
      );
      await store.close();
      // The same record alone is stored, in its own day partition.
      expect(
        (await db.selectFrom("gateway_frame").select("peer").where("received_at", "=", receivedAt).execute()).length,
      ).toBe(1);
    });
  });
});
