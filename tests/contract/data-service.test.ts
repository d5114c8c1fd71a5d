import {
  CAN_SIGNAL_REGISTER,
  checkRegisterRow,
  DICTIONARY_REGISTER,
  FAULT_CODE_REGISTER,
  INFO_SYSTEM_REGISTER,
  MSG_DBC_SG,
  MSG_FAULT_CODE_FORM,
  MSG_INFO_SYSTEM_DELETE_RELEASED,
  MSG_INFO_SYSTEM_RELEASE_DATE,
  MSG_REGISTER_EXAMPLE_ROW,
  msgDictCodeForm,
  nameFaultCode,
  type RegisterDef,
} from "@tsp/domain";
import { download } from "@tsp/sdk";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { faultCodeIndexFor } from "../../apps/server/src/services/tsp-bss/dataService/faultCodes";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { differences, fingerprint, tablesOf } from "../robustness/support/fingerprint";
import { CallLedger } from "./business-coverage";
import { postFile, sheetRows, xlsxOf } from "./business-sheets";
import { operation, signIn } from "./support/contract";
import { DATA_SERVICE_OPS } from "./support/owners";

/**
 * Contract of 数据服务's registers: 报文故障码管理 (the fault-code dictionary, and the
 * server's lookup the journals name codes with) and CAN信号采集 (CAN signal definitions, the
 * sheet import and the DBC import with its per-line report) — list with filters, detail,
 * create, edit with optimistic concurrency, delete, template, import, export, tenant
 * isolation, nothing written by a refused request.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;
let adminSdk: Awaited<ReturnType<typeof signIn>>["sdk"];
let operator: string;
let tenant2: string;
const ledger = new CallLedger(() => server.url);
type Row = Record<string, unknown> & { updatedAt: number };

interface Case {
  def: RegisterDef;
  base: string;
  one: string;
  many: string;
  row: (k: string) => Record<string, unknown>;
  /** A free text field an edit changes. */
  edit: string;
  /** A row only tenant 1 holds, a key free for a new row, the export's filter. */
  onlyMine: string;
  fresh: string;
  exportQuery: Record<string, string>;
}
const FAULT: Case = {
  def: FAULT_CODE_REGISTER,
  base: "faultCode",
  one: "FaultCode",
  many: "FaultCodes",
  row: (k) => ({
    code: k,
    protocol: "dtc",
    system: "engine",
    level: "1",
    nameZh: "测试故障",
    description: null,
    remedy: "按手册检查",
  }),
  edit: "remedy",
  onlyMine: "ALM00",
  fresh: "C1234",
  exportQuery: { protocol: "gbAlarm" },
};
const CAN: Case = {
  def: CAN_SIGNAL_REGISTER,
  base: "canSignal",
  one: "CanSignal",
  many: "CanSignals",
  row: (k) => ({
    code: k,
    vehicleModel: "TEST01",
    messageId: "0x18FEF100",
    signalName: "TestSignal",
    nameZh: null,
    startBit: 8,
    bitLength: 16,
    byteOrder: "intel",
    valueType: "unsigned",
    factor: 0.00390625,
    valueOffset: -40,
    minValue: -40,
    maxValue: 215,
    unit: "km/h",
    periodMs: 100,
    remark: null,
  }),
  edit: "remark",
  onlyMine: "CA4250P66K24T1E6.0x0CF004FE.EngSpeed",
  fresh: "TEST01.0x18FEF100.TestSignal2",
  exportQuery: { keyWords: "BYD7005BEVA" },
};
const DICT: Case = {
  def: DICTIONARY_REGISTER,
  base: "dictItem",
  one: "DictItem",
  many: "DictItems",
  row: (k) => ({ code: k, dictType: "vehicleColor", label: "测试色", sortOrder: 50, state: "enabled", remark: null }),
  edit: "remark",
  onlyMine: "COLOR_WHITE",
  fresh: "COLOR_PINK",
  exportQuery: { dictType: "fuelType" },
};
const INFO: Case = {
  def: INFO_SYSTEM_REGISTER,
  base: "infoSystem",
  one: "InfoSystem",
  many: "InfoSystems",
  row: (k) => ({
    code: k,
    name: "测试车机系统",
    version: "1.2.3",
    osType: "linux",
    supportedModels: "TEST01",
    releaseDate: null,
    state: "developing",
    releaseNotes: null,
  }),
  edit: "releaseNotes",
  onlyMine: "DILINK-4.0.2",
  fresh: "TEST-HU-1.2.3",
  exportQuery: { state: "released" },
};
const CASES = [FAULT, CAN, DICT, INFO];
const headers = (c: Case) => c.def.fields.map((f) => f.label);
const lineOf = (c: Case, row: Record<string, unknown>) =>
  c.def.fields.map((f) => {
    const v = row[f.key];
    return v === null ? "" : f.kind === "choice" ? (f.choices?.[String(v)] ?? v) : v;
  });

async function all(c: Case, token = admin, query: Record<string, unknown> = {}): Promise<Row[]> {
  return (await ledger.call(`list${c.many}`, { token, query: { pageSize: 1000, ...query } })).body.data.list;
}
async function importFile(c: Case, bytes: Buffer, allowCover?: boolean, token = admin) {
  const id = `import${c.many}`;
  const res = await postFile(
    server.url,
    id,
    `/tsp-bss/${c.base}/import`,
    { name: `${c.def.title}.xlsx`, bytes },
    token,
    allowCover === undefined ? {} : { allowCover: String(allowCover) },
  );
  ledger.record(id, res.status);
  return res;
}
async function importDbc(text: string | Buffer, query: Record<string, string>, token = admin, name = "truck.dbc") {
  const res = await postFile(
    server.url,
    "importCanDbc",
    "/tsp-bss/canSignal/importDbc",
    { name, bytes: typeof text === "string" ? Buffer.from(text) : text },
    token,
    query,
  );
  ledger.record("importCanDbc", res.status);
  return res;
}

const DBC = `VERSION ""

BU_: VCU BMS

BO_ 2566832638 VDHR: 8 VCU
 SG_ HiResTotalDistance : 0|32@1+ (0.005,0) [0|21055406] "km" Vector__XXX
 SG_ HiResTripDistance : 32|32@1+ (0.005,0) [0|21055406] "km" Vector__XXX

BO_ 416 BMS_STATUS: 8 BMS
 SG_ PackSoc : 7|8@0+ (0.4,0) [0|100] "%" VCU
 SG_ PackCurrent : 15|16@0- (0.1,0) [-3200|3200] "A" VCU

CM_ SG_ 416 PackSoc "电池SOC";
BA_ "GenMsgCycleTime" BO_ 416 100;
`;

describe.skipIf(engine.skip)(`data-service registers contract (${engine.kind})`, () => {
  let tables: string[];
  const snapshot = () => fingerprint(server.db as Kysely<unknown>, tables, server.ctx.objects.root);

  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 2, journalPerVehicle: 1 } } });
    const a = await signIn(server.url, "admin", "Admin@123456");
    admin = a.token;
    adminSdk = a.sdk;
    operator = (await signIn(server.url, "operator", "Operator@123456")).token;
    tenant2 = (await signIn(server.url, "tenant2admin", "Admin@123456")).token;
    tables = await tablesOf(server.db as Kysely<unknown>);
  }, 120_000);
  afterAll(() => server?.stop());

  it("answers 401 without a token on every operation", async () => {
    expect(DATA_SERVICE_OPS).toHaveLength(34);
    for (const id of DATA_SERVICE_OPS) {
      const op = operation(id);
      if (op.requestBody?.content["multipart/form-data"]) {
        const res = await postFile(server.url, id, op.path, { name: "a.dbc", bytes: Buffer.from("x") }, undefined, {
          vehicleModel: "X",
        });
        ledger.record(id, res.status);
        expect(res.status, id).toBe(401);
        continue;
      }
      expect((await ledger.call(id, op.method === "post" && op.requestBody ? { body: {} } : {})).status, id).toBe(401);
    }
  });

  it("seeds valid rows per tenant, in key order, and filters by keyword and choice", async () => {
    for (const c of CASES) {
      const mine = await all(c);
      const theirs = await all(c, tenant2);
      expect(mine.length, c.def.name).toBeGreaterThanOrEqual(8);
      expect(theirs.length, c.def.name).toBeGreaterThan(0);
      expect(theirs.length).toBeLessThan(mine.length);
      for (const r of [...mine, ...theirs]) expect(checkRegisterRow(c.def, r).ok, JSON.stringify(r)).toBe(true);
      // Dictionary items by dictionary and display order, the others by code.
      const keys = mine.map((r) =>
        c === DICT ? `${r.dictType}/${String(r.sortOrder).padStart(4, "0")}/${r.code}` : String(r.code),
      );
      expect(keys).toEqual(keys.toSorted());
    }
    const j1939 = await all(FAULT, admin, { protocol: "j1939" });
    expect(j1939.length).toBeGreaterThan(3);
    expect(j1939.every((r) => String(r.code).startsWith("SPN"))).toBe(true);
    const severe = await all(FAULT, admin, { level: "3", system: "battery" });
    expect(severe.map((r) => r.code)).toContain("ALM11");
    expect((await all(FAULT, admin, { keyWords: "绝缘" })).map((r) => r.code)).toEqual(["ALM11", "P0AA6"]);
    const bev = await all(CAN, admin, { keyWords: "BYD7005BEVA" });
    expect(bev.length).toBe(10);
    expect((await all(CAN, admin, { byteOrder: "motorola" })).length).toBe(10);
    const p1 = (await ledger.call("listFaultCodes", { token: admin, query: { pageNum: 2, pageSize: 5 } })).body.data;
    expect(p1.list.map((r: Row) => r.code)).toEqual((await all(FAULT)).slice(5, 10).map((r) => r.code));
    expect((await ledger.call("listFaultCodes", { token: admin, query: { protocol: "can" } })).status).toBe(400);
    expect((await ledger.call("listCanSignals", { token: admin, query: { byteOrder: "big" } })).status).toBe(400);
  });

  it("reads one row; another tenant's row reads as absent", async () => {
    for (const c of CASES) {
      const [first] = await all(c);
      const one = await ledger.call(`get${c.one}`, { token: admin, query: { code: first?.code } });
      expect(one.body.data).toEqual(first);
      // A row only tenant 1 holds.
      expect((await ledger.call(`get${c.one}`, { token: admin, query: { code: c.onlyMine } })).status).toBe(200);
      expect((await ledger.call(`get${c.one}`, { token: tenant2, query: { code: c.onlyMine } })).status).toBe(404);
      const absent = await ledger.call(`get${c.one}`, { token: admin, query: { code: "NOPE" } });
      expect(absent.status).toBe(404);
      expect(absent.body.msg).toBe(`${c.def.noun}不存在`);
      expect((await ledger.call(`get${c.one}`, { token: admin, query: { code: "a b" } })).status).toBe(400);
    }
  });

  it("creates checked rows, refuses a taken key (409) and bad rows with the field's Chinese reason, writing nothing", async () => {
    const created = await ledger.call("createFaultCode", { token: operator, body: FAULT.row("B1A00") });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ ...FAULT.row("B1A00"), updateName: expect.any(String) });
    const can = await ledger.call("createCanSignal", {
      token: operator,
      body: CAN.row("TEST01.0x18FEF100.TestSignal"),
    });
    expect(can.status).toBe(200);
    expect(can.body.data.factor).toBe(0.00390625);
    expect(can.body.data.valueOffset).toBe(-40);
    const before = await snapshot();
    const again = await ledger.call("createFaultCode", { token: admin, body: FAULT.row("B1A00") });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe("故障码B1A00已存在");
    const wrongForm = await ledger.call("createFaultCode", {
      token: admin,
      body: { ...FAULT.row("SPN1-FMI2"), protocol: "dtc" },
    });
    expect(wrongForm.status).toBe(400);
    expect(wrongForm.body.data.failDetail).toEqual([{ field: "code", msg: MSG_FAULT_CODE_FORM.dtc }]);
    const badSignal = await ledger.call("createCanSignal", {
      token: admin,
      body: { ...CAN.row("TEST01.X"), messageId: "EEG1", minValue: 300 },
    });
    expect(badSignal.status).toBe(400);
    expect(badSignal.body.data.failDetail.map((f: { field: string }) => f.field)).toEqual(["messageId", "maxValue"]);
    expect(
      (await ledger.call("createCanSignal", { token: admin, body: { ...CAN.row("Y"), factor: "x" } })).status,
    ).toBe(400);
    expect(differences(before, await snapshot())).toEqual([]);
  });

  it("saves an edit with the version it read, 409 on a stale one, 404 on an unknown row", async () => {
    for (const c of CASES) {
      const [row] = await all(c);
      const { updateName: _, ...edit } = row as Row;
      const field = c.edit;
      const saved = await ledger.call(`update${c.one}`, {
        token: operator,
        body: { ...edit, [field]: "合同测试修改" },
      });
      expect(saved.status, c.def.name).toBe(200);
      expect(saved.body.data[field]).toBe("合同测试修改");
      expect(saved.body.data.updatedAt).toBeGreaterThan(row?.updatedAt ?? 0);
      const stale = await ledger.call(`update${c.one}`, { token: admin, body: { ...edit, [field]: "晚到" } });
      expect(stale.status).toBe(409);
      expect(stale.body.msg).toBe(`该${c.def.noun}已被他人修改，请刷新后重新编辑`);
      expect((await ledger.call(`update${c.one}`, { token: admin, body: { ...edit, code: "NO-SUCH" } })).status).toBe(
        404,
      );
      expect((await ledger.call(`update${c.one}`, { token: admin, body: { ...edit, updatedAt: -1 } })).status).toBe(
        400,
      );
    }
  });

  it("deletes a row; a second delete is 404", async () => {
    const released = await ledger.call("deleteInfoSystem", { token: admin, query: { code: "DILINK-4.0.2" } });
    expect(released.status).toBe(409);
    expect(released.body.msg).toBe(MSG_INFO_SYSTEM_DELETE_RELEASED);
    for (const c of CASES) {
      const code = c === CAN ? "TEST01.0x100.Del" : c.fresh;
      const body = c === CAN ? { ...c.row(code), messageId: "0x100", signalName: "Del" } : c.row(code);
      expect((await ledger.call(`create${c.one}`, { token: admin, body })).status).toBe(200);
      const gone = await ledger.call(`delete${c.one}`, { token: operator, query: { code } });
      expect(gone.status).toBe(200);
      expect(gone.body.data).toEqual({ key: code });
      expect((await ledger.call(`delete${c.one}`, { token: admin, query: { code } })).status).toBe(404);
    }
  });

  it("names reported codes from the caller's dictionary (the journals' lookup)", async () => {
    const principal = { tenantId: 0, tenantIds: [] as number[] };
    const tenantOf = async (code: string) =>
      (
        await (server.db as unknown as Kysely<{ tenant: { id: number; code: string } }>)
          .selectFrom("tenant")
          .select("id")
          .where("code", "=", code)
          .executeTakeFirstOrThrow()
      ).id;
    const t1 = await tenantOf("T0001");
    const subTenant = await tenantOf("T0001-01");
    const index = await faultCodeIndexFor(server.db, {
      ...principal,
      tenantId: t1,
      tenantIds: [t1, subTenant],
    } as never);
    expect(nameFaultCode(index, "dtc", "p0101")?.nameZh).toBe("空气流量计电路范围/性能");
    expect(nameFaultCode(index, "gbAlarm", 11)?.level).toBe("3");
    expect(nameFaultCode(index, "j1939", [3226, 4])?.system).toBe("afterTreatment");
    expect((await faultCodeIndexFor(server.db, { ...principal } as never)).size).toBe(0);
  });

  it("downloads templates the import reads; the example row is refused", async () => {
    for (const c of CASES) {
      const res = await ledger.call(`download${c.one}Template`, { token: operator });
      expect(res.status).toBe(200);
      const rows = await sheetRows(Buffer.from(res.bytes));
      expect(rows[0]).toEqual(headers(c));
      const before = await snapshot();
      const back = await importFile(c, Buffer.from(res.bytes));
      expect(back.body.data).toMatchObject({ all: 1, success: 0, failed: 1 });
      expect(back.body.data.rows[0]).toMatchObject({ row: 2, reason: MSG_REGISTER_EXAMPLE_ROW });
      expect(differences(before, await snapshot())).toEqual([]);
    }
  });

  it("imports fault codes with a per-row report; only the good rows are saved, the fixed ones on a second try", async () => {
    const res = await importFile(
      FAULT,
      await xlsxOf(headers(FAULT), [
        lineOf(FAULT, FAULT.row("P0420")),
        lineOf(FAULT, { ...FAULT.row("P04201"), nameZh: "坏码" }),
        lineOf(FAULT, { ...FAULT.row("SPN5246-FMI0"), protocol: "j1939", level: "4" }),
        lineOf(FAULT, FAULT.row("P0101")),
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ all: 4, success: 1, failed: 3 });
    expect(
      res.body.data.rows.map((r: { row: number; key: string; reason: string }) => [r.row, r.key, r.reason]),
    ).toEqual([
      [3, "P04201", MSG_FAULT_CODE_FORM.dtc],
      [4, "SPN5246-FMI0", "故障等级应为1级 轻微、2级 一般、3级 严重之一"],
      [5, "P0101", "故障码P0101已存在"],
    ]);
    const fixed = await importFile(
      FAULT,
      await xlsxOf(headers(FAULT), [lineOf(FAULT, { ...FAULT.row("SPN5246-FMI0"), protocol: "j1939", level: "3" })]),
    );
    expect(fixed.body.data).toMatchObject({ all: 1, success: 1, failed: 0 });
    expect((await importFile(FAULT, Buffer.from("not a workbook"))).status).toBe(400);
  });

  it("imports a DBC file: previews without saving, saves every signal, refuses taken codes unless covering", async () => {
    const before = await snapshot();
    const dry = await importDbc(DBC, { vehicleModel: "ZK6125BEVG", dryRun: "true" });
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({ messages: 2, all: 4, success: 0, failed: 0, saved: false, rows: [] });
    expect(dry.body.data.signals.map((s: { code: string }) => s.code)).toEqual([
      "ZK6125BEVG.0x18FEC1FE.HiResTotalDistance",
      "ZK6125BEVG.0x18FEC1FE.HiResTripDistance",
      "ZK6125BEVG.0x1A0.PackSoc",
      "ZK6125BEVG.0x1A0.PackCurrent",
    ]);
    expect(dry.body.data.signals[2]).toMatchObject({
      line: 10,
      nameZh: "电池SOC",
      periodMs: 100,
      byteOrder: "motorola",
    });
    expect(differences(before, await snapshot())).toEqual([]);
    const saved = await importDbc(DBC, { vehicleModel: "ZK6125BEVG" });
    expect(saved.body.data).toMatchObject({ success: 4, saved: true });
    const listed = await all(CAN, admin, { keyWords: "ZK6125BEVG" });
    expect(listed.map((r) => r.signalName)).toEqual([
      "HiResTotalDistance",
      "HiResTripDistance",
      "PackCurrent",
      "PackSoc",
    ]);
    expect(listed.find((r) => r.signalName === "PackCurrent")).toMatchObject({
      valueType: "signed",
      factor: 0.1,
      minValue: -3200,
    });
    const again = await importDbc(DBC, { vehicleModel: "ZK6125BEVG" });
    expect(again.body.data).toMatchObject({ failed: 4, saved: false, success: 0 });
    expect(again.body.data.rows[0]).toMatchObject({
      line: 6,
      key: "ZK6125BEVG.0x18FEC1FE.HiResTotalDistance",
      reason: "信号编码ZK6125BEVG.0x18FEC1FE.HiResTotalDistance已存在",
    });
    const covered = await importDbc(DBC.replace('"电池SOC"', '"电池荷电状态"'), {
      vehicleModel: "ZK6125BEVG",
      allowCover: "true",
    });
    expect(covered.body.data).toMatchObject({ success: 4, saved: true });
    const soc = await ledger.call("getCanSignal", { token: admin, query: { code: "ZK6125BEVG.0x1A0.PackSoc" } });
    expect(soc.body.data.nameZh).toBe("电池荷电状态");
    // Tenant 2 keeps its own copy of the same model's signals.
    expect((await importDbc(DBC, { vehicleModel: "ZK6125BEVG" }, tenant2)).body.data.saved).toBe(true);
  });

  it("reports each unreadable DBC line with its number and saves nothing; refuses files that are not DBC text", async () => {
    const before = await snapshot();
    const broken = DBC.replace(
      ' SG_ PackSoc : 7|8@0+ (0.4,0) [0|100] "%" VCU',
      " SG_ PackSoc : 7|8@0+ (0.4,0) [0|100] % VCU",
    );
    const res = await importDbc(broken, { vehicleModel: "ZK6125X" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ all: 3, failed: 1, saved: false, success: 0 });
    expect(res.body.data.rows).toEqual([
      { line: 10, key: "", text: " SG_ PackSoc : 7|8@0+ (0.4,0) [0|100] % VCU", reason: MSG_DBC_SG },
    ]);
    const gbk = Buffer.concat([
      Buffer.from('BO_ 1 A: 8 X\n SG_ S : 0|8@1+ (1,0) [0|1] "" X\nCM_ SG_ 1 S "'),
      Buffer.from([0xb3, 0xb5, 0xcb, 0xd9]),
      Buffer.from('";\n'),
    ]);
    const decoded = await importDbc(gbk, { vehicleModel: "GBK1", dryRun: "true" });
    expect(decoded.body.data.signals[0].nameZh).toBe("车速");
    expect((await importDbc(DBC, { vehicleModel: "ZK6125X" }, admin, "truck.xlsx")).status).toBe(400);
    expect((await importDbc(Buffer.from([0, 1, 2]), { vehicleModel: "ZK6125X" })).status).toBe(400);
    expect((await importDbc(DBC, { vehicleModel: "车型" })).status).toBe(400);
    expect((await importDbc(DBC, { vehicleModel: "ZK6125X" }, operator)).status).toBe(200);
    expect(differences(before, await snapshot()).every((d) => d.startsWith("table bss_can_signal:"))).toBe(true);
  });

  it("exports the list's filters as a background .xlsx the import takes back", async () => {
    for (const c of CASES) {
      const query = c.exportQuery;
      const res = await ledger.call(`export${c.many}`, { token: admin, query });
      expect(res.body.msg).toBe("导出任务已提交，请到导出文件列表查看");
      expect((await ledger.call(`export${c.many}`, { token: operator, query: {} })).status).toBe(403);
      await server.ctx.exports.idle();
      const file = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${res.body.data.taskId}/download`);
      const rows = await sheetRows(await file.blob.arrayBuffer());
      expect(rows[0]).toEqual([...headers(c), "修改人", "修改时间"]);
      const listed = await all(c, admin, query);
      // The export walks the key (code order); the dictionary's list is in display order.
      expect(rows.slice(1).map((r) => String(r[0]))).toEqual(listed.map((r) => String(r.code)).toSorted());
      const again = await importFile(c, Buffer.from(await file.blob.arrayBuffer()), true);
      expect(again.body.data, c.def.name).toMatchObject({ all: listed.length, success: listed.length, failed: 0 });
    }
    expect((await ledger.call("exportFaultCodes", { token: admin, query: { level: "9" } })).status).toBe(400);
  });

  it("checks dictionary items and head-unit releases by their rules, and offers a dictionary to selects", async () => {
    const before = await snapshot();
    const wrongPrefix = await ledger.call("createDictItem", { token: admin, body: DICT.row("FUEL_PINK") });
    expect(wrongPrefix.status).toBe(400);
    expect(wrongPrefix.body.data.failDetail).toEqual([{ field: "code", msg: msgDictCodeForm("vehicleColor") }]);
    const undated = await ledger.call("createInfoSystem", {
      token: admin,
      body: { ...INFO.row("X-1.0"), state: "released" },
    });
    expect(undated.body.data.failDetail).toEqual([{ field: "releaseDate", msg: MSG_INFO_SYSTEM_RELEASE_DATE }]);
    expect(
      (
        await ledger.call("createInfoSystem", {
          token: admin,
          body: { ...INFO.row("X-1.0"), releaseDate: "2025-02-30" },
        })
      ).status,
    ).toBe(400);
    expect(differences(before, await snapshot())).toEqual([]);
    const fuels = await ledger.call("listDictOptions", { token: operator, query: { dictType: "fuelType" } });
    expect(fuels.status).toBe(200);
    expect(fuels.body.data.slice(0, 2)).toEqual([
      { value: "FUEL_GASOLINE", label: "汽油" },
      { value: "FUEL_DIESEL", label: "柴油" },
    ]);
    expect(fuels.body.data.map((o: { value: string }) => o.value)).not.toContain("FUEL_METHANOL");
    const kept = await ledger.call("listDictOptions", {
      token: admin,
      query: { dictType: "fuelType", current: "FUEL_METHANOL" },
    });
    expect(kept.body.data.map((o: { value: string }) => o.value)).toContain("FUEL_METHANOL");
    expect(
      (await ledger.call("listDictOptions", { token: tenant2, query: { dictType: "vehicleColor" } })).body.data,
    ).toEqual([]);
    expect((await ledger.call("listDictOptions", { token: admin, query: { dictType: "wheels" } })).status).toBe(400);
  });

  it("called every operation with good and bad input", () => {
    ledger.expectCovered(DATA_SERVICE_OPS);
  });
});
