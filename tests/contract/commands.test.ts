import { startSimVehicle } from "@tsp/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Gateway, startGateway } from "../../apps/server/src/gateway/gatewayServer";
import { createRng } from "../../apps/server/src/seed/rng";
import { GbtTerminal } from "../../apps/server/src/simulator/gbtTerminal";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { signIn } from "./support/contract";
import { COMMAND_OPS } from "./support/owners";

const engine = testEngine();
let server: TestServer;
let base: string;
const ledger = new CallLedger(() => base);
let admin: string;
let other: string;
let vin: string;
let offlineVin: string;
let gateway: Gateway;
let terminal: GbtTerminal;

interface Command {
  id: number;
  state: string;
  reason: string | null;
  answer: { params: { id: number; value: number | string }[] } | null;
}

const detail = async (id: number) => (await ledger.call("getCommand", { token: admin, query: { id } })).body.data;

describe.skipIf(engine.skip)(`remote commands (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 4, journalPerVehicle: 2 } } });
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
    offlineVin = vins[1]?.vin ?? "";
    gateway = await startGateway(server.db, { port: 0, flushMs: 20, commandPollMs: 50 });
    terminal = new GbtTerminal({ vin, protocol: "gbt32960" }, { host: gateway.host, port: gateway.port });
    const s = { ...startSimVehicle(0, Date.now(), createRng(1).next), linkDown: false };
    await terminal.report(s);
  }, 120_000);
  afterAll(async () => {
    await terminal?.close(Date.now());
    await gateway?.close();
    await server?.stop();
  });

  it("queries a logged-in vehicle's parameters: the answer's values and every transition", async () => {
    const res = await ledger.call("sendParamQuery", { token: admin, body: { vin, ids: [0x02, 0x09, 0x05] } });
    expect(res.status).toBe(200);
    const c = res.body.data as Command;
    expect(c.state).toBe("queued");
    await expect.poll(async () => (await detail(c.id)).state, { timeout: 8000 }).toBe("success");
    const d = await detail(c.id);
    expect(d.answer.params).toEqual([
      { id: 0x02, value: 10 },
      { id: 0x09, value: 60 },
      { id: 0x04, value: 9 },
      { id: 0x05, value: "127.0.0.1" },
    ]);
    expect(d.events.map((e: { state: string }) => e.state)).toEqual(["queued", "sent", "acknowledged", "success"]);
    expect(d.answerHex).toMatch(/^2323800[1]/);
  });

  it("sets the report period; the timeline shows the steps and the vehicle's login", async () => {
    const res = await ledger.call("sendParamSet", { token: admin, body: { vin, params: [{ id: 2, value: 30 }] } });
    const c = res.body.data as Command;
    await expect.poll(async () => (await detail(c.id)).state, { timeout: 8000 }).toBe("success");
    expect(terminal.reportPeriodMs).toBe(30_000);
    const timeline = await ledger.call("getCommandTimeline", { token: admin, query: { vin } });
    expect(timeline.status).toBe(200);
    const types = (timeline.body.data as { type: string; commandId: number | null }[]).map((e) => e.type);
    expect(types.slice(0, 4)).toEqual(["success", "acknowledged", "sent", "queued"]);
    expect(types).toContain("login");
  });

  it("refuses bad values with the domain's Chinese message, and queues nothing", async () => {
    const before = (await ledger.call("listCommands", { token: admin, query: { pageNum: 1, pageSize: 50 } })).body.data
      .total;
    const bad = await ledger.call("sendParamSet", { token: admin, body: { vin, params: [{ id: 2, value: 601 }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.failDetail[0]).toEqual({
      field: "params[0].value",
      msg: "正常时信息上报时间周期应为1–600s的整数",
    });
    const readOnly = await ledger.call("sendParamSet", {
      token: admin,
      body: { vin, params: [{ id: 7, value: "HW2" }] },
    });
    expect(readOnly.body.data.failDetail[0].msg).toBe("硬件版本为只读参数，不能设置");
    const q = await ledger.call("sendParamQuery", { token: admin, body: { vin, ids: [0x20] } });
    expect(q.status).toBe(400);
    expect(q.body.data.failDetail[0].msg).toBe("参数ID0x20不是国标定义的参数");
    const alarm = await ledger.call("sendTerminalControl", {
      token: admin,
      body: { vin, command: "alarm", level: 1, text: "注意" },
    });
    expect(alarm.status).toBe(400);
    expect(alarm.body.data.failDetail[0].msg).toMatch(/暂不支持中文/);
    const noLevel = await ledger.call("sendTerminalControl", { token: admin, body: { vin, command: "alarm" } });
    expect(noLevel.body.data.failDetail[0]).toEqual({ field: "level", msg: "请选择报警等级" });
    const after = (await ledger.call("listCommands", { token: admin, query: { pageNum: 1, pageSize: 50 } })).body.data
      .total;
    expect(after).toBe(before);
    const badList = await ledger.call("listCommands", { token: admin, query: { state: "done" } });
    expect(badList.status).toBe(400);
    const badTimeline = await ledger.call("getCommandTimeline", { token: admin, query: { vin: "X" } });
    expect(badTimeline.status).toBe(400);
  });

  it("queues for an offline vehicle, cancels it, refuses a second cancel; another tenant sees nothing", async () => {
    const cancelledIds = async () =>
      (
        await ledger.call("listCommands", { token: admin, query: { vin: offlineVin, state: "cancelled" } })
      ).body.data.list.map((r: Command) => r.id);
    // The seed may hold cancelled commands of this vehicle already (车控提醒's examples).
    const earlier: number[] = await cancelledIds();
    const res = await ledger.call("sendTerminalControl", {
      token: admin,
      body: { vin: offlineVin, command: "reset", ttlSeconds: 60 },
    });
    const c = res.body.data as Command;
    expect(c.state).toBe("queued");
    const cancelled = await ledger.call("cancelCommand", { token: admin, body: { id: c.id } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ state: "cancelled", reason: "admin撤销" });
    const again = await ledger.call("cancelCommand", { token: admin, body: { id: c.id } });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe("命令已撤销，只能撤销排队中的命令");
    expect((await cancelledIds()).toSorted()).toEqual([...earlier, c.id].toSorted());
    // Tenant T0002 sees neither the vehicle nor its commands.
    const foreign = await ledger.call("sendParamQuery", { token: other, body: { vin, ids: [2] } });
    expect(foreign.status).toBe(400);
    expect((await ledger.call("getCommand", { token: other, query: { id: c.id } })).status).toBe(404);
    expect((await ledger.call("listCommands", { token: other, query: {} })).body.data.total).toBe(0);
    expect((await ledger.call("getCommandTimeline", { token: other, query: { vin } })).body.data).toEqual([]);
    expect((await ledger.call("cancelCommand", { token: other, body: { id: c.id } })).status).toBe(404);
  });

  it("calls every owned operation with good and bad input", () => {
    ledger.expectCovered(COMMAND_OPS);
  });
});
