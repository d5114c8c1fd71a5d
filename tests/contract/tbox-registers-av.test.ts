import { connect } from "node:net";
import { encodeJt808Message, type Jt808Body } from "@tsp/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Gateway, startGateway } from "../../apps/server/src/gateway/gatewayServer";
import type { Jt808Terminal } from "../../apps/server/src/simulator/jt808Terminal";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { signIn } from "./support/contract";
import { connectJt808Terminal } from "./support/jt808Rig";
import { REGISTERS_AV_OPS } from "./support/owners";

const engine = testEngine();
let server: TestServer;
let base: string;
const ledger = new CallLedger(() => base);
let admin: string;
let other: string;
let gateway: Gateway;
let terminal: Jt808Terminal;
let bound: { sn: string; vin: string; terminalId: string };
let stock: { sn: string; terminalId: string };

interface Terminal {
  sn: string;
  vin: string | null;
  stage: string;
  registered: boolean;
  online: boolean;
  lastMessage: string | null;
  lastResult: number | null;
  lastResultText: string | null;
  lastNote: string | null;
}
interface Event {
  message: string;
  result: number;
  resultText: string;
  messageText: string;
  note: string | null;
  phone: string | null;
}

const list = async (query: Record<string, unknown>, token = admin) =>
  (await ledger.call("listTerminalRegistrations", { token, query: { pageNum: 1, pageSize: 50, ...query } })).body
    .data as { list: Terminal[]; total: number };
const history = async (sn: string) =>
  (await ledger.call("getTerminalRegistrationHistory", { token: admin, query: { sn } })).body.data as Event[];

/** One JT/T 808 2019 message over a fresh connection; resolves with the first frame the gateway answers. */
function sendOnce(phone: string, body: Jt808Body): Promise<Buffer> {
  const bytes = encodeJt808Message({ edition: 2019, encryption: 0, phone, serial: 1 }, body);
  if (!bytes.ok) throw new Error(bytes.error.message);
  return new Promise((resolve, reject) => {
    const s = connect(gateway.jt808Port as number, gateway.host, () => s.write(bytes.value));
    s.once("data", (d) => {
      s.destroy();
      resolve(d);
    });
    s.once("error", reject);
  });
}

describe.skipIf(engine.skip)(`TBOX注册状态查询 (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 6, journalPerVehicle: 1 } } });
    base = server.url;
    ({ token: admin } = await signIn(base, "admin", "Admin@123456"));
    ({ token: other } = await signIn(base, "tenant2admin", "Admin@123456"));
    const t0001 = server.db.selectFrom("tenant").select("id").where("code", "=", "T0001");
    const b = await server.db
      .selectFrom("bss_tbox as t")
      .innerJoin("vehicle as v", "v.tbox_sn", "t.sn")
      .select(["t.sn", "v.vin", "t.terminal_id"])
      .where("t.protocol", "=", "JTT808")
      .where("t.tenant_id", "in", t0001)
      .orderBy("t.sn")
      .executeTakeFirstOrThrow();
    bound = { sn: b.sn, vin: b.vin, terminalId: b.terminal_id as string };
    const s = await server.db
      .selectFrom("bss_tbox as t")
      .leftJoin("vehicle as v", "v.tbox_sn", "t.sn")
      .select(["t.sn", "t.terminal_id"])
      .where("t.protocol", "=", "JTT808")
      .where("v.vin", "is", null)
      .where("t.state", "!=", "deregistered")
      .where("t.tenant_id", "in", t0001)
      .orderBy("t.sn")
      .executeTakeFirstOrThrow();
    stock = { sn: s.sn, terminalId: s.terminal_id as string };
    gateway = await startGateway(server.db, { port: 0, jt808Port: 0, flushMs: 20, commandPollMs: 50 });
  }, 300_000);
  afterAll(async () => {
    await terminal?.close();
    await gateway?.close();
    await server?.stop();
  });

  it("lists the seeded history: a bound JT/T 808 terminal registered (0x8100 成功) and authenticated since", async () => {
    const page = await list({ vin: bound.vin });
    const row = page.list.find((r) => r.sn === bound.sn);
    expect(row).toMatchObject({ vin: bound.vin, registered: true, online: false });
    const events = await history(bound.sn);
    const registers = events.filter((e) => e.message === "register");
    expect(registers.at(-1)).toMatchObject({ result: 0, resultText: "成功", messageText: "终端注册(0x0100)" });
    expect(events.length).toBeGreaterThan(registers.length);
  });

  it("a simulated terminal's register and authentication are recorded live and the terminal reads online", async () => {
    terminal = await connectJt808Terminal(gateway, { ...bound, phone: "14000000001", edition: 2019 }, 3);
    const events = await history(bound.sn);
    expect(events.slice(0, 2).map((e) => [e.message, e.result, e.phone])).toEqual([
      ["authenticate", 0, "14000000001"],
      ["register", 0, "14000000001"],
    ]);
    let row: Terminal | undefined;
    for (let i = 0; i < 50 && row?.stage !== "online"; i++) {
      row = (await list({ vin: bound.vin, stage: "online" })).list[0];
      if (row?.stage !== "online") await new Promise((r) => setTimeout(r, 100));
    }
    expect(row).toMatchObject({ sn: bound.sn, stage: "online", online: true, lastMessage: "authenticate" });
  });

  it("a T-BOX bound to no vehicle is refused 2 数据库中无该车辆 and reads refused with the gateway's reason", async () => {
    const answer = await sendOnce("13900000002", {
      kind: "register",
      register: {
        province: 31,
        city: 0,
        maker: "TSPSM",
        model: "SIM-808",
        terminalId: stock.terminalId,
        plateColor: 0,
        plate: "",
      },
    });
    expect(answer[0]).toBe(0x7e);
    const events = await history(stock.sn);
    expect(events[0]).toMatchObject({ message: "register", result: 2, resultText: "数据库中无该车辆" });
    expect(events[0]?.note).toContain(stock.terminalId);
    const row = (await list({ terminalId: stock.terminalId })).list[0];
    expect(row).toMatchObject({ sn: stock.sn, vin: null, stage: "refused", lastResultText: "数据库中无该车辆" });
    expect((await list({ stage: "refused" })).list.map((r) => r.sn)).toContain(stock.sn);
  });

  it("an authentication from a phone never registered is refused 1 失败 (recorded under its phone)", async () => {
    await sendOnce("13900000003", {
      kind: "authentication",
      authentication: { authCode: "BAD", imei: "", softwareVersion: "X" },
    });
    const rows = await server.db
      .selectFrom("gateway_registration")
      .selectAll()
      .where("phone", "=", "13900000003")
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ message: "authenticate", result: 1, vin: null, note: "终端尚未注册（0x0100）" });
  });

  it("filters by phone and time, checks the range, and keeps tenants apart", async () => {
    expect((await list({ phone: "14000000001" })).list.map((r) => r.sn)).toEqual([bound.sn]);
    expect((await list({ startTime: Date.now() + 3_600_000 })).total).toBe(0);
    const bad = await ledger.call("listTerminalRegistrations", {
      token: admin,
      query: { startTime: 2_000_000_000_000, endTime: 1_000_000_000_000 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe("结束时间不能早于开始时间");
    expect((await list({ vin: bound.vin }, other)).total).toBe(0);
    const foreign = await ledger.call("getTerminalRegistrationHistory", { token: other, query: { sn: bound.sn } });
    expect(foreign.status).toBe(404);
  });

  it("exports the list as an export task", async () => {
    const res = await ledger.call("exportTerminalRegistrations", { token: admin, query: { stage: "refused" } });
    expect(res.status).toBe(200);
    expect(res.body.data.taskId).toBeTruthy();
    const bad = await ledger.call("exportTerminalRegistrations", {
      token: admin,
      query: { startTime: 1_000_000_000_000, endTime: 1_000_000_000_000 + 94 * 86_400_000 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe("时间范围不能超过93天");
  });

  it("音视频参数设置: reads the terminal's JT/T 1078 values (0x8106 → 0x0104), sets them (0x8103 → 0x0001), reads them back", async () => {
    const finish = async (id: number) => {
      for (let i = 0; i < 100; i++) {
        const c = (await ledger.call("getCommand", { token: admin, query: { id } })).body.data;
        if (!["queued", "sent", "acknowledged"].includes(c.state)) return c;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`command ${id} did not finish`);
    };
    const q = await ledger.call("sendAvQuery", { token: admin, body: { vin: bound.vin } });
    expect(q.status).toBe(200);
    expect(q.body.data).toMatchObject({ kind: "avQuery", state: "queued" });
    const read = await finish(q.body.data.id);
    expect(read).toMatchObject({ state: "success", answer: { av: terminal.av.values } });
    expect(read.answer.av.avParams.live).toMatchObject({ resolution: 3, frameRate: 25, bitRate: 1024 });
    expect(read.answer.av.channels.entries).toHaveLength(4);

    const avParams = {
      ...read.answer.av.avParams,
      live: { ...read.answer.av.avParams.live, frameRate: 15, bitRate: 512 },
    };
    const alarmRecording = { threshold: 30, duration: 10, before: 2 };
    const set = await ledger.call("sendAvSet", { token: admin, body: { vin: bound.vin, avParams, alarmRecording } });
    expect(set.status).toBe(200);
    expect(await finish(set.body.data.id)).toMatchObject({
      kind: "avSet",
      state: "success",
      params: { av: { avParams, alarmRecording } },
    });
    expect(terminal.av.values).toMatchObject({ avParams, alarmRecording });
    const again = await ledger.call("sendAvQuery", { token: admin, body: { vin: bound.vin } });
    expect((await finish(again.body.data.id)).answer.av).toMatchObject({ avParams, alarmRecording });
  });

  it("音视频参数设置 refuses out-of-range values on their fields and a vehicle without a JT/T 808 terminal, queueing nothing", async () => {
    const before = await server.db.selectFrom("gateway_command").select("id").execute();
    const bad = await ledger.call("sendAvSet", {
      token: admin,
      body: { vin: bound.vin, alarmRecording: { threshold: 0, duration: 1, before: 1 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.failDetail).toEqual([
      { field: "alarmRecording.threshold", msg: "特殊报警录像存储阈值应为1–99（%）" },
    ]);
    const gbt = await server.db
      .selectFrom("vehicle as v")
      .innerJoin("bss_tbox as t", "t.sn", "v.tbox_sn")
      .select("v.vin")
      .where("t.protocol", "=", "GBT32960")
      .where("v.tenant_id", "in", server.db.selectFrom("tenant").select("id").where("code", "=", "T0001"))
      // Not one of 苏标's JT/T 808 terminals either (jsatl_terminal makes a vehicle JT/T 808 too).
      .where("v.vin", "not in", server.db.selectFrom("jsatl_terminal").select("vin"))
      .orderBy("v.vin")
      .executeTakeFirstOrThrow();
    const other808 = await ledger.call("sendAvQuery", { token: admin, body: { vin: gbt.vin } });
    expect(other808.status).toBe(400);
    expect(other808.body.data.failDetail[0].msg).toContain("不是JT/T 808终端");
    expect((await ledger.call("sendAvQuery", { token: other, body: { vin: bound.vin } })).status).toBe(400);
    expect(await server.db.selectFrom("gateway_command").select("id").execute()).toHaveLength(before.length);
  });

  it("called every registration operation with good and bad input", () => {
    ledger.expectCovered(REGISTERS_AV_OPS);
  });
});
