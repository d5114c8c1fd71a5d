import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Gateway, startGateway } from "../../apps/server/src/gateway/gatewayServer";
import type { Jt808Terminal } from "../../apps/server/src/simulator/jt808Terminal";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { signIn } from "./support/contract";
import { connectJt808Terminal, jt808CommandTargets } from "./support/jt808Rig";
import { JT808_PARAM_OPS } from "./support/owners";

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
  answer: { jt808Params?: { id: number; value?: number | string; hex?: string }[] } | null;
  requestHex: string | null;
  events: { state: string }[];
}

const detail = async (id: number) =>
  (await ledger.call("getCommand", { token: admin, query: { id } })).body.data as Cmd;
const settled = async (id: number) => {
  await expect.poll(async () => (await detail(id)).state, { timeout: 10_000 }).toBe("success");
  return detail(id);
};
const count = async () =>
  Number(
    (
      await server.db
        .selectFrom("gateway_command")
        .select((e) => e.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const itemOf = (c: Cmd, id: number) => c.answer?.jt808Params?.find((p) => p.id === id);

/** JT/T 808 general terminal parameters (0x8104/0x8106 → 0x0104, 0x8103 → 0x0001) through the gateway to a simulated terminal (issue 17). */
describe.skipIf(engine.skip)(`JT/T 808 终端参数 operations (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 6, journalPerVehicle: 1 } } });
    base = server.url;
    ({ token: admin } = await signIn(base, "admin", "Admin@123456"));
    ({ token: other } = await signIn(base, "tenant2admin", "Admin@123456"));
    ({ bound, gbtVin } = await jt808CommandTargets(server.db));
    gateway = await startGateway(server.db, { port: 0, jt808Port: 0, flushMs: 20, commandPollMs: 50 });
    terminal = await connectJt808Terminal(gateway, { ...bound, phone: "14000000818", edition: 2019 }, 18);
  }, 300_000);
  afterAll(async () => {
    await terminal?.close();
    await gateway?.close();
    await server?.stop();
  });

  it("reads every parameter (0x8104, empty body), sets 0x0029 and the plate (0x8103), and reads them back (0x8106)", async () => {
    const all = await ledger.call("sendJt808ParamQuery", { token: admin, body: { vin: bound.vin } });
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ kind: "jt808ParamQuery", state: "queued", params: { ids: [] } });
    const read = await settled((all.body.data as Cmd).id);
    expect(read.events.map((e) => e.state)).toEqual(["queued", "sent", "acknowledged", "success"]);
    // 0x8104 with an empty body: 7E 8104 0000 (2019: version flag 0x4000, length 0) …
    expect(read.requestHex?.slice(2, 10)).toBe("81044000");
    expect(itemOf(read, 0x0029)).toEqual({ id: 0x0029, value: 10 });
    expect(itemOf(read, 0x0013)).toEqual({ id: 0x0013, value: "127.0.0.1" });
    expect(itemOf(read, 0x0083)).toEqual({ id: 0x0083, value: `沪A${bound.vin.slice(-5)}` });
    // The terminal's JT/T 1078 ids are not in the general table: kept as hex.
    expect(itemOf(read, 0x0079)).toEqual({ id: 0x0079, hex: "140501" });

    const set = await ledger.call("sendJt808ParamSet", {
      token: admin,
      body: {
        vin: bound.vin,
        params: [
          { id: 0x0029, value: 30 },
          { id: 0x0083, value: "京B12345" },
        ],
      },
    });
    expect(set.status).toBe(200);
    const done = await settled((set.body.data as Cmd).id);
    expect(done.params).toEqual({
      jt808Params: [
        { id: 0x0029, value: 30 },
        { id: 0x0083, value: "京B12345" },
      ],
    });
    expect(terminal.reportPeriodMs).toBe(30_000);

    const some = await ledger.call("sendJt808ParamQuery", {
      token: admin,
      body: { vin: bound.vin, ids: [0x0029, 0x0083] },
    });
    const again = await settled((some.body.data as Cmd).id);
    expect(again.answer?.jt808Params).toEqual([
      { id: 0x0029, value: 30 },
      { id: 0x0083, value: "京B12345" },
    ]);
  });

  it("refuses with a Chinese message naming the parameter, queueing nothing", async () => {
    const before = await count();
    const bad = await ledger.call("sendJt808ParamSet", {
      token: admin,
      body: { vin: bound.vin, params: [{ id: 0x0029, value: 0 }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.failDetail).toEqual([
      { field: "params[0].value", msg: "“缺省时间汇报间隔”（0x0029）应为1–86400s" },
    ]);
    const unknown = await ledger.call("sendJt808ParamSet", {
      token: admin,
      body: { vin: bound.vin, params: [{ id: 0x0075, value: 1 }] },
    });
    expect(unknown.body.data.failDetail).toEqual([{ field: "params[0].value", msg: "参数0x0075不是可设置的终端参数" }]);
    const twice = await ledger.call("sendJt808ParamSet", {
      token: admin,
      body: {
        vin: bound.vin,
        params: [
          { id: 0x0001, value: 30 },
          { id: 0x0001, value: 40 },
        ],
      },
    });
    expect(twice.body.data.failDetail).toEqual([{ field: "params", msg: "同一参数不能设置两次" }]);
    const repeated = await ledger.call("sendJt808ParamQuery", {
      token: admin,
      body: { vin: bound.vin, ids: [1, 1] },
    });
    expect(repeated.body.data.failDetail).toEqual([{ field: "ids", msg: "参数ID不能重复" }]);
    const notJt = await ledger.call("sendJt808ParamQuery", { token: admin, body: { vin: gbtVin } });
    expect(notJt.body.data.failDetail).toEqual([
      { field: "vin", msg: "vin：该车辆的终端不是JT/T 808终端，不支持终端参数查询（0x8104/0x8106）" },
    ]);
    const foreign = await ledger.call("sendJt808ParamSet", {
      token: other,
      body: { vin: bound.vin, params: [{ id: 0x0001, value: 30 }] },
    });
    expect(foreign.body.data.failDetail).toEqual([{ field: "vin", msg: "vin：未找到该VIN的车辆" }]);
    expect(await count()).toBe(before);
    ledger.expectCovered(JT808_PARAM_OPS);
  });
});
