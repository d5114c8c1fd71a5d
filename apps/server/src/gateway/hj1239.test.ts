import {
  bytesToHex,
  type DieselReadings,
  decodeCollectionTime,
  encodeHj1239AntiTamper,
  encodeHj1239Frame,
  encodeHj1239Login,
  encodeHj1239Logout,
  encodeHj1239Realtime,
  frameProtocol,
  HJ1239_COMMAND,
  HJ1239_ENCRYPTION,
} from "@tsp/domain";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../db/database";
import type { Database } from "../db/schema";
import { testEngine } from "../testing/testServer";
import { type Gateway, startGateway } from "./gatewayServer";
import { TestHj1239Terminal } from "./testClient";
import { addTenantVehicles, openTestDatabase } from "./testDatabase";

const engine = testEngine();

const VIN = "LHJ1239DS00000001";
const VIN2 = "LHJ1239DS00000002";
const STRANGER = "LHJ1239XX99999999";
const T0 = Date.UTC(2026, 10, 24, 2, 0, 0);

const ok = (r: { ok: true; value: Uint8Array } | { ok: false; error: { message: string } }) => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const terminal = (vin: string) => ({ vin, softwareVersion: 3 });
const login = (vin: string, serial: number) =>
  ok(encodeHj1239Login(terminal(vin), { time: T0, serial, iccid: "89860000000000001239" }));
const logout = (vin: string, serial: number) => ok(encodeHj1239Logout(terminal(vin), { time: T0 + 60_000, serial }));
const timeSync = (vin: string) =>
  ok(
    encodeHj1239Frame({
      vin,
      softwareVersion: 3,
      command: HJ1239_COMMAND.timeSync,
      encryption: HJ1239_ENCRYPTION.none,
      data: new Uint8Array(0),
    }),
  );

const sample = (speedKmh: number, odometerKm: number, lng: number, lat: number): DieselReadings => ({
  speedKmh,
  barometricKpa: 100,
  netTorquePercent: 40,
  frictionTorquePercent: 8,
  engineRpm: 1400,
  fuelFlowLph: 22,
  scrUpstreamNoxPpm: 800,
  scrDownstreamNoxPpm: 40,
  reagentPercent: 70,
  airIntakeKgph: 600,
  scrInletC: 300,
  scrOutletC: 280,
  dpfDropKpa: 2,
  coolantC: 85,
  fuelPercent: 60,
  position: { lng, lat },
  odometerKm,
});
/** Ten one-second samples, the last at T0 + 10 s: 60 km/h, 12,345.6 km, near Shanghai. */
const realtime = (vin: string, serial: number, resent = false) =>
  ok(
    encodeHj1239Realtime(terminal(vin), {
      time: T0 + 10_000,
      serial,
      resent,
      items: Array.from({ length: 10 }, (_, i) => ({
        kind: "diesel" as const,
        time: T0 + (i + 1) * 1000,
        stream: sample(51 + i, 12_345 + i * 0.1, 121.5 + i * 0.0001, 31.2),
      })),
    }),
  );

describe.skipIf(engine.skip)(`HJ 1239 gateway (${engine.kind})`, () => {
  let opened: OpenedDatabase;
  let db: Kysely<Database>;
  let gateway: Gateway;
  let port: number;

  beforeAll(async () => {
    opened = await openTestDatabase();
    db = opened.db;
    await addTenantVehicles(db, { code: "HJ", name: "HJ1239测试租户" }, [VIN, VIN2]);
    gateway = await startGateway(db, {
      port: 0,
      hj1239Port: 0,
      flushMs: 20,
      partialFrameTimeoutMs: 400,
      idleTimeoutMs: 5000,
    });
    port = gateway.hj1239Port as number;
  });

  afterAll(async () => {
    await gateway?.close();
    await opened?.close();
  });

  const rowsOf = (bytes: Uint8Array) =>
    db.selectFrom("gateway_frame").selectAll().where("raw_hex", "=", bytesToHex(bytes)).execute();
  const stateOf = (vin: string) =>
    db.selectFrom("gateway_vehicle_state").selectAll().where("vin", "=", vin).executeTakeFirst();

  it("runs on its own port only when asked", () => {
    expect(gateway.hj1239Port).toBeGreaterThan(0);
    expect(gateway.jt808Port).toBeUndefined();
  });

  it("answers login, real-time, time sync, anti-tamper and logout with the same command; stores them decoded", async () => {
    const t = await TestHj1239Terminal.open(port);
    const a1 = await t.send(login(VIN, 1));
    expect([a1?.command, a1?.vin, a1?.softwareVersion, a1?.data.length]).toEqual([0x01, VIN, 3, 0]);
    expect((await stateOf(VIN))?.online).toBe(true);
    const [loginRow] = await db.selectFrom("vehicle_login_log").selectAll().where("vin", "=", VIN).execute();
    expect(Number(loginRow?.ts)).toBe(T0);

    const rt = realtime(VIN, 2);
    expect((await t.send(rt))?.command).toBe(0x02);
    const [rtRow] = await rowsOf(rt);
    expect([rtRow?.status, rtRow?.command, rtRow?.vin, frameProtocol(rtRow?.raw_hex ?? "")]).toEqual([
      "ok",
      0x02,
      VIN,
      "hj1239",
    ]);
    const state = await stateOf(VIN);
    // The newest of the ten samples: 60 km/h, 12,345.9 km, its position.
    expect([
      Number(state?.last_report_at),
      state?.speed_kmh,
      state?.mileage_km,
      state?.longitude,
      state?.latitude,
    ]).toEqual([T0 + 10_000, 60, 12_345.9, 121.5009, 31.2]);

    // A re-sent unit (older data) does not move the latest state.
    expect((await t.send(realtime(VIN, 3, true)))?.command).toBe(0x03);
    expect((await stateOf(VIN))?.speed_kmh).toBe(60);

    const before = Math.floor(Date.now() / 1000) * 1000;
    const sync = await t.send(timeSync(VIN));
    const after = Date.now();
    expect([sync?.command, sync?.data.length]).toEqual([0x05, 6]);
    const synced = decodeCollectionTime(sync?.data ?? new Uint8Array(6), 0);
    expect(synced.ok && synced.value >= before && synced.value <= after).toBe(true);

    const alarm = ok(
      encodeHj1239AntiTamper(terminal(VIN), { time: T0 + 20_000, serial: 4, position: { lng: 121.5, lat: 31.2 } }),
    );
    expect((await t.send(alarm))?.command).toBe(0x06);
    expect((await rowsOf(alarm))[0]?.status).toBe("ok");

    expect((await t.send(logout(VIN, 1)))?.command).toBe(0x04);
    expect((await stateOf(VIN))?.online).toBe(false);
    t.end();
  });

  it("journals an unknown VIN unanswered, an encrypted unit answered, a second login of a VIN as duplicate", async () => {
    const t = await TestHj1239Terminal.open(port);
    const stranger = login(STRANGER, 1);
    await t.write(stranger);
    const sm2 = ok(
      encodeHj1239Frame({
        vin: VIN2,
        softwareVersion: 3,
        command: HJ1239_COMMAND.realtime,
        encryption: HJ1239_ENCRYPTION.sm2,
        data: Uint8Array.of(1, 2, 3, 4),
      }),
    );
    // The stranger's login gets no answer: the first answer is the encrypted frame's.
    const a = await t.send(sm2);
    expect([a?.command, a?.vin, t.answers.length]).toEqual([0x02, VIN2, 1]);
    expect((await rowsOf(stranger)).map((r) => [r.status, r.reason])).toEqual([
      ["vin-unknown", `VIN“${STRANGER}”不在任何租户的车辆表或机械信息中`],
    ]);
    expect((await rowsOf(sm2))[0]?.status).toBe("encrypted");
    expect(await stateOf(STRANGER)).toBeUndefined();

    expect((await t.send(login(VIN2, 5)))?.command).toBe(0x01);
    const other = await TestHj1239Terminal.open(port);
    const dup = login(VIN2, 6);
    await other.write(dup);
    await other.waitAnswers(1, 300);
    expect(other.answers).toEqual([]);
    expect((await rowsOf(dup))[0]?.status).toBe("vin-duplicate");
    other.end();
    t.end();
  });

  it("drops a wrong check code, garbage and a truncated frame, keeps serving; closes a slow-loris", async () => {
    const t = await TestHj1239Terminal.open(port);
    const bad = realtime(VIN, 7);
    bad[30] = (bad[30] as number) ^ 0x10; // a byte flipped in transit: the check code no longer matches
    const garbage = Uint8Array.from([0x23, 0x23, 0x00, 0xff, 0x10, 0x20, 0x7e]);
    const good1 = timeSync(VIN);
    const good2 = realtime(VIN, 8);
    await t.write(Uint8Array.from([...bad, ...garbage, ...good1, ...good2]));
    const answers = await t.waitAnswers(2, 3000);
    expect(answers.map((x) => x.command)).toEqual([0x05, 0x02]);
    const [badRow] = await rowsOf(bad);
    expect([badRow?.status, badRow?.reason?.slice(0, 5), badRow?.vin]).toEqual(["bad-frame", "校验码错误", VIN]);

    // A frame whose length field promises more than arrives holds only its own connection,
    // and only until the partial-frame timeout; a frame trickled byte by byte the same.
    const loris = await TestHj1239Terminal.open(port);
    const slow = login(VIN2, 9);
    for (const b of slow.subarray(0, 12)) {
      if (loris.closed) break;
      await loris.write(Uint8Array.of(b)).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 60));
    }
    expect(await loris.waitClosed(2000)).toBe(true);
    const truncated = await TestHj1239Terminal.open(port);
    await truncated.write(realtime(VIN2, 10).subarray(0, 60));
    expect(await truncated.waitClosed(2000)).toBe(true);
    expect((await t.send(timeSync(VIN)))?.command).toBe(0x05);
    t.end();
  });
});
