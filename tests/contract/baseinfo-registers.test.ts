import {
  checkRegisterRow,
  creditCodeCheckChar,
  MSG_CREDIT_CODE_CHECK,
  MSG_ECONOMIC_BAND_REVERSED,
  MSG_REGISTER_EXAMPLE_ROW,
  msgOrgDeleteActive,
  REGISTERS,
  type RegisterDef,
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
import { REGISTER_OPS } from "./support/owners";

/**
 * Contract of the coded registers of base information (变速箱信息, 金融机构管理, 租赁机构管理,
 * 经济转速信息): for each, the list with its filters, detail, create (409 on a taken key), edit
 * with optimistic concurrency, delete (409 while in use), the import with its per-row report,
 * the template and the export read back — tenant isolation throughout, nothing written by a
 * refused request — and the keyword searches that read two of them.
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
  /** A new valid row with key `k`. */
  row: (k: string) => Record<string, unknown>;
}

/** A valid unified social credit code from 17 characters. */
const credit = (first17: string) => first17 + creditCodeCheckChar(first17);

/** The same code with another check character. */
const wrongCheck = (code: string) => code.slice(0, 17) + (code.endsWith("0") ? "1" : "0");

const CASES: Case[] = [
  {
    def: REGISTERS.gearbox,
    base: "gearbox",
    one: "Gearbox",
    many: "Gearboxes",
    row: (k) => ({
      code: k,
      modelName: "12JSD220T",
      manufacturer: "法士特",
      gearboxType: "manual",
      gears: 4,
      maxInputTorque: 2200,
      speedRatios: "6.5/3.2/1.8/1.0",
      remark: null,
    }),
  },
  {
    def: REGISTERS.financialInstitution,
    base: "financeOrg",
    one: "FinanceOrg",
    many: "FinanceOrgs",
    row: (k) => ({
      code: k,
      name: `测试汽车金融有限公司${k}`,
      kind: "autoFinance",
      creditCode: credit("91310000MA1TE7T01"),
      contact: "张三",
      phone: "021-55551234",
      status: "active",
      remark: null,
    }),
  },
  {
    def: REGISTERS.leaseOrg,
    base: "leaseOrg",
    one: "LeaseOrg",
    many: "LeaseOrgs",
    row: (k) => ({
      code: k,
      name: `测试车辆租赁有限公司${k}`,
      creditCode: credit("91440300MA5TE7T02"),
      contact: null,
      phone: "13912345678",
      region: "广东省深圳市南山区",
      status: "disabled",
      remark: "试运营",
    }),
  },
  {
    def: REGISTERS.economicSpeed,
    base: "economicSpeed",
    one: "EconomicSpeed",
    many: "EconomicSpeeds",
    row: (k) => ({
      engineModel: k,
      manufacturer: "潍柴",
      minRpm: 1050,
      maxRpm: 1450,
      peakTorqueRpm: 1200,
      remark: null,
    }),
  },
];
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

describe.skipIf(engine.skip)(`base-information registers contract (${engine.kind})`, () => {
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

  it("answers 401 without a token on every register operation", async () => {
    expect(REGISTER_OPS).toHaveLength(32);
    for (const id of REGISTER_OPS) {
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

  it("seeds each register with valid rows, each tenant its own", async () => {
    for (const c of CASES) {
      const mine = await all(c);
      const theirs = await all(c, tenant2);
      expect(mine.length, c.def.name).toBeGreaterThanOrEqual(8);
      expect(theirs.length, c.def.name).toBeGreaterThan(0);
      for (const r of [...mine, ...theirs]) expect(checkRegisterRow(c.def, r).ok, JSON.stringify(r)).toBe(true);
      const keys = mine.map((r) => r[keyOf(c)] as string);
      expect(keys, c.def.name).toEqual(keys.toSorted());
    }
    const orgs = await all(CASES[1] as Case);
    expect(new Set(orgs.map((o) => o.kind))).toEqual(new Set(["bank", "leasing", "autoFinance"]));
    expect(new Set(orgs.map((o) => o.status))).toEqual(new Set(["active", "disabled"]));
  });

  it("lists by keyword and choice, pages without overlap, and refuses bad filters", async () => {
    const gearbox = CASES[0] as Case;
    const rows = await all(gearbox);
    const fast = await all(gearbox, admin, { keyWords: "法士" });
    expect(fast.length).toBe(rows.filter((r) => r.manufacturer === "法士特").length);
    const amt = await all(gearbox, admin, { gearboxType: "amt" });
    expect(amt.length).toBeGreaterThan(0);
    expect(amt.every((r) => r.gearboxType === "amt")).toBe(true);
    expect((await all(gearbox, admin, { gearboxType: "" })).length).toBe(rows.length);
    const p1 = (await ledger.call("listGearboxes", { token: admin, query: { pageNum: 1, pageSize: 5 } })).body.data;
    const p2 = (await ledger.call("listGearboxes", { token: admin, query: { pageNum: 2, pageSize: 5 } })).body.data;
    expect(p1.total).toBe(rows.length);
    expect([...p1.list, ...p2.list].map((r: Row) => r.code)).toEqual(rows.slice(0, 10).map((r) => r.code));
    const disabled = await all(CASES[1] as Case, admin, { status: "disabled" });
    expect(disabled.every((r) => r.status === "disabled")).toBe(true);
    expect((await all(CASES[3] as Case, admin, { keyWords: "wp13" })).map((r) => r.engineModel)).toEqual([
      "WP13.550E62",
    ]);
    for (const c of CASES) {
      const bad = await ledger.call(`list${c.many}`, { token: admin, query: { keyWords: "x".repeat(51) } });
      expect(bad.status, c.def.name).toBe(400);
    }
    expect((await ledger.call("listFinanceOrgs", { token: admin, query: { kind: "pawnshop" } })).status).toBe(400);
    expect((await ledger.call("listLeaseOrgs", { token: admin, query: { pageNum: 0 } })).status).toBe(400);
  });

  it("reads one row as the list shows it; another tenant's row reads as absent", async () => {
    for (const c of CASES) {
      const [first] = await all(c);
      const k = keyOf(c);
      const one = await ledger.call(`get${c.one}`, { token: admin, query: { [k]: first?.[k] } });
      expect(one.body.data, c.def.name).toEqual(first);
      const [theirs] = (await all(c, tenant2)).filter((t) => !(first && t[k] === first[k]));
      const absent = await ledger.call(`get${c.one}`, { token: admin, query: { [k]: `NOPE-${theirs?.[k]}` } });
      expect(absent.status).toBe(404);
      expect(absent.body.msg).toBe(`${c.def.noun}不存在`);
    }
  });

  it("creates rows checked by the domain, refuses a taken key with 409 and bad rows with the field's Chinese reason", async () => {
    for (const c of CASES) {
      const k = keyOf(c);
      const row = c.row(`NEW-${c.base}`);
      const created = await ledger.call(`create${c.one}`, { token: operator, body: row });
      expect(created.status, c.def.name).toBe(200);
      expect(created.body.data).toMatchObject({ ...row, updateName: expect.any(String) });
      // Another tenant may keep the same code in its own register; its edit and delete touch only its own row.
      expect((await ledger.call(`create${c.one}`, { token: tenant2, body: row })).status, c.def.name).toBe(200);
      const theirs = (await ledger.call(`get${c.one}`, { token: tenant2, query: { [k]: row[k] } })).body.data;
      const remark = "另一租户的备注";
      expect(
        (await ledger.call(`update${c.one}`, { token: tenant2, body: { ...row, updatedAt: theirs.updatedAt, remark } }))
          .status,
      ).toBe(200);
      expect((await ledger.call(`delete${c.one}`, { token: tenant2, query: { [k]: row[k] } })).status).toBe(
        c.def.fields.some((f) => f.key === "status") && row.status === "active" ? 409 : 200,
      );
      const mine = (await ledger.call(`get${c.one}`, { token: admin, query: { [k]: row[k] } })).body.data;
      expect(mine, c.def.name).toEqual(created.body.data);
      const before = await snapshot();
      const again = await ledger.call(`create${c.one}`, { token: admin, body: row });
      expect(again.status, c.def.name).toBe(409);
      expect(again.body.msg).toBe(`${c.def.fields[0]?.label}${row[k]}已存在`);
      expect((await ledger.call(`create${c.one}`, { token: admin, body: { ...row, [k]: "a b" } })).status).toBe(400);
      expect(differences(before, await snapshot())).toEqual([]);
    }
    const before = await snapshot();
    const org = (CASES[1] as Case).row("FIN-BAD");
    const wrong = wrongCheck(String(org.creditCode));
    const bad = await ledger.call("createFinanceOrg", { token: admin, body: { ...org, creditCode: wrong } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe(MSG_CREDIT_CODE_CHECK);
    expect(bad.body.data.failDetail).toEqual([{ field: "creditCode", msg: MSG_CREDIT_CODE_CHECK }]);
    const band = (CASES[3] as Case).row("BAND-BAD");
    const reversed = await ledger.call("createEconomicSpeed", { token: admin, body: { ...band, minRpm: 1500 } });
    expect(reversed.body.data.failDetail).toEqual([{ field: "maxRpm", msg: MSG_ECONOMIC_BAND_REVERSED }]);
    const ratios = await ledger.call("createGearbox", {
      token: admin,
      body: { ...(CASES[0] as Case).row("GB-BAD"), speedRatios: "6.5/3.2/1.8" },
    });
    expect(ratios.body.data.failDetail).toEqual([{ field: "speedRatios", msg: "速比个数（3）应与挡位数（4）一致" }]);
    // The schema's own refusals: a choice outside the enum, a field too many.
    expect(
      (
        await ledger.call("createGearbox", {
          token: admin,
          body: { ...(CASES[0] as Case).row("X"), gearboxType: "dct" },
        })
      ).status,
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
      expect(saved.status, c.def.name).toBe(200);
      expect(saved.body.data.remark).toBe(remark);
      expect(saved.body.data.updatedAt).toBeGreaterThan(row?.updatedAt ?? 0);
      const stale = await ledger.call(`update${c.one}`, { token: admin, body: { ...edit, remark: "晚到的编辑" } });
      expect(stale.status, c.def.name).toBe(409);
      expect(stale.body.msg).toBe(`该${c.def.noun}已被他人修改，请刷新后重新编辑`);
      const missing = await ledger.call(`update${c.one}`, { token: admin, body: { ...edit, [k]: "NO-SUCH-ROW" } });
      expect(missing.status).toBe(404);
      expect((await ledger.call(`update${c.one}`, { token: admin, body: { ...edit, updatedAt: -1 } })).status).toBe(
        400,
      );
    }
  });

  it("deletes free rows, refuses an organisation in cooperation with a Chinese reason, 404 for unknown", async () => {
    const [active] = await all(CASES[1] as Case, admin, { status: "active" });
    const refused = await ledger.call("deleteFinanceOrg", { token: admin, query: { code: active?.code } });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(msgOrgDeleteActive("金融机构"));
    const [activeLease] = await all(CASES[2] as Case, admin, { status: "active" });
    const refusedLease = await ledger.call("deleteLeaseOrg", { token: admin, query: { code: activeLease?.code } });
    expect(refusedLease.body.msg).toBe("合作中的租赁机构不能删除，请先将状态改为已停用");
    for (const c of CASES) {
      const k = keyOf(c);
      const row: Record<string, unknown> = {
        ...c.row(`DEL-${c.base}`),
        ...(c.def.fields.some((f) => f.key === "status") ? { status: "disabled" } : {}),
      };
      expect((await ledger.call(`create${c.one}`, { token: admin, body: row })).status).toBe(200);
      const gone = await ledger.call(`delete${c.one}`, { token: operator, query: { [k]: row[k] } });
      expect(gone.status, c.def.name).toBe(200);
      expect(gone.body.data).toEqual({ key: row[k] });
      expect((await ledger.call(`delete${c.one}`, { token: admin, query: { [k]: row[k] } })).status).toBe(404);
    }
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

  it("imports good rows, reports every bad one with its reasons, and overwrites only with allowCover", async () => {
    const c = CASES[0] as Case;
    const [existing] = await all(c);
    const good = lineOf(c, c.row("IMP-GB-1"));
    const res = await importFile(
      c,
      await xlsxOf(headers(c), [
        good,
        lineOf(c, { ...c.row("IMP-GB-2"), gearboxType: "双离合" }),
        lineOf(c, { ...c.row("IMP-GB-3"), gears: 5 }),
        good,
        lineOf(c, existing as Row),
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ all: 5, success: 1, failed: 4 });
    expect(
      res.body.data.rows.map((r: { row: number; key: string; reason: string }) => [r.row, r.key, r.reason]),
    ).toEqual([
      [3, "IMP-GB-2", "变速箱类型应为手动、AMT、AT、CVT之一"],
      [4, "IMP-GB-3", "速比个数（4）应与挡位数（5）一致"],
      [5, "IMP-GB-1", "文件中变速箱编码重复"],
      [6, existing?.code, `变速箱编码${existing?.code}已存在`],
    ]);
    const saved = (await ledger.call("getGearbox", { token: admin, query: { code: "IMP-GB-1" } })).body.data;
    expect(saved).toMatchObject(c.row("IMP-GB-1"));
    // The fixed rows go in on a second try; the existing one only with allowCover.
    const fixed = await importFile(
      c,
      await xlsxOf(headers(c), [
        lineOf(c, { ...c.row("IMP-GB-2"), gearboxType: "amt" }),
        lineOf(c, { ...(existing as Row), remark: "覆盖导入" }),
      ]),
      true,
    );
    expect(fixed.body.data).toMatchObject({ all: 2, success: 2, failed: 0, rows: [] });
    const covered = (await ledger.call("getGearbox", { token: admin, query: { code: existing?.code } })).body.data;
    expect(covered.remark).toBe("覆盖导入");
    expect(covered.updatedAt).toBeGreaterThan(existing?.updatedAt ?? 0);
    // A credit code with a wrong check character, in a sheet.
    const f = CASES[1] as Case;
    const wrong = { ...f.row("IMP-FIN-1"), creditCode: wrongCheck(credit("91310000MA1TE7T01")) };
    const orgs = await importFile(f, await xlsxOf(headers(f), [lineOf(f, wrong)]));
    expect(orgs.body.data.rows[0].reason).toBe(MSG_CREDIT_CODE_CHECK);
    // Bad files: not a workbook, a column missing; the operator of tenant 2 writes to its own tenant only.
    const before = await snapshot();
    expect((await importFile(c, Buffer.from("not a workbook"))).status).toBe(400);
    const missing = await importFile(c, await xlsxOf(["变速箱编码"], [["X-1"]]));
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain("导入模板不正确，缺少列：型号名称");
    expect(differences(before, await snapshot())).toEqual([]);
    const e = CASES[3] as Case;
    const theirs = await importFile(e, await xlsxOf(headers(e), [lineOf(e, e.row("T2-ENGINE"))]), false, tenant2);
    expect(theirs.body.data).toMatchObject({ success: 1 });
    expect((await all(e)).some((r) => r.engineModel === "T2-ENGINE")).toBe(false);
  });

  it("exports the list's filters as a background .xlsx that is a filled template the import takes back", async () => {
    for (const c of CASES) {
      const query = c.base === "financeOrg" ? { status: "active" } : {};
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
    expect((await ledger.call("exportGearboxes", { token: admin, query: { gearboxType: "dct" } })).status).toBe(400);
  });

  it("answers the gearbox and finance-organisation keyword searches from the registers", async () => {
    const gearboxes = (await ledger.call("searchGearboxModel", { token: admin, query: { pageSize: 100 } })).body.data;
    expect(gearboxes.total).toBe((await all(CASES[0] as Case)).length);
    const hit = (await ledger.call("searchGearboxModel", { token: admin, query: { keyWords: "IMP-GB-1" } })).body.data;
    expect(hit.list).toEqual([{ value: "IMP-GB-1", label: "法士特 12JSD220T" }]);
    const lenders = (await ledger.call("searchFinanceOrgList", { token: admin, query: { pageSize: 100 } })).body.data;
    const active = await all(CASES[1] as Case, admin, { status: "active" });
    expect(lenders.list.map((o: { value: string }) => o.value)).toEqual(active.map((o) => o.code));
    const theirs = (await ledger.call("searchFinanceOrgList", { token: tenant2, query: { pageSize: 100 } })).body.data;
    expect(theirs.total).toBe((await all(CASES[1] as Case, tenant2, { status: "active" })).length);
  });

  it("called every register operation with good and bad input", () => {
    ledger.expectCovered(REGISTER_OPS);
  });
});
