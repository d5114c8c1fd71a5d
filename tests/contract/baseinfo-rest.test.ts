import {
  checkRegisterRow,
  MSG_APP_BINDING_NO_OWNER,
  MSG_APP_UNBIND_OWNER_WITH_DRIVERS,
  MSG_APP_USER_DISABLED_BIND,
  MSG_MACHINERY_CN4_DISCLOSURE,
  MSG_MES_DELETE_REGISTERED,
  MSG_REGISTER_EXAMPLE_ROW,
  MSG_TERMINAL_DELETE_FILED,
  MSG_TERMINAL_FILING_INCOMPLETE,
  MSG_VIN_CHECK_DIGIT,
  maskAppPhone,
  msgAppBindingNotFound,
  msgAppBindingOwnerTaken,
  msgAppUserDeleteBound,
  msgEcuDeleteBound,
  REGISTERS,
  type RegisterDef,
  withVinCheckDigit,
} from "@tsp/domain";
import { download } from "@tsp/sdk";
import ExcelJS from "exceljs";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { differences, fingerprint, tablesOf } from "../robustness/support/fingerprint";
import { CallLedger } from "./business-coverage";
import { postFile, sheetRows, xlsxOf } from "./business-sheets";
import { operation, signIn } from "./support/contract";
import { BASEINFO_REST_OPS } from "./support/owners";

/**
 * Contract of the registers of 机械信息, 车机数据, 监管终端管理 and MES车辆管理: list with filters,
 * detail, create (409 on a taken key), edit with optimistic concurrency, the delete guards,
 * the references (a terminal's machine, a unit's vehicle), import with its per-row report,
 * template and export read back — tenant isolation throughout, nothing written by a refused
 * request — and the spec's lookups that read them (findMeinListByDim, listNongjiNoPage,
 * getECUList).
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
  /** A new valid row with key number `n` (free to delete: nothing names it). */
  row: (n: number) => Record<string, unknown>;
}

/** A PIN / VIN with a right check digit from a 17-character body. */
const vin = (body: string) => withVinCheckDigit(body) as string;
const pin = (n: number) => vin(`LCTES2150SA${String(n).padStart(6, "0")}`);
/** A VIN with a right check digit from 15 characters and two digits. */
const vin17 = (body15: string) => vin(`${body15.slice(0, 8)}0${body15.slice(8)}`.padEnd(17, "0").slice(0, 17));

const CASES: Case[] = [
  {
    def: REGISTERS.machineryInfo,
    base: "machineryInfo",
    one: "Machinery",
    many: "Machineries",
    row: (n) => ({
      vin: pin(n),
      mein: `CT${n}`,
      machineryType: "loader",
      brand: "临工",
      series: null,
      cpxh: "L956H",
      cpbh: `L956H${n}`,
      jjxh: null,
      manufacturer: "山东临工工程机械有限公司",
      emissionStage: "cn4",
      disclosureNo: "CN ND G4 37 0001 000123",
      engineModel: "WP10G240E341",
      engineNo: `WP10${n}`,
      ownerName: "合同测试土方有限公司",
      remark: null,
    }),
  },
  {
    def: REGISTERS.vehicleData,
    base: "vehicleUnit",
    one: "VehicleUnit",
    many: "VehicleUnits",
    row: (n) => ({
      unitSn: `CT-UNIT-${n}`,
      ecuType: "vcu",
      ecuModel: "CT-VCU-9",
      supplier: "合同测试电子",
      hardwareVersion: "H1.0",
      softwareVersion: "V1.0.0",
      partNo: null,
      boundVin: null,
      remark: null,
    }),
  },
  {
    def: REGISTERS.blackBox,
    base: "blackBox",
    one: "BlackBox",
    many: "BlackBoxes",
    row: (n) => ({
      terminalId: `CT-T-${n}`,
      manufacturer: "厦门雅迅网络股份有限公司",
      terminalModel: "YX-NR808",
      chipId: `CTCHIP${n}`,
      iccid: `8986041234567${String(n).padStart(7, "0")}`,
      msisdn: null,
      machineryPin: null,
      installDate: null,
      filingState: "unfiled",
      filingNo: null,
      remark: null,
    }),
  },
  {
    def: REGISTERS.mes,
    base: "mesVehicle",
    one: "MesVehicle",
    many: "MesVehicles",
    row: (n) => ({
      vin: vin(`LFWCT66K0S9${String(n).padStart(6, "0")}`),
      vehicleModel: "CA4250P66K24T1E6",
      configCode: "J6P-CT",
      plant: "长春总装一厂",
      productionOrder: `PO-CT-${n}`,
      buildDate: "2025-03-01",
      offlineDate: "2025-03-02",
      engineNo: null,
      tboxSn: null,
      remark: null,
    }),
  },
  {
    def: REGISTERS.appUser,
    base: "appUser",
    one: "AppUser",
    many: "AppUsers",
    row: (n) => ({
      userId: `CT-U-${n}`,
      phone: `139${String(n).padStart(8, "0")}`,
      nickname: `合同测试${n}`,
      realNameState: "verified",
      status: "enabled",
      registeredOn: "2025-03-01",
      lastSignIn: null,
      remark: null,
    }),
  },
];
const [MACHINERY, UNIT, TERMINAL, MES, APP] = CASES as [Case, Case, Case, Case, Case];
const keyOf = (c: Case) => c.def.fields[0]?.key as string;
const headers = (c: Case) => c.def.fields.map((f) => f.label);

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

/** A row as a sheet line: choices by their Chinese names, as operators write them. */
const lineOf = (c: Case, row: Record<string, unknown>) =>
  c.def.fields.map((f) => {
    const v = row[f.key];
    return v === null ? "" : f.kind === "choice" ? (f.choices?.[String(v)] ?? v) : v;
  });

describe.skipIf(engine.skip)(`base-information rest registers contract (${engine.kind})`, () => {
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
    expect(BASEINFO_REST_OPS).toHaveLength(43);
    for (const id of BASEINFO_REST_OPS) {
      const op = operation(id);
      if (op.requestBody?.content["multipart/form-data"]) {
        const res = await postFile(server.url, id, op.path, { name: "a.xlsx", bytes: Buffer.from("x") }, undefined);
        ledger.record(id, res.status);
        expect(res.status, id).toBe(401);
        continue;
      }
      expect((await ledger.call(id, op.method === "post" && op.requestBody ? { body: {} } : {})).status, id).toBe(401);
    }
  });

  it("seeds each register with valid rows, each tenant its own, ordered by key", async () => {
    for (const c of CASES) {
      const mine = await all(c);
      const theirs = await all(c, tenant2);
      expect(mine.length, c.def.name).toBeGreaterThanOrEqual(5);
      expect(theirs.length, c.def.name).toBeGreaterThan(0);
      for (const r of [...mine, ...theirs]) expect(checkRegisterRow(c.def, r).ok, JSON.stringify(r)).toBe(true);
      const keys = mine.map((r) => r[keyOf(c)] as string);
      expect(keys, c.def.name).toEqual(keys.toSorted());
      expect(
        theirs.some((t) => keys.includes(t[keyOf(c)] as string)),
        c.def.name,
      ).toBe(false);
    }
    const terminals = await all(TERMINAL);
    expect(new Set(terminals.map((t) => t.filingState))).toEqual(new Set(["unfiled", "filing", "filed", "returned"]));
    expect(new Set((await all(MACHINERY)).map((m) => m.emissionStage))).toEqual(new Set(["cn3", "cn4"]));
  });

  it("lists by keyword and choice, pages without overlap, and refuses bad filters", async () => {
    const rows = await all(MACHINERY);
    const excavators = await all(MACHINERY, admin, { machineryType: "excavator" });
    expect(excavators.length).toBeGreaterThan(0);
    expect(excavators.every((r) => r.machineryType === "excavator")).toBe(true);
    const cn3 = await all(MACHINERY, admin, { emissionStage: "cn3" });
    expect(cn3.length).toBe(rows.filter((r) => r.emissionStage === "cn3").length);
    const sany = await all(MACHINERY, admin, { keyWords: "sy215" });
    expect(sany.length).toBe(rows.filter((r) => r.cpxh === "SY215C").length);
    const p1 = (await ledger.call("listMachineries", { token: admin, query: { pageNum: 1, pageSize: 5 } })).body.data;
    const p2 = (await ledger.call("listMachineries", { token: admin, query: { pageNum: 2, pageSize: 5 } })).body.data;
    expect(p1.total).toBe(rows.length);
    expect([...p1.list, ...p2.list].map((r: Row) => r.vin)).toEqual(rows.slice(0, 10).map((r) => r.vin));
    const filed = await all(TERMINAL, admin, { filingState: "filed" });
    expect(filed.length).toBeGreaterThan(0);
    expect(filed.every((r) => r.filingState === "filed" && r.filingNo !== null)).toBe(true);
    expect((await all(UNIT, admin, { ecuType: "bms" })).every((r) => r.ecuType === "bms")).toBe(true);
    for (const c of CASES) {
      const bad = await ledger.call(`list${c.many}`, { token: admin, query: { keyWords: "x".repeat(51) } });
      expect(bad.status, c.def.name).toBe(400);
    }
    expect((await ledger.call("listBlackBoxes", { token: admin, query: { filingState: "lost" } })).status).toBe(400);
    expect((await ledger.call("listMesVehicles", { token: admin, query: { pageNum: 0 } })).status).toBe(400);
  });

  it("reads one row as the list shows it; another tenant's row reads as absent", async () => {
    for (const c of CASES) {
      const [first] = await all(c);
      const k = keyOf(c);
      const one = await ledger.call(`get${c.one}`, { token: admin, query: { [k]: first?.[k] } });
      expect(one.body.data, c.def.name).toEqual(first);
      const [theirs] = await all(c, tenant2);
      const absent = await ledger.call(`get${c.one}`, { token: admin, query: { [k]: theirs?.[k] } });
      expect(absent.status, c.def.name).toBe(404);
      expect(absent.body.msg).toBe(`${c.def.noun}不存在`);
    }
  });

  it("creates rows checked by the domain, refuses a taken key with 409 and bad rows with the field's reason", async () => {
    for (const c of CASES) {
      const k = keyOf(c);
      const row = c.row(1);
      const created = await ledger.call(`create${c.one}`, { token: operator, body: row });
      expect(created.status, `${c.def.name} ${JSON.stringify(created.body)}`).toBe(200);
      expect(created.body.data).toMatchObject({ ...row, updateName: expect.any(String) });
      // Another tenant may keep the same key in its own register.
      expect((await ledger.call(`create${c.one}`, { token: tenant2, body: row })).status, c.def.name).toBe(200);
      expect((await ledger.call(`delete${c.one}`, { token: tenant2, query: { [k]: row[k] } })).status).toBe(200);
      const before = await snapshot();
      const again = await ledger.call(`create${c.one}`, { token: admin, body: row });
      expect(again.status, c.def.name).toBe(409);
      expect(again.body.msg).toBe(`${c.def.fields[0]?.label}${row[k]}已存在`);
      expect((await ledger.call(`create${c.one}`, { token: admin, body: { ...row, [k]: "a b" } })).status).toBe(400);
      expect(differences(before, await snapshot())).toEqual([]);
    }
    const before = await snapshot();
    const noDisclosure = await ledger.call("createMachinery", {
      token: admin,
      body: { ...MACHINERY.row(2), disclosureNo: null },
    });
    expect(noDisclosure.body.data.failDetail).toEqual([{ field: "disclosureNo", msg: MSG_MACHINERY_CN4_DISCLOSURE }]);
    const early = await ledger.call("createBlackBox", {
      token: admin,
      body: { ...TERMINAL.row(2), filingState: "filed" },
    });
    expect(early.status).toBe(400);
    expect(early.body.data.failDetail).toContainEqual({ field: "filingState", msg: MSG_TERMINAL_FILING_INCOMPLETE });
    const mesRow = MES.row(2);
    const wrongDigit = `${String(mesRow.vin).slice(0, 8)}${String(mesRow.vin)[8] === "1" ? "2" : "1"}${String(mesRow.vin).slice(9)}`;
    const digit = await ledger.call("createMesVehicle", { token: admin, body: { ...mesRow, vin: wrongDigit } });
    expect(digit.body.msg).toBe(MSG_VIN_CHECK_DIGIT);
    const dates = await ledger.call("createMesVehicle", {
      token: admin,
      body: { ...mesRow, offlineDate: "2025-02-30" },
    });
    expect(dates.body.msg).toBe("下线日期应为yyyy-MM-dd格式的日期");
    // References: a terminal names a registered machine; a unit a vehicle of the tenant.
    const unknownPin = await ledger.call("createBlackBox", {
      token: admin,
      body: { ...TERMINAL.row(3), machineryPin: pin(999) },
    });
    expect(unknownPin.status).toBe(400);
    expect(unknownPin.body.msg).toBe(`机械${pin(999)}未在机械信息中登记`);
    const [theirVehicle] = (await all(UNIT, tenant2)).filter((u) => u.boundVin !== null);
    const foreign = await ledger.call("createVehicleUnit", {
      token: admin,
      body: { ...UNIT.row(3), boundVin: theirVehicle?.boundVin },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toBe(`车辆${theirVehicle?.boundVin}不存在`);
    expect(
      (await ledger.call("createVehicleUnit", { token: admin, body: { ...UNIT.row(3), ecuType: "radio" } })).status,
    ).toBe(400);
    expect(differences(before, await snapshot())).toEqual([]);
  });

  it("saves an edit with the version it read, refuses a stale one with 409 and an unknown row with 404", async () => {
    for (const c of CASES) {
      const k = keyOf(c);
      const [row] = await all(c);
      const { updateName: _, ...edit } = row as Row;
      const remark = `编辑于合同测试 ${c.base}`;
      const saved = await ledger.call(`update${c.one}`, { token: operator, body: { ...edit, remark } });
      expect(saved.status, `${c.def.name} ${JSON.stringify(saved.body)}`).toBe(200);
      expect(saved.body.data.remark).toBe(remark);
      expect(saved.body.data.updatedAt).toBeGreaterThan(row?.updatedAt ?? 0);
      const stale = await ledger.call(`update${c.one}`, { token: admin, body: { ...edit, remark: "晚到的编辑" } });
      expect(stale.status, c.def.name).toBe(409);
      expect(stale.body.msg).toBe(`该${c.def.noun}已被他人修改，请刷新后重新编辑`);
      const missing = await ledger.call(`update${c.one}`, { token: admin, body: { ...edit, [k]: c.row(77)[k] } });
      expect(missing.status).toBe(404);
      expect((await ledger.call(`update${c.one}`, { token: admin, body: { ...edit, updatedAt: -1 } })).status).toBe(
        400,
      );
    }
    // Binding a terminal in stock to the machine created above, installed, then filed.
    const terminal = (await ledger.call("getBlackBox", { token: admin, query: { terminalId: "CT-T-1" } })).body.data;
    const bound = await ledger.call("updateBlackBox", {
      token: admin,
      body: { ...terminal, updateName: undefined, machineryPin: pin(1).toLowerCase(), installDate: "2025-04-01" },
    });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    expect(bound.body.data.machineryPin).toBe(pin(1));
  });

  it("guards deletes: a machine with a terminal, a fitted unit, a filed terminal, a vehicle on file", async () => {
    const machine = await ledger.call("deleteMachinery", { token: admin, query: { vin: pin(1) } });
    expect(machine.status).toBe(409);
    expect(machine.body.msg).toBe("该机械已绑定1台监管终端，请先在监管终端管理中解绑");
    const [fitted] = (await all(UNIT)).filter((u) => u.boundVin !== null);
    const unit = await ledger.call("deleteVehicleUnit", { token: admin, query: { unitSn: fitted?.unitSn } });
    expect(unit.status).toBe(409);
    expect(unit.body.msg).toBe(msgEcuDeleteBound(String(fitted?.boundVin)));
    const [filed] = await all(TERMINAL, admin, { filingState: "filed" });
    const terminal = await ledger.call("deleteBlackBox", { token: admin, query: { terminalId: filed?.terminalId } });
    expect(terminal.body.msg).toBe(MSG_TERMINAL_DELETE_FILED);
    const onFile = (await all(MES)).find((m) => (fitted?.boundVin as string) === m.vin) ?? (await all(MES))[0];
    const vehicles = new Set((await all(UNIT)).map((u) => u.boundVin));
    const registered = (await all(MES)).find((m) => vehicles.has(m.vin as string)) ?? onFile;
    const mes = await ledger.call("deleteMesVehicle", { token: admin, query: { vin: registered?.vin } });
    expect(mes.status).toBe(409);
    expect(mes.body.msg).toBe(MSG_MES_DELETE_REGISTERED);
    for (const c of [UNIT, TERMINAL, MES, APP]) {
      const k = keyOf(c);
      const key = c.row(1)[k];
      const gone = await ledger.call(`delete${c.one}`, { token: operator, query: { [k]: key } });
      expect(gone.status, `${c.def.name} ${JSON.stringify(gone.body)}`).toBe(200);
      expect(gone.body.data).toEqual({ key });
      expect((await ledger.call(`delete${c.one}`, { token: admin, query: { [k]: key } })).status).toBe(404);
    }
    // The terminal is gone: the machine may go now.
    expect((await ledger.call("deleteMachinery", { token: admin, query: { vin: pin(1) } })).status).toBe(200);
  });

  it("downloads templates the import reads; an unchanged template adds nothing", async () => {
    for (const c of CASES) {
      const res = await ledger.call(`download${c.one}Template`, { token: operator });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-disposition")).toContain(encodeURIComponent(`${c.def.title}导入模板.xlsx`));
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.bytes.buffer as ArrayBuffer);
      expect(workbook.worksheets.map((s) => s.name)).toEqual([c.def.title, "填写说明"]);
      const rows = await sheetRows(Buffer.from(res.bytes));
      expect(rows[0]).toEqual(headers(c));
      const before = await snapshot();
      const back = await importFile(c, Buffer.from(res.bytes));
      expect(back.body.data).toMatchObject({ all: 1, success: 0, failed: 1 });
      expect(back.body.data.rows[0]).toMatchObject({ row: 2, reason: MSG_REGISTER_EXAMPLE_ROW });
      expect(differences(before, await snapshot())).toEqual([]);
    }
  });

  it("imports MES vehicles in bulk with a per-row report, all or nothing per row, overwriting only with allowCover", async () => {
    const [existing] = await all(MES);
    const good = MES.row(10);
    const right = String(MES.row(11).vin);
    const badDigit = { ...MES.row(11), vin: `${right.slice(0, 8)}${right[8] === "1" ? "2" : "1"}${right.slice(9)}` };
    const res = await importFile(
      MES,
      await xlsxOf(headers(MES), [
        lineOf(MES, good),
        lineOf(MES, badDigit),
        lineOf(MES, { ...MES.row(12), offlineDate: "2025-02-01" }),
        lineOf(MES, good),
        lineOf(MES, existing as Row),
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ all: 5, success: 1, failed: 4 });
    expect(res.body.data.rows.map((r: { row: number; reason: string }) => [r.row, r.reason])).toEqual([
      [3, MSG_VIN_CHECK_DIGIT],
      [4, "下线日期不能早于上线日期"],
      [5, "文件中VIN重复"],
      [6, `VIN${existing?.vin}已存在`],
    ]);
    const fixed = await importFile(
      MES,
      await xlsxOf(headers(MES), [lineOf(MES, MES.row(11)), lineOf(MES, { ...(existing as Row), remark: "覆盖导入" })]),
      true,
    );
    expect(fixed.body.data).toMatchObject({ all: 2, success: 2, failed: 0, rows: [] });
    const covered = (await ledger.call("getMesVehicle", { token: admin, query: { vin: existing?.vin } })).body.data;
    expect(covered.remark).toBe("覆盖导入");
    // A terminal naming a machine 机械信息 does not hold is reported on its row.
    const t = await importFile(
      TERMINAL,
      await xlsxOf(headers(TERMINAL), [
        lineOf(TERMINAL, { ...TERMINAL.row(20), machineryPin: pin(998), installDate: "2025-01-01" }),
      ]),
    );
    expect(t.body.data.rows[0].reason).toBe(`机械${pin(998)}未在机械信息中登记`);
    const before = await snapshot();
    expect((await importFile(MES, Buffer.from("not a workbook"))).status).toBe(400);
    const missing = await importFile(MES, await xlsxOf(["VIN"], [["X-1"]]));
    expect(missing.status).toBe(400);
    expect(differences(before, await snapshot())).toEqual([]);
    const theirs = await importFile(MES, await xlsxOf(headers(MES), [lineOf(MES, MES.row(30))]), false, tenant2);
    expect(theirs.body.data).toMatchObject({ success: 1 });
    expect((await all(MES)).some((r) => r.vin === MES.row(30).vin)).toBe(false);
  });

  it("exports the list's filters as a background .xlsx that is a filled template the import takes back", async () => {
    for (const c of CASES) {
      const query = c.base === "blackBox" ? { filingState: "filed" } : {};
      const res = await ledger.call(`export${c.many}`, { token: admin, query });
      expect(res.body.msg).toBe("导出任务已提交，请到导出文件列表查看");
      expect((await ledger.call(`export${c.many}`, { token: operator, query: {} })).status, c.def.name).toBe(403);
      await server.ctx.exports.idle();
      const file = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${res.body.data.taskId}/download`);
      const rows = await sheetRows(await file.blob.arrayBuffer());
      expect(rows[0]).toEqual([...headers(c), "修改人", "修改时间"]);
      const listed = await all(c, admin, query);
      expect(rows.slice(1).map((r) => String(r[0]))).toEqual(listed.map((r) => String(r[keyOf(c)])));
      const again = await importFile(c, Buffer.from(await file.blob.arrayBuffer()), true);
      expect(again.body.data.rows, c.def.name).toEqual([]);
      expect(again.body.data, c.def.name).toMatchObject({ all: listed.length, success: listed.length, failed: 0 });
    }
    expect((await ledger.call("exportMachineries", { token: admin, query: { emissionStage: "cn5" } })).status).toBe(
      400,
    );
  });

  it("answers the machinery pickers and the ECU list from the registers", async () => {
    const machines = await all(MACHINERY);
    const picked = (await ledger.call("findMeinListByDim", { token: admin, query: { pageSize: 100 } })).body.data;
    expect(picked.total).toBe(machines.length);
    expect(picked.list.map((m: { vin: string }) => m.vin)).toEqual(machines.map((m) => m.vin));
    const created = await ledger.call("createMachinery", { token: admin, body: MACHINERY.row(40) });
    expect(created.status).toBe(200);
    const one = (await ledger.call("findMeinListByDim", { token: admin, query: { vin: pin(40).slice(5) } })).body.data;
    expect(one.list).toEqual([
      {
        vin: pin(40),
        mein: "CT40",
        brand: "临工",
        series: "",
        model: "L956H",
        cpxh: "L956H",
        cpbh: "L956H40",
        jjxh: "",
        ownerName: "合同*",
      },
    ]);
    const yto = (await ledger.call("findMeinListByDim", { token: admin, query: { oemId: 5 } })).body.data;
    expect(yto.total).toBe(machines.filter((m) => m.manufacturer === "中国一拖集团有限公司").length);
    expect(yto.total).toBeGreaterThan(0);
    const free = (await ledger.call("findMeinListByDim", { token: admin, query: { unBindOwner: true } })).body.data;
    expect(free.total).toBe(machines.filter((m) => m.ownerName === null).length);
    const kw = (await ledger.call("listNongjiNoPage", { token: admin, query: { keyWords: "CT40" } })).body.data;
    expect(kw.list.map((m: { vin: string }) => m.vin)).toEqual([pin(40)]);
    const theirs = (await ledger.call("findMeinListByDim", { token: tenant2, query: { pageSize: 100 } })).body.data;
    expect(theirs.list.some((m: { vin: string }) => m.vin === pin(40))).toBe(false);
    const ecus = (await ledger.call("searchEcuList", { token: admin, query: { pageSize: 100 } })).body.data;
    const models = new Set((await all(UNIT)).map((u) => `${u.supplier} ${u.ecuModel}`));
    expect(new Set(ecus.list.map((o: { label: string }) => o.label))).toEqual(models);
    expect(ecus.total).toBe(models.size);
    const bosch = (await ledger.call("searchEcuList", { token: admin, query: { keyWords: "博世" } })).body.data;
    expect(bosch.list).toEqual([{ label: "博世 EDC17C81", value: "EDC17C81" }]);
  });

  it("binds app users to vehicles: one owner, drivers behind the owner, unbinding in that order, tenant by tenant", async () => {
    const tenant = (
      await server.db.selectFrom("tenant").select("id").where("code", "=", "T0001").executeTakeFirstOrThrow()
    ).id;
    const appVin = vin17("LCTAPP0S0000001");
    await server.db.insertInto("vehicle").values({ vin: appVin, tenant_id: tenant }).execute();
    const [owner, driver, rival, off] = [51, 52, 53, 54].map((n) => APP.row(n)) as Record<string, unknown>[];
    for (const u of [owner, driver, rival, { ...off, status: "disabled" }])
      expect((await ledger.call("createAppUser", { token: admin, body: u })).status).toBe(200);
    const bind = (userId: unknown, role: string, v = appVin, token = admin) =>
      ledger.call("bindAppUserVehicle", { token, body: { userId, vin: v, role } });
    const unbind = (userId: unknown, v = appVin) =>
      ledger.call("unbindAppUserVehicle", { token: admin, body: { userId, vin: v } });

    const before = await snapshot();
    expect((await bind(driver?.userId, "driver")).body.msg).toBe(MSG_APP_BINDING_NO_OWNER);
    expect((await bind(off?.userId, "owner")).body.msg).toBe(MSG_APP_USER_DISABLED_BIND);
    expect((await bind("NO-SUCH-USER", "owner")).status).toBe(404);
    const unknown = await bind(owner?.userId, "owner", vin17("LCTAPP0S0000999"));
    expect(unknown.status).toBe(400);
    expect((await bind(owner?.userId, "boss")).status).toBe(400);
    expect((await bind(owner?.userId, "owner", appVin, tenant2)).status).toBe(404);
    expect(differences(before, await snapshot())).toEqual([]);

    const first = await bind(owner?.userId, "owner", appVin.toLowerCase());
    expect(first.status).toBe(200);
    expect(first.body.msg).toBe("绑定成功");
    expect(first.body.data.list).toEqual([
      { vin: appVin, plate: null, role: "owner", boundAt: expect.any(Number), boundBy: expect.any(String) },
    ]);
    const second = await bind(rival?.userId, "owner");
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe(msgAppBindingOwnerTaken(appVin, maskAppPhone(String(owner?.phone))));
    expect((await bind(driver?.userId, "driver")).status).toBe(200);
    expect((await unbind(owner?.userId)).body.msg).toBe(MSG_APP_UNBIND_OWNER_WITH_DRIVERS);
    const refused = await ledger.call("deleteAppUser", { token: admin, query: { userId: owner?.userId } });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(msgAppUserDeleteBound(1));
    const listed = await ledger.call("listAppUserVehicles", { token: admin, query: { userId: driver?.userId } });
    expect(listed.body.data).toMatchObject({ total: 1, list: [{ vin: appVin, role: "driver" }] });
    expect(
      (await ledger.call("listAppUserVehicles", { token: tenant2, query: { userId: driver?.userId } })).status,
    ).toBe(404);
    expect((await ledger.call("listAppUserVehicles", { token: admin, query: { userId: "a b" } })).status).toBe(400);

    expect((await unbind(driver?.userId)).body.data).toEqual({ list: [], total: 0 });
    const gone = await unbind(owner?.userId);
    expect(gone.body.msg).toBe("解绑成功");
    expect((await unbind(owner?.userId)).body.msg).toBe(msgAppBindingNotFound(appVin));
    expect((await ledger.call("unbindAppUserVehicle", { token: admin, body: { userId: owner?.userId } })).status).toBe(
      400,
    );
    expect((await ledger.call("deleteAppUser", { token: admin, query: { userId: owner?.userId } })).status).toBe(200);

    // The seeded users: some bound as owners, some drivers; the operator may not bind.
    const users = await all(APP);
    const seeded = await Promise.all(
      users
        .slice(0, 8)
        .map(
          async (u) =>
            (await ledger.call("listAppUserVehicles", { token: admin, query: { userId: u.userId } })).body.data,
        ),
    );
    expect(seeded.some((v) => v.total > 0)).toBe(true);
    // The operator's role holds the bind permission too (its registers' buttons).
    expect((await bind(rival?.userId, "owner", appVin, operator)).status).toBe(200);
  });

  it("called every operation with good and bad input", () => {
    ledger.expectCovered(BASEINFO_REST_OPS);
  });
});
