import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../db/database";
import type { Database } from "../db/schema";
import { addTenantVehicles, openTestDatabase } from "../gateway/testDatabase";
import { Secrets } from "../platform/secrets";
import { startForwarder } from "./forwarder";
import { addPlatform, journalFrames } from "./testFrames";
import { startTestPlatform } from "./testPlatform";
import { isGbt32960, platformLogin, readPlatformLogin } from "./wire";

const VINS = ["LNRM4AAA000000001", "LNRM4AAA000000002", "LNRM4AAA000000003"];
/** Not forwarded to the platform: its frames must never arrive. */
const OTHER = "LNRM4AAA000000009";
/** The second test's machines. */
const SECOND = ["LNRM4AAA000000011", "LNRM4AAA000000012"];
const FAST = {
  pollMs: 30,
  window: 16,
  answerTimeoutMs: 3000,
  connectTimeoutMs: 1000,
  backoffMinMs: 50,
  backoffMaxMs: 300,
  leaseMs: 5000,
  refreshMs: 200,
};

let opened: OpenedDatabase;
let db: Kysely<Database>;
let secrets: Secrets;
let tenantId: number;

beforeAll(async () => {
  opened = await openTestDatabase();
  db = opened.db;
  secrets = await Secrets.load(db);
  tenantId = await addTenantVehicles(db, { code: "FWD", name: "转发" }, [...VINS, OTHER, ...SECOND]);
});
afterAll(async () => {
  await opened.close();
});

/** A frame's data unit, hex. */
const dataOf = (hex: string) => hex.slice(48, -2);

/** Reports of every VIN interleaved, numbered from `from`, a second apart from `start`. */
const reports = (from: number, count: number, start: number) =>
  Array.from({ length: count }, (_, i) =>
    VINS.map((vin, j) => ({ vin, n: from + i, at: start + (i * 3 + j) * 1000 })),
  ).flat();

describe("the forwarder", () => {
  it("writes the GB/T 32960 platform login a receiving platform reads back", () => {
    const frame = platformLogin("GDTSP01", "Fw123456!", 7, Date.UTC(2026, 10, 24, 1, 2, 3));
    expect(isGbt32960(frame)).toBe(true);
    expect(frame[2]).toBe(0x05);
    expect(readPlatformLogin(frame)).toEqual({ account: "GDTSP01", password: "Fw123456!", serial: 7 });
  });

  it("with the receiving platform stopped for a while and started again, every frame arrives once, in order per machine", async () => {
    const platform = await startTestPlatform({ accounts: new Map([["FWD01", "Secret#01"]]) });
    const t0 = Date.now() - 3_600_000;
    const id = await addPlatform(db, secrets, {
      tenantId,
      name: "省平台",
      port: platform.port,
      account: "FWD01",
      password: "Secret#01",
      pins: VINS,
      since: t0,
    });
    const before = await journalFrames(db, reports(0, 20, t0));
    // Before `since`, and a machine not forwarded: never sent.
    await journalFrames(db, [
      { vin: VINS[0] as string, n: 999, at: t0 - 60_000 },
      { vin: OTHER, n: 1, at: t0 + 500 },
    ]);
    const forwarder = startForwarder(db, secrets, FAST);
    try {
      await expect.poll(() => platform.arrivals.length, { timeout: 20_000 }).toBe(60);
      expect(platform.logins[0]).toMatchObject({ account: "FWD01", accepted: true, serial: 1 });

      // The outage: the platform goes away while the machines keep reporting.
      await platform.stop();
      const during = await journalFrames(db, reports(20, 20, Date.now() - 120_000));
      const state = async () =>
        (
          await db
            .selectFrom("forward_cursor")
            .select(["link_state", "link_error"])
            .where("platform_id", "=", id)
            .executeTakeFirst()
        )?.link_state;
      await expect.poll(state, { timeout: 10_000 }).toBe("down");
      await platform.start();
      await expect.poll(() => platform.arrivals.length, { timeout: 20_000 }).toBe(120);
      const after = await journalFrames(db, reports(40, 5, Date.now() + 1000));
      await expect.poll(() => platform.arrivals.length, { timeout: 20_000 }).toBe(135);

      // Exactly the journal's frames of each machine, each once, in the journal's order.
      const all = [...before, ...during, ...after];
      for (const vin of VINS) {
        const sent = all.filter((h) => Buffer.from(h.slice(8, 42), "hex").toString() === vin).map(dataOf);
        expect(platform.of(vin).map((a) => a.dataHex)).toEqual(sent);
      }
      expect(platform.of(OTHER)).toEqual([]);
      // The backlog of the outage went out as 补发 (0x03); what came after the new login as 0x02.
      expect(platform.arrivals.slice(60, 120).every((a) => a.command === 0x03)).toBe(true);
      expect(platform.arrivals.slice(120).every((a) => a.command === 0x02)).toBe(true);
      expect(platform.logins.length).toBeGreaterThanOrEqual(2);
      expect(platform.logins.every((l) => l.accepted)).toBe(true);

      // The log of the last window commits with the cursor just after its answers arrive: wait for it.
      const acked = async () => {
        const log = await db
          .selectFrom("forward_log")
          .select(({ fn }) => [fn.countAll<string>().as("n"), fn.count<string>("frame_id").distinct().as("frames")])
          .where("platform_id", "=", id)
          .where("outcome", "=", "acked")
          .executeTakeFirstOrThrow();
        return { n: Number(log.n), frames: Number(log.frames) };
      };
      await expect.poll(acked, { timeout: 20_000 }).toEqual({ n: 135, frames: 135 });
    } finally {
      await forwarder.stop();
    }
    // A clean stop logs out.
    expect(platform.logouts).toBeGreaterThanOrEqual(1);
    await platform.stop();
  }, 60_000);

  it("a refused login sends nothing and says why; refused frames are logged as refused and not sent again", async () => {
    const platform = await startTestPlatform({
      accounts: new Map([["FWD02", "right"]]),
      refuse: (vin) => vin === SECOND[1],
    });
    const id = await addPlatform(db, secrets, {
      tenantId,
      name: "企业平台",
      port: platform.port,
      account: "FWD02",
      password: "wrong",
      pins: SECOND,
      since: Date.now() - 1000,
    });
    const forwarder = startForwarder(db, secrets, FAST);
    try {
      const cursor = () =>
        db
          .selectFrom("forward_cursor")
          .select(["link_state", "link_error"])
          .where("platform_id", "=", id)
          .executeTakeFirst();
      await expect
        .poll(async () => (await cursor())?.link_error, { timeout: 10_000 })
        .toBe("平台拒绝登入（账号或密码错误）");
      await journalFrames(db, [
        { vin: SECOND[0] as string, n: 1, at: Date.now() },
        { vin: SECOND[1] as string, n: 1, at: Date.now() + 1 },
      ]);
      expect(platform.arrivals).toEqual([]);
      // The operator corrects the password: the link restarts with it.
      const { seal } = await import("../services/tsp-bss/notRoadFour/seal");
      await db
        .updateTable("nr4_forward_platform")
        .set({ password_sealed: seal(secrets, "right") })
        .where("id", "=", id)
        .execute();
      await expect.poll(() => platform.arrivals.length, { timeout: 10_000 }).toBe(1);
      const outcomes = async () =>
        (
          await db
            .selectFrom("forward_log")
            .select(["vin", "outcome"])
            .where("platform_id", "=", id)
            .orderBy("frame_id")
            .execute()
        ).map((r) => `${r.vin}:${r.outcome}`);
      await expect.poll(outcomes, { timeout: 10_000 }).toEqual([`${SECOND[0]}:acked`, `${SECOND[1]}:refused`]);
    } finally {
      await forwarder.stop();
      await platform.stop();
    }
  }, 30_000);
});
