import { startSimVehicle } from "@tsp/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Gateway, startGateway } from "../../apps/server/src/gateway/gatewayServer";
import { createRng } from "../../apps/server/src/seed/rng";
import { GbtTerminal } from "../../apps/server/src/simulator/gbtTerminal";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { signIn } from "./support/contract";
import { COMMAND_2_OPS } from "./support/owners";

const engine = testEngine();
let server: TestServer;
let base: string;
const ledger = new CallLedger(() => base);
let admin: string;
let other: string;
let vin: string;
let gateway: Gateway;
let terminal: GbtTerminal;

interface Event {
  state: string;
  note: string | null;
}

const detail = async (id: number) => (await ledger.call("getCommand", { token: admin, query: { id } })).body.data;
const sample = () => ({ ...startSimVehicle(0, Date.now(), createRng(2).next), linkDown: false });

describe.skipIf(engine.skip)(`wake-up and remote control (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 3, journalPerVehicle: 1 } } });
    base = server.url;
    ({ token: admin } = await signIn(base, "admin", "Admin@123456"));
    ({ token: other } = await signIn(base, "tenant2admin", "Admin@123456"));
    const vins = await server.db
      .selectFrom("vehicle")
      .innerJoin("tenant", "tenant.id", "vehicle.tenant_id")
      .select("vin")
      .where("tenant.code", "=", "T0001")
      .orderBy("vin")
      .execute();
    vin = vins[0]?.vin ?? "";
    gateway = await startGateway(server.db, { port: 0, flushMs: 20, commandPollMs: 50 });
    // A sleeping T-BOX: no connection until the built-in SMS gateway delivers the wake-up SMS.
    terminal = new GbtTerminal({ vin, protocol: "gbt32960" }, { host: gateway.host, port: gateway.port });
    terminal.sleep();
    gateway.smsInbox.subscribe(vin, () => {
      terminal.wake();
      void terminal.report(sample());
    });
  }, 120_000);
  afterAll(async () => {
    await terminal?.close(Date.now());
    await gateway?.close();
    await server?.stop();
  });

  it("wakes a sleeping T-BOX: SMS recorded, the login finishes the command and reads 唤醒登入 in the timeline", async () => {
    await terminal.report(sample());
    expect(terminal.counts.connects, "asleep, it does not connect").toBe(0);
    const res = await ledger.call("sendWakeUp", { token: admin, body: { vin } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ kind: "wakeUp", state: "queued" });
    expect(res.body.data.expiresAt - res.body.data.createdAt).toBe(90_000);
    const id = res.body.data.id as number;
    await expect.poll(async () => (await detail(id)).state, { timeout: 10_000 }).toBe("success");
    const d = await detail(id);
    expect(d.events.map((e: Event) => e.state)).toEqual(["queued", "smsSent", "success"]);
    expect(d.events[1].note).toMatch(/^唤醒短信已发送至/);
    expect(d.events[2].note).toBe("车辆已唤醒并登入");
    expect(d.requestHex).toBeNull();
    const sms = await server.db.selectFrom("gateway_sms").selectAll().where("command_id", "=", id).execute();
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ vin, text: "TSP:WAKEUP", provider: "local" });
    expect(sms[0]?.login_at).not.toBeNull();
    const timeline = (await ledger.call("getCommandTimeline", { token: admin, query: { vin } })).body.data as {
      type: string;
      note: string | null;
    }[];
    expect(timeline.filter((e) => e.type === "login").map((e) => e.note)).toContain("唤醒登入");
    // Awake now: a second wake-up needs no SMS.
    const again = (await ledger.call("sendWakeUp", { token: admin, body: { vin, ttlSeconds: 30 } })).body.data;
    await expect.poll(async () => (await detail(again.id)).state, { timeout: 8000 }).toBe("success");
    expect((await detail(again.id)).events.at(-1).note).toBe("车辆在线，无需唤醒");
  });

  it("sends each group of remote control; the car answers, the frame is kept both ways", async () => {
    const calls = [
      ["sendRemoteLock", { action: "unlock" }],
      ["sendRemoteFindCar", { action: "findCar" }],
      ["sendRemoteClimate", { action: "climateOn", value: 22 }],
      ["sendRemoteWindows", { action: "windowsClose" }],
      ["sendRemoteEngine", { action: "engineStart", value: 10 }],
    ] as const;
    const ids: number[] = [];
    for (const [op, body] of calls) {
      const res = await ledger.call(op, { token: admin, body: { vin, ...body } });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ kind: "remoteControl", params: { remote: body } });
      ids.push(res.body.data.id);
    }
    for (const id of ids) await expect.poll(async () => (await detail(id)).state, { timeout: 10_000 }).toBe("success");
    expect(terminal.remoteActions).toEqual(["unlock", "findCar", "climateOn", "windowsClose", "engineStart"]);
    const climate = await detail(ids[2] as number);
    // 0x82 command frame, VIN, …, data unit ending 80 04 16 (22 ℃).
    expect(climate.requestHex).toMatch(/^232382FE/);
    expect(climate.requestHex).toMatch(/800416..$/);
    expect(climate.answerHex).toMatch(/^23238201/);
  });

  it("refuses values out of range, a wrong action for the group, bad VINs and TTLs, and another tenant's VIN", async () => {
    const hot = await ledger.call("sendRemoteClimate", { token: admin, body: { vin, action: "climateOn", value: 40 } });
    expect(hot.status).toBe(400);
    expect(hot.body.data.failDetail[0]).toEqual({ field: "value", msg: "空调开启的参数应为16–32℃的整数" });
    const noMinutes = await ledger.call("sendRemoteEngine", { token: admin, body: { vin, action: "engineStart" } });
    expect(noMinutes.body.data.failDetail[0].msg).toBe("远程启动的参数应为1–30分钟的整数");
    const wrongGroup = await ledger.call("sendRemoteLock", { token: admin, body: { vin, action: "findCar" } });
    expect(wrongGroup.status).toBe(400);
    const badVin = await ledger.call("sendWakeUp", { token: admin, body: { vin: "X" } });
    expect(badVin.status).toBe(400);
    const shortTtl = await ledger.call("sendWakeUp", { token: admin, body: { vin, ttlSeconds: 1 } });
    expect(shortTtl.status).toBe(400);
    const foreign = await ledger.call("sendWakeUp", { token: other, body: { vin } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.data.failDetail[0].field).toBe("vin");
    expect(foreign.body.data.failDetail[0].msg).toMatch(/未找到该VIN的车辆$/);
    for (const [opId, body] of [
      ["sendRemoteFindCar", { vin, action: "lock" }],
      ["sendRemoteWindows", { vin, action: "windowsOpen", value: 3 }],
    ] as const) {
      expect((await ledger.call(opId, { token: admin, body })).status).toBe(400);
    }
  });

  it("calls every owned operation with good and bad input", () => {
    ledger.expectCovered(COMMAND_2_OPS);
  });
});
