import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Gateway, startGateway } from "../../apps/server/src/gateway/gatewayServer";
import type { Jt808Terminal } from "../../apps/server/src/simulator/jt808Terminal";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { signIn } from "./support/contract";
import { connectJt808Terminal, jt808CommandTargets } from "./support/jt808Rig";
import { JT808_CONTROL_OPS } from "./support/owners";

const engine = testEngine();
let server: TestServer;
let base: string;
const ledger = new CallLedger(() => base);
let admin: string;
let other: string;
let gateway: Gateway;
let terminal: Jt808Terminal;
let bound: { vin: string; terminalId: string };
let gbtVin: string;

interface Cmd {
  id: number;
  kind: string;
  state: string;
  params: Record<string, unknown>;
  answer: { doorLocked?: boolean } | null;
}

const detail = async (id: number) =>
  (await ledger.call("getCommand", { token: admin, query: { id } })).body.data as Cmd & {
    events: { state: string }[];
  };
const settled = async (id: number) => {
  await expect.poll(async () => (await detail(id)).state, { timeout: 10_000 }).toBe("success");
  return detail(id);
};

/** 终端控制 (0x8105) and 车辆控制 (0x8500) as operator operations, through the gateway to a simulated JT/T 808 terminal (issue 17). */
describe.skipIf(engine.skip)(`JT/T 808 终端控制 / 车辆控制 operations (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 6, journalPerVehicle: 1 } } });
    base = server.url;
    ({ token: admin } = await signIn(base, "admin", "Admin@123456"));
    ({ token: other } = await signIn(base, "tenant2admin", "Admin@123456"));
    ({ bound, gbtVin } = await jt808CommandTargets(server.db));
    gateway = await startGateway(server.db, { port: 0, jt808Port: 0, flushMs: 20, commandPollMs: 50 });
    terminal = await connectJt808Terminal(gateway, { ...bound, phone: "14000000817", edition: 2019 }, 17);
  }, 300_000);
  afterAll(async () => {
    await terminal?.close();
    await gateway?.close();
    await server?.stop();
  });

  it("车门加锁: queued for the JT/T 808 terminal, its 0x0500 makes it a success with doorLocked; 解锁 clears it", async () => {
    const lock = await ledger.call("sendJt808VehicleControl", {
      token: admin,
      body: { vin: bound.vin, action: "lock" },
    });
    expect(lock.status).toBe(200);
    const queued = lock.body.data as Cmd;
    expect(queued).toMatchObject({ kind: "jt808VehicleControl", state: "queued" });
    expect(queued.params).toEqual({ vehicle: { controls: [{ type: "door", action: "lock" }] } });
    const done = await settled(queued.id);
    expect(done.answer).toMatchObject({ doorLocked: true });
    expect(done.events.map((e) => e.state)).toEqual(["queued", "sent", "acknowledged", "success"]);
    expect(terminal.control.doorLocked).toBe(true);
    const unlock = await ledger.call("sendJt808VehicleControl", {
      token: admin,
      body: { vin: bound.vin, action: "unlock" },
    });
    expect((await settled((unlock.body.data as Cmd).id)).answer).toMatchObject({ doorLocked: false });
    expect(terminal.control.doorLocked).toBe(false);
  });

  it("终端复位 and 连接指定服务器: 0x8105 with the operator's parameters, answered 0x0001 → success", async () => {
    const reset = await ledger.call("sendJt808TerminalControl", {
      token: admin,
      body: { vin: bound.vin, command: "reset" },
    });
    expect(reset.status).toBe(200);
    await settled((reset.body.data as Cmd).id);
    const connect = await ledger.call("sendJt808TerminalControl", {
      token: admin,
      body: {
        vin: bound.vin,
        command: "connectServer",
        authCode: "AUTH9",
        apn: "CMNET",
        address: "10.1.2.3",
        tcpPort: 7611,
      },
    });
    const c = await settled((connect.body.data as Cmd).id);
    expect(c.params).toMatchObject({ control: { command: "connectServer", connection: 0, address: "10.1.2.3" } });
    expect(terminal.control.lastControl).toBe("connectServer");
  });

  it("refuses with a Chinese message on the field, queueing nothing: a VIN without a JT/T 808 terminal, missing URL/address, a ';' in a parameter, another tenant's VIN", async () => {
    const before = await server.db
      .selectFrom("gateway_command")
      .select((e) => e.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    const notJt = await ledger.call("sendJt808VehicleControl", { token: admin, body: { vin: gbtVin, action: "lock" } });
    expect(notJt.status).toBe(400);
    expect(notJt.body.data.failDetail).toEqual([
      { field: "vin", msg: "vin：该车辆的终端不是JT/T 808终端，不支持车辆控制（0x8500）" },
    ]);
    const notJtControl = await ledger.call("sendJt808TerminalControl", {
      token: admin,
      body: { vin: gbtVin, command: "reset" },
    });
    expect(notJtControl.body.data.failDetail).toEqual([
      { field: "vin", msg: "vin：该车辆的终端不是JT/T 808终端，不支持终端控制（0x8105）" },
    ]);
    const noUrl = await ledger.call("sendJt808TerminalControl", {
      token: admin,
      body: { vin: bound.vin, command: "upgrade" },
    });
    expect(noUrl.status).toBe(400);
    expect(noUrl.body.data.failDetail).toEqual([{ field: "url", msg: "请输入升级包的URL地址" }]);
    const noAddress = await ledger.call("sendJt808TerminalControl", {
      token: admin,
      body: { vin: bound.vin, command: "connectServer" },
    });
    expect(noAddress.body.data.failDetail).toEqual([{ field: "address", msg: "请输入要连接的服务器地址" }]);
    const semicolon = await ledger.call("sendJt808TerminalControl", {
      token: admin,
      body: { vin: bound.vin, command: "upgrade", url: "http://ota.example/a.bin", apn: "CM;NET" },
    });
    expect(semicolon.body.data.failDetail).toEqual([
      { field: "apn", msg: "“拨号点名称”应为ASCII可见字符，且不含分号" },
    ]);
    const foreign = await ledger.call("sendJt808VehicleControl", {
      token: other,
      body: { vin: bound.vin, action: "lock" },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.data.failDetail).toEqual([{ field: "vin", msg: "vin：未找到该VIN的车辆" }]);
    const after = await server.db
      .selectFrom("gateway_command")
      .select((e) => e.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    ledger.expectCovered(JT808_CONTROL_OPS);
  });
});
