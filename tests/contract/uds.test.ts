import { startSimVehicle } from "@tsp/domain";
import { download, type TspClient } from "@tsp/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Gateway, startGateway } from "../../apps/server/src/gateway/gatewayServer";
import { createRng } from "../../apps/server/src/seed/rng";
import { GbtTerminal } from "../../apps/server/src/simulator/gbtTerminal";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { sheetRows } from "./business-sheets";
import { signIn } from "./support/contract";
import { UDS_OPS } from "./support/owners";

const engine = testEngine();
let server: TestServer;
let base: string;
const ledger = new CallLedger(() => base);
let admin: string;
let adminSdk: TspClient<Record<string, never>>;
let operator: string;
let other: string;
let vin: string;
let gateway: Gateway;
let terminal: GbtTerminal;
let ecus: { id: number; name: string; requestId: number; responseId: number }[];

interface Diagnosis {
  id: number;
  state: string;
  reason: string | null;
  requestHex: string;
  responseHex: string | null;
  result: Record<string, unknown> | null;
}

const ecu = (prefix: string) => ecus.find((e) => e.name.startsWith(prefix))?.id as number;
const sample = () => ({ ...startSimVehicle(0, Date.now(), createRng(5).next), linkDown: false });

/** Sends one request and waits for it to finish; answers the finished diagnosis as the history lists it. */
async function run(op: "sendUdsRead" | "sendUdsControl", body: Record<string, unknown>): Promise<Diagnosis> {
  const res = await ledger.call(op, { token: admin, body: { vin, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.state).toBe("queued");
  const id = res.body.data.id as number;
  const find = async () => {
    const page = await ledger.call("listUdsDiagnoses", { token: admin, query: { vin, pageSize: 50 } });
    return (page.body.data.list as Diagnosis[]).find((d) => d.id === id) as Diagnosis;
  };
  await expect.poll(async () => (await find()).state, { timeout: 10_000 }).toMatch(/^(success|failed)$/);
  return find();
}

describe.skipIf(engine.skip)(`UDS诊断 (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 3, journalPerVehicle: 1 } } });
    base = server.url;
    const a = await signIn(base, "admin", "Admin@123456");
    admin = a.token;
    adminSdk = a.sdk;
    operator = (await signIn(base, "operator", "Operator@123456")).token;
    other = (await signIn(base, "tenant2admin", "Admin@123456")).token;
    const vins = await server.db
      .selectFrom("vehicle")
      .innerJoin("tenant", "tenant.id", "vehicle.tenant_id")
      .select("vin")
      .where("tenant.code", "=", "T0001")
      .orderBy("vin")
      .execute();
    vin = vins[0]?.vin ?? "";
    gateway = await startGateway(server.db, { port: 0, flushMs: 20, commandPollMs: 50 });
    terminal = new GbtTerminal({ vin, protocol: "gbt32960" }, { host: gateway.host, port: gateway.port });
    await terminal.report(sample());
  }, 120_000);
  afterAll(async () => {
    await terminal?.close(Date.now());
    await gateway?.close();
    await server?.stop();
  });

  it("lists the ECUs of the vehicle's model with their CAN ids; another tenant's VIN is refused", async () => {
    const res = await ledger.call("listUdsEcus", { token: admin, query: { vin } });
    expect(res.status).toBe(200);
    ecus = res.body.data.ecus;
    expect(ecus.slice(0, 5).map((e) => [e.name.split(" ")[0], e.requestId, e.responseId])).toEqual([
      ["VCU", 0x7e0, 0x7e8],
      ["BMS", 0x7e1, 0x7e9],
      ["MCU", 0x7e2, 0x7ea],
      ["BCM", 0x740, 0x748],
      ["T-BOX", 0x7a0, 0x7a8],
    ]);
    const foreign = await ledger.call("listUdsEcus", { token: other, query: { vin } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.data.failDetail[0].field).toBe("vin");
  });

  it("reads the VCU's DTCs decoded, clears them, and reads none", async () => {
    const before = await run("sendUdsRead", { ecuId: ecu("VCU"), service: "readDtc" });
    expect(before.state).toBe("success");
    expect(before.requestHex).toBe("1902FF");
    expect(before.responseHex).toMatch(/^5902FF0A1F0009/);
    const dtcs = before.result?.dtcs as { code: string; statusBits: string[] }[];
    expect(dtcs[0]).toEqual({ code: "P0A1F-00", value: 0x0a1f00, status: 9, statusBits: ["测试失败", "已确认故障码"] });
    const cleared = await run("sendUdsControl", { ecuId: ecu("VCU"), service: "clearDtc" });
    expect(cleared).toMatchObject({
      state: "success",
      requestHex: "14FFFFFF",
      responseHex: "54",
      result: { kind: "cleared" },
    });
    const after = await run("sendUdsRead", { ecuId: ecu("VCU"), service: "readDtc", statusMask: 0x09 });
    expect(after.result).toEqual({ kind: "dtcs", availabilityMask: 0xff, dtcs: [] });
    // The BMS was not cleared: it still reports.
    const bms = await run("sendUdsRead", { ecuId: ecu("BMS"), service: "readDtc" });
    expect(bms.result).toMatchObject({
      kind: "dtcs",
      dtcs: expect.arrayContaining([expect.objectContaining({ code: "P0AA6-1A" })]),
    });
    // Each diagnosis is a command: on the VIN's timeline, its frames kept.
    const timeline = await ledger.call("getCommandTimeline", { token: admin, query: { vin } });
    const mine = (timeline.body.data as { kind: string | null; type: string; commandId: number }[]).filter(
      (e) => e.commandId === before.id,
    );
    expect(mine.map((e) => e.type).toReversed()).toEqual(["queued", "sent", "acknowledged", "success"]);
    expect(mine.every((e) => e.kind === "udsDiagnosis")).toBe(true);
    const command = await ledger.call("getCommand", { token: admin, query: { id: before.id } });
    // 0x82 · 0x81 · 000007E0 · 000007E8 · 0003 · 19 02 FF, answered flag 01.
    expect(command.body.data.requestHex).toMatch(/^232382FE.*81000007E0000007E800031902FF..$/);
    expect(command.body.data.answerHex).toMatch(/^23238201/);
  }, 30_000);

  it("reads identifiers; an unsupported one and a reset outside the extended session answer NRCs", async () => {
    const vinDid = await run("sendUdsRead", { ecuId: ecu("VCU"), service: "readDid", did: 0xf190 });
    expect(vinDid.result).toMatchObject({ kind: "did", did: 0xf190, name: "车辆识别代号（VIN）", text: vin });
    const supplier = await run("sendUdsRead", { ecuId: ecu("BCM"), service: "readDid", did: 0xf18a });
    expect(supplier).toMatchObject({
      state: "failed",
      reason: "ECU否定响应：0x31 请求超出范围（requestOutOfRange）",
      result: { kind: "negative", sid: 0x22, nrc: 0x31 },
    });
    const early = await run("sendUdsControl", { ecuId: ecu("MCU"), service: "reset", resetType: 1 });
    expect(early.result).toMatchObject({ kind: "negative", nrc: 0x7f });
    const session = await run("sendUdsControl", { ecuId: ecu("MCU"), service: "session", session: 3 });
    expect(session.result).toEqual({ kind: "session", session: 3, name: "扩展会话", p2Ms: 50, p2StarMs: 5000 });
    const reset = await run("sendUdsControl", { ecuId: ecu("MCU"), service: "reset", resetType: 1 });
    expect(reset).toMatchObject({ state: "success", result: { kind: "reset", resetType: 1, name: "硬件复位" } });
  }, 30_000);

  it("fails a request no ECU answers with the terminal's 02", async () => {
    const model = await server.db.selectFrom("vehicle").select("model_id").where("vin", "=", vin).executeTakeFirst();
    const added = await server.db
      .insertInto("uds_ecu")
      .values({
        model_id: model?.model_id ?? null,
        name: "GW 网关（无应答）",
        request_id: 0x710,
        response_id: 0x718,
        sort: 9,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const silent = await run("sendUdsRead", { ecuId: added.id, service: "readDtc" });
    expect(silent).toMatchObject({
      state: "failed",
      reason: "ECU无响应：终端在P2*时间内未收到ECU的响应",
      result: null,
    });
  }, 30_000);

  it("filters the history, exports it as a task, and keeps it from other tenants", async () => {
    const clears = await ledger.call("listUdsDiagnoses", { token: admin, query: { vin, service: "clearDtc" } });
    expect(clears.body.data.total).toBe(1);
    const vcu = ecus.find((e) => e.name.startsWith("VCU"))?.name as string;
    const ofVcu = await ledger.call("listUdsDiagnoses", { token: admin, query: { ecu: vcu } });
    expect(ofVcu.body.data.total).toBe(4);
    expect((await ledger.call("listUdsDiagnoses", { token: other, query: { vin } })).body.data.total).toBe(0);
    const res = await ledger.call("exportUdsDiagnoses", { token: admin, query: { vin, ecu: vcu } });
    expect(res.body.msg).toBe("导出任务已提交，请到导出文件列表查看");
    expect((await ledger.call("exportUdsDiagnoses", { token: operator, query: {} })).status).toBe(403);
    await server.ctx.exports.idle();
    const file = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${res.body.data.taskId}/download`);
    const rows = await sheetRows(await file.blob.arrayBuffer());
    expect(rows[0]).toEqual([
      "VIN",
      "ECU",
      "请求",
      "请求报文",
      "状态",
      "结果",
      "响应报文",
      "发送人",
      "发送时间",
      "完成时间",
    ]);
    expect(rows).toHaveLength(5);
    // Newest first: the VIN read last, the first read's DTCs at the bottom.
    expect(rows[1]?.[5]).toBe(vin);
    expect(String(rows[4]?.[5])).toMatch(/^P0A1F-00（测试失败、已确认故障码）/);
    expect(rows.slice(2, 4).map((r) => r[5])).toEqual(["无故障码", "已清除"]);
  });

  it("refuses missing and out-of-range values, an ECU of another model and another tenant's VIN", async () => {
    const noDid = await ledger.call("sendUdsRead", {
      token: admin,
      body: { vin, ecuId: ecu("VCU"), service: "readDid" },
    });
    expect(noDid.status).toBe(400);
    expect(noDid.body.data.failDetail[0]).toEqual({ field: "did", msg: "请选择数据标识符" });
    const badDid = await ledger.call("sendUdsRead", {
      token: admin,
      body: { vin, ecuId: ecu("VCU"), service: "readDid", did: 0xf100 },
    });
    expect(badDid.body.data.failDetail[0]).toEqual({ field: "service", msg: "不支持的数据标识符" });
    const noSession = await ledger.call("sendUdsControl", {
      token: admin,
      body: { vin, ecuId: ecu("VCU"), service: "session" },
    });
    expect(noSession.body.data.failDetail[0]).toEqual({ field: "session", msg: "请选择诊断会话" });
    const noReset = await ledger.call("sendUdsControl", {
      token: admin,
      body: { vin, ecuId: ecu("VCU"), service: "reset" },
    });
    expect(noReset.body.data.failDetail[0]).toEqual({ field: "resetType", msg: "请选择复位类型" });
    const mask = await ledger.call("sendUdsRead", {
      token: admin,
      body: { vin, ecuId: ecu("VCU"), service: "readDtc", statusMask: 0 },
    });
    expect(mask.status).toBe(400);
    const wrongGroup = await ledger.call("sendUdsRead", {
      token: admin,
      body: { vin, ecuId: ecu("VCU"), service: "clearDtc" },
    });
    expect(wrongGroup.status).toBe(400);
    const noEcu = await ledger.call("sendUdsRead", { token: admin, body: { vin, ecuId: 999_999, service: "readDtc" } });
    expect(noEcu.body.data.failDetail[0]).toEqual({ field: "ecuId", msg: "该车型没有所选的ECU" });
    const foreign = await ledger.call("sendUdsControl", {
      token: other,
      body: { vin, ecuId: ecu("VCU"), service: "clearDtc" },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.data.failDetail[0].msg).toMatch(/未找到该VIN的车辆$/);
    expect((await ledger.call("listUdsEcus", { token: admin, query: { vin: "X" } })).status).toBe(400);
    expect((await ledger.call("listUdsDiagnoses", { token: admin, query: { service: "x" } })).status).toBe(400);
    expect((await ledger.call("exportUdsDiagnoses", { token: admin, query: { ecu: "E".repeat(31) } })).status).toBe(
      400,
    );
  });

  it("calls every owned operation with good and bad input", () => {
    ledger.expectCovered(UDS_OPS);
  });
});
