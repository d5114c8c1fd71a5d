import {
  type DieselReadings,
  encodeHj1239AntiTamper,
  encodeHj1239Login,
  encodeHj1239Logout,
  encodeHj1239Realtime,
} from "@tsp/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Gateway, startGateway } from "../../apps/server/src/gateway/gatewayServer";
import { TestHj1239Terminal } from "../../apps/server/src/gateway/testClient";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { signIn } from "./support/contract";

/**
 * 非道路机械监控 live: a machine of 机械信息 reports over HJ 1322 (the HJ 1239 bytes) through the
 * real gateway, and 机械实时状态 (listMachineStates / getMachineState) and 地图监控 (listMachineMap)
 * show it — logged in, working, moved, in alarm, logged out. The operations are owned by
 * not-road-monitor.test.ts; this suite proves the gateway feeds them (gateway/machines.ts).
 */
const engine = testEngine();
let server: TestServer;
let gateway: Gateway;
let base: string;
const ledger = new CallLedger(() => base);
let admin: string;
let other: string;
/** A machine of tenant T0001 that never reported (the seed leaves every eighth silent). */
let pin: string;

const ok = (r: { ok: true; value: Uint8Array } | { ok: false; error: { message: string } }) => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const readings = (engineRpm: number, lng: number, lat: number): DieselReadings => ({
  speedKmh: 6,
  barometricKpa: 100,
  netTorquePercent: 55,
  frictionTorquePercent: 8,
  engineRpm,
  fuelFlowLph: 18,
  scrUpstreamNoxPpm: 700,
  scrDownstreamNoxPpm: 35,
  reagentPercent: 70,
  airIntakeKgph: 500,
  scrInletC: 300,
  scrOutletC: 280,
  dpfDropKpa: 2,
  coolantC: 88,
  fuelPercent: 60,
  position: { lng, lat },
  odometerKm: 321,
});

interface Row {
  vin: string;
  online: boolean;
  state: string;
  lastReportAt: number | null;
  engineRpm: number | null;
  loadPercent: number | null;
  coolantC: number | null;
  longitude: number | null;
  latitude: number | null;
  alarm: string | null;
}

async function stateOf(token: string): Promise<Row> {
  const res = await ledger.call("getMachineState", { token, query: { vin: pin } });
  expect(res.status).toBe(200);
  return res.body.data as Row;
}

describe.skipIf(engine.skip)(`machines through the HJ 1239 / HJ 1322 gateway (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 2, journalPerVehicle: 1 } } });
    base = server.url;
    gateway = await startGateway(server.db, { port: 0, hj1239Port: 0, flushMs: 20, idleTimeoutMs: 10_000 });
    ({ token: admin } = await signIn(base, "admin", "Admin@123456"));
    ({ token: other } = await signIn(base, "tenant2admin", "Admin@123456"));
    const res = await ledger.call("listMachineStates", { token: admin, query: { pageSize: 100 } });
    const silent = (res.body.data.list as Row[]).filter((r) => r.lastReportAt === null);
    expect(silent.length).toBeGreaterThan(0);
    pin = (silent[0] as Row).vin;
  }, 120_000);
  afterAll(async () => {
    await gateway?.close();
    await server?.stop();
  });

  it("a machine's login and real-time units show in 机械实时状态 and on 地图监控, moving; its alarm and logout too", async () => {
    const terminal = { vin: pin, softwareVersion: 3 };
    const t0 = Math.floor(Date.now() / 1000) * 1000 - 60_000;
    const unit = (at: number, serial: number, rpm: number, lng: number) =>
      ok(
        encodeHj1239Realtime(terminal, {
          time: at,
          serial,
          items: Array.from({ length: 10 }, (_, i) => ({
            kind: "diesel" as const,
            time: at - 9_000 + i * 1000,
            stream: readings(rpm, lng + i * 0.00001, 34.75),
          })),
        }),
      );
    const t = await TestHj1239Terminal.open(gateway.hj1239Port as number);
    try {
      expect(
        (await t.send(ok(encodeHj1239Login(terminal, { time: t0, serial: 1, iccid: "89860000000000001322" }))))
          ?.command,
      ).toBe(0x01);
      expect((await t.send(unit(t0 + 10_000, 2, 1600, 113.6)))?.command).toBe(0x02);

      const working = await stateOf(admin);
      expect(working).toMatchObject({
        online: true,
        state: "working",
        lastReportAt: t0 + 10_000,
        engineRpm: 1600,
        loadPercent: 55,
        coolantC: 88,
        alarm: null,
      });
      expect(working.longitude).toBeCloseTo(113.6 + 9 * 0.00001, 5);
      expect(working.latitude).toBeCloseTo(34.75, 5);
      const map = async () => {
        const res = await ledger.call("listMachineMap", { token: admin });
        expect(res.status).toBe(200);
        const m = res.body.data as { vin: string[]; lng: number[]; state: string[] };
        const i = m.vin.indexOf(pin);
        return { lng: m.lng[i], state: m.state[i] };
      };
      expect(await map()).toMatchObject({ state: "working" });

      // It moves: the next unit's place is the map's and the state's; idling is 在线.
      expect((await t.send(unit(t0 + 20_000, 3, 800, 113.7)))?.command).toBe(0x02);
      expect((await map()).lng).toBeCloseTo(113.7 + 9 * 0.00001, 5);
      expect((await stateOf(admin)).state).toBe("online");

      // A re-sent older unit fills the history but never replaces the latest state.
      expect(
        (
          await t.send(
            ok(
              encodeHj1239Realtime(terminal, {
                time: t0 + 5_000,
                serial: 4,
                resent: true,
                items: [{ kind: "diesel", time: t0 + 5_000, stream: readings(1200, 113.5, 34.75) }],
              }),
            ),
          )
        )?.command,
      ).toBe(0x03);
      expect((await stateOf(admin)).lastReportAt).toBe(t0 + 20_000);
      const history = await ledger.call("listMachineHistory", {
        token: admin,
        query: { vin: pin, startTime: t0 - 60_000, endTime: t0 + 60_000, pageSize: 10 },
      });
      expect((history.body.data.list as { collectedAt: number }[]).map((r) => r.collectedAt)).toEqual([
        t0 + 20_000,
        t0 + 10_000,
        t0 + 5_000,
      ]);

      // 防拆报警: the machine is in alarm (终端拆除报警) until its next report.
      expect(
        (
          await t.send(
            ok(
              encodeHj1239AntiTamper(terminal, { time: t0 + 25_000, serial: 5, position: { lng: 113.71, lat: 34.75 } }),
            ),
          )
        )?.command,
      ).toBe(0x06);
      expect(await stateOf(admin)).toMatchObject({ state: "alarm", alarm: "终端拆除报警" });

      // Logout: 离线, and the login/logout pair is an online session.
      expect((await t.send(ok(encodeHj1239Logout(terminal, { time: t0 + 30_000, serial: 6 }))))?.command).toBe(0x04);
      const out = await stateOf(admin);
      expect(out.online).toBe(false);
    } finally {
      t.end();
    }
    // Another tenant does not see the machine; the journal keeps the frames under the PIN.
    expect((await ledger.call("getMachineState", { token: other, query: { vin: pin } })).status).toBe(404);
    const frames = await server.db
      .selectFrom("gateway_frame")
      .select(["status", "command"])
      .where("vin", "=", pin)
      .execute();
    expect(frames.map((f) => f.status)).toEqual(["ok", "ok", "ok", "ok", "ok", "ok"]);
    // Nothing of the machine lands in the vehicle stores.
    expect(await server.db.selectFrom("gateway_vehicle_state").select("vin").where("vin", "=", pin).execute()).toEqual(
      [],
    );
    expect(await server.db.selectFrom("vehicle_login_log").select("vin").where("vin", "=", pin).execute()).toEqual([]);
  });

  it("a PIN in no 机械信息 (and no vehicle table) is journaled vin-unknown and not answered", async () => {
    const stranger = "LSTRANGER00000001";
    const t = await TestHj1239Terminal.open(gateway.hj1239Port as number);
    try {
      const login = ok(
        encodeHj1239Login(
          { vin: stranger, softwareVersion: 3 },
          { time: Date.now(), serial: 1, iccid: "89860000000000001322" },
        ),
      );
      await t.write(login);
      expect(await t.waitAnswers(1, 400)).toEqual([]);
    } finally {
      t.end();
    }
    const rows = await server.db.selectFrom("machine_connection").select("vin").where("vin", "=", stranger).execute();
    expect(rows).toEqual([]);
  });
});
