import {
  luhnCheckDigit,
  MSG_SIM_DUPLICATE_IN_FILE,
  MSG_SIM_EXISTS,
  MSG_SIM_ICCID_CHECK_DIGIT,
  MSG_SIM_MSISDN_LENGTH,
  MSG_SIM_STALE,
} from "@tsp/domain";
import { download } from "@tsp/sdk";
import ExcelJS from "exceljs";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { differences, fingerprint, tablesOf } from "../robustness/support/fingerprint";
import { CallLedger } from "./business-coverage";
import { postFile, sheetRows, xlsxOf } from "./business-sheets";
import { operation, signIn } from "./support/contract";
import { SIM_CARD_OPS } from "./support/owners";

/**
 * Contract of the SIM card register (base info › SIM卡数据): the list with every filter and
 * sort, detail, edit with optimistic concurrency, delete of free cards, the import with its
 * per-row report and all-or-nothing write, the template and the export read back with
 * exceljs — tenant isolation throughout, and nothing written by a refused request.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;
let adminSdk: Awaited<ReturnType<typeof signIn>>["sdk"];
let operator: string;
let tenant2: string;
const ledger = new CallLedger(() => server.url);

/** The header row of the template and the import, written out here (not read from the server). */
const HEADERS = ["ICCID", "MSISDN", "运营商", "卡状态", "激活日期", "到期日期", "套餐流量(MB)", "备注"];
/** The export's columns after the template's. */
const TRAILER = ["绑定VIN", "车牌号", "实名状态", "本月已用流量(MB)", "修改人", "修改时间"];

/** A Luhn-valid ICCID of the carrier's issuer digits (00 China Mobile, 01 China Unicom, 03 China Telecom). */
const iccidOf = (issuer: string, serial: number) => {
  const body = `8986${issuer}${String(serial).padStart(13, "0")}`;
  return body + luhnCheckDigit(body);
};

interface Card {
  iccid: string;
  msisdn: string | null;
  carrier: string;
  status: string;
  vin: string | null;
  realnameStatus: string;
  activationDate: string | null;
  expiryDate: string | null;
  dataPlanMb: number | null;
  monthUsageMb: number;
  remark: string | null;
  updatedAt: number;
  updateName: string | null;
}

/** Every card the demo administrator sees (T0001 and its sub-tenant), through the list. */
async function allCards(token = admin): Promise<Card[]> {
  return (await ledger.call("listSimCards", { token, query: { pageSize: 10000 } })).body.data.list;
}

/** The editable fields of a card plus its version: what the edit form sends back. */
const editOf = (c: Card, over: Record<string, unknown> = {}) => ({
  iccid: c.iccid,
  msisdn: c.msisdn,
  carrier: c.carrier,
  status: c.status,
  activationDate: c.activationDate,
  expiryDate: c.expiryDate,
  dataPlanMb: c.dataPlanMb,
  remark: c.remark,
  updatedAt: c.updatedAt,
  ...over,
});

async function importSims(bytes: Buffer, allowCover?: boolean, token = admin) {
  const res = await postFile(
    server.url,
    "importSimCards",
    "/tsp-bss/simCard/import",
    { name: "SIM卡.xlsx", bytes },
    token,
    allowCover === undefined ? {} : { allowCover: String(allowCover) },
  );
  ledger.record("importSimCards", res.status);
  return res;
}

async function cardRow(iccid: string) {
  return server.db.selectFrom("bss_sim_card").selectAll().where("iccid", "=", iccid).executeTakeFirst();
}

describe.skipIf(engine.skip)(`SIM card register contract (${engine.kind})`, () => {
  let tables: string[];
  const snapshot = () => fingerprint(server.db as Kysely<unknown>, tables, server.ctx.objects.root);

  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 6, journalPerVehicle: 2 } } });
    const a = await signIn(server.url, "admin", "Admin@123456");
    admin = a.token;
    adminSdk = a.sdk;
    operator = (await signIn(server.url, "operator", "Operator@123456")).token;
    tenant2 = (await signIn(server.url, "tenant2admin", "Admin@123456")).token;
    tables = await tablesOf(server.db as Kysely<unknown>);
  }, 120_000);
  afterAll(() => server?.stop());

  it("answers 401 without a token on every SIM card operation", async () => {
    expect(SIM_CARD_OPS).toHaveLength(7);
    for (const id of SIM_CARD_OPS) {
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

  it("seeds a realistic register: every state, dates where the rules want them, traffic within reason", async () => {
    const cards = await allCards();
    const stored = await server.db
      .selectFrom("bss_sim_card")
      .innerJoin("tenant", "tenant.id", "bss_sim_card.tenant_id")
      .select("iccid")
      .where("tenant.code", "in", ["T0001", "T0001-01"])
      .execute();
    expect(cards.map((c) => c.iccid).toSorted()).toEqual(stored.map((s) => s.iccid).toSorted());
    expect(new Set(cards.map((c) => c.status))).toEqual(
      new Set(["inventory", "testing", "active", "suspended", "cancelled"]),
    );
    expect(new Set(cards.map((c) => c.realnameStatus)).size).toBeGreaterThanOrEqual(3);
    for (const c of cards) {
      if (["active", "suspended", "cancelled"].includes(c.status)) expect(c.activationDate, c.iccid).not.toBeNull();
      if (c.status === "inventory") expect(c.activationDate, c.iccid).toBeNull();
      if (c.vin !== null) expect(["testing", "active", "suspended"], c.iccid).toContain(c.status);
      expect(c.monthUsageMb).toBeGreaterThanOrEqual(0);
      expect(luhnCheckDigit(c.iccid.slice(0, -1))).toBe(c.iccid.slice(-1));
    }
    expect(cards.some((c) => c.vin !== null && c.monthUsageMb > 0)).toBe(true);
  });

  it("lists with every filter, only the caller's tenants, sorted by a whitelisted column", async () => {
    const cards = await allCards();
    const bound = cards.find((c) => c.vin !== null && c.msisdn !== null) as Card;
    const q = async (query: Record<string, unknown>) =>
      (await ledger.call("listSimCards", { token: admin, query: { pageSize: 1000, ...query } })).body.data;
    expect((await q({ iccid: bound.iccid.slice(6, 14) })).list.map((c: Card) => c.iccid)).toContain(bound.iccid);
    expect((await q({ msisdn: bound.msisdn?.slice(4) })).list.map((c: Card) => c.iccid)).toContain(bound.iccid);
    expect((await q({ vin: bound.vin?.slice(8).toLowerCase() })).list.map((c: Card) => c.iccid)).toEqual([bound.iccid]);
    for (const carrier of ["CMCC", "CUCC", "CTCC"]) {
      const page = await q({ carrier });
      expect(page.total).toBe(cards.filter((c) => c.carrier === carrier).length);
    }
    for (const status of ["inventory", "active"]) {
      expect((await q({ status })).list.every((c: Card) => c.status === status)).toBe(true);
    }
    expect((await q({ bound: true })).total).toBe(cards.filter((c) => c.vin !== null).length);
    expect((await q({ bound: false })).total).toBe(cards.filter((c) => c.vin === null).length);
    expect((await q({ realnameStatus: "unauthenticated" })).total).toBe(
      cards.filter((c) => c.realnameStatus === "unauthenticated").length,
    );
    const day = bound.activationDate ?? "";
    const range = await q({ activationDateStart: day, activationDateEnd: day });
    expect(range.list.map((c: Card) => c.iccid)).toContain(bound.iccid);
    expect(range.list.every((c: Card) => c.activationDate === day)).toBe(true);
    const byUsage = (await q({ sortBy: "monthUsageMb", desc: true })).list.map((c: Card) => c.monthUsageMb);
    expect(byUsage).toEqual(byUsage.toSorted((a: number, b: number) => b - a));
    // Pages of 5 follow one another without overlap.
    const p1 = (await ledger.call("listSimCards", { token: admin, query: { pageNum: 1, pageSize: 5 } })).body.data;
    const p2 = (await ledger.call("listSimCards", { token: admin, query: { pageNum: 2, pageSize: 5 } })).body.data;
    expect(p1.total).toBe(cards.length);
    expect(p1.list.concat(p2.list).map((c: Card) => c.iccid)).toEqual(cards.slice(0, 10).map((c) => c.iccid));
    // Tenant 2 sees none of these cards.
    const theirs = await allCards(tenant2);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((c) => cards.some((m) => m.iccid === c.iccid))).toEqual([]);
    // Bad input: the schema's and the handler's.
    const bad = async (query: Record<string, unknown>) =>
      (await ledger.call("listSimCards", { token: admin, query })).status;
    expect(await bad({ sortBy: "tenant_id" })).toBe(400);
    expect(await bad({ status: "frozen" })).toBe(400);
    expect(await bad({ activationDateStart: "2025-13-01" })).toBe(400);
    const reversed = await ledger.call("listSimCards", {
      token: admin,
      query: { activationDateStart: "2025-03-02", activationDateEnd: "2025-03-01" },
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.data.failDetail[0]).toEqual({ field: "activationDateEnd", msg: "开始时间不能晚于结束时间" });
  });

  it("reads one card as the list shows it; another tenant's reads as absent", async () => {
    const [first] = await allCards();
    const one = await ledger.call("getSimCard", { token: admin, query: { iccid: first?.iccid } });
    expect(one.body.data).toEqual(first);
    const [theirs] = await allCards(tenant2);
    expect((await ledger.call("getSimCard", { token: admin, query: { iccid: theirs?.iccid } })).status).toBe(404);
    expect((await ledger.call("getSimCard", { token: admin, query: { iccid: "8986-0" } })).status).toBe(400);
  });

  it("saves an edit with a new version; a stale or rule-breaking edit answers and changes nothing", async () => {
    const cards = await allCards();
    const card = cards.find((c) => c.vin !== null && c.status === "active") as Card;
    const saved = await ledger.call("updateSimCard", {
      token: operator,
      body: editOf(card, { status: "suspended", remark: "欠费停机" }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.msg).toBe("保存成功");
    expect(saved.body.data).toMatchObject({
      iccid: card.iccid,
      status: "suspended",
      remark: "欠费停机",
      vin: card.vin,
    });
    expect(saved.body.data.updatedAt).toBeGreaterThan(card.updatedAt);
    expect(saved.body.data.updateName).toBe("运营专员");
    // A second save at once with the fresh version passes: versions never tie.
    const again = await ledger.call("updateSimCard", {
      token: admin,
      body: editOf(saved.body.data, { remark: "复机" }),
    });
    expect(again.body.data.updatedAt).toBeGreaterThan(saved.body.data.updatedAt);

    const before = await snapshot();
    const stale = await ledger.call("updateSimCard", { token: admin, body: editOf(card, { remark: "旧副本" }) });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(MSG_SIM_STALE);
    const fresh = again.body.data as Card;
    const cancel = await ledger.call("updateSimCard", { token: admin, body: editOf(fresh, { status: "cancelled" }) });
    expect(cancel.status).toBe(400);
    expect(cancel.body.data.failDetail).toEqual([
      { field: "status", msg: `该卡已绑定车辆${card.vin}，不能设为已销户，请先在终端信息中解绑` },
    ]);
    const wrongCarrier = card.carrier === "CMCC" ? "CUCC" : "CMCC";
    const mixed = await ledger.call("updateSimCard", {
      token: admin,
      body: editOf(fresh, { carrier: wrongCarrier, activationDate: null, msisdn: "1440399999999" }),
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.data.failDetail.map((f: { field: string }) => f.field).toSorted()).toEqual([
      "activationDate",
      "carrier",
    ]);
    // Fields are checked first: a bad number is reported on its own.
    const badNumber = await ledger.call("updateSimCard", { token: admin, body: editOf(fresh, { msisdn: "12345" }) });
    expect(badNumber.body.data.failDetail).toEqual([{ field: "msisdn", msg: MSG_SIM_MSISDN_LENGTH }]);
    const other = cards.find((c) => c.iccid !== card.iccid && c.msisdn !== null) as Card;
    const taken = await ledger.call("updateSimCard", { token: admin, body: editOf(fresh, { msisdn: other.msisdn }) });
    expect(taken.body.data.failDetail).toEqual([{ field: "msisdn", msg: "MSISDN已被其他SIM卡使用" }]);
    const [theirs] = await allCards(tenant2);
    expect((await ledger.call("updateSimCard", { token: admin, body: editOf(theirs as Card) })).status).toBe(404);
    expect((await ledger.call("updateSimCard", { token: admin, body: { ...editOf(fresh), extra: 1 } })).status).toBe(
      400,
    );
    expect(differences(before, await snapshot())).toEqual([]);
  });

  it("deletes a free card with its real-name record, and refuses a bound one by naming its vehicle", async () => {
    const cards = await allCards();
    const bound = cards.find((c) => c.vin !== null) as Card;
    const before = await snapshot();
    const refused = await ledger.call("deleteSimCard", { token: admin, query: { iccid: bound.iccid } });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(`该SIM卡已绑定车辆${bound.vin}，请先在终端信息中解绑后再删除`);
    const [theirs] = await allCards(tenant2);
    expect((await ledger.call("deleteSimCard", { token: admin, query: { iccid: theirs?.iccid } })).status).toBe(404);
    expect(differences(before, await snapshot())).toEqual([]);
    const spare = cards.find((c) => c.vin === null) as Card;
    await server.db
      .insertInto("bss_realname")
      .values({
        iccid: spare.iccid,
        tenant_id: (await cardRow(spare.iccid))?.tenant_id ?? 0,
        owner_name: null,
        owner_type: null,
        status: "pending",
        auth_time: null,
      })
      .execute();
    const deleted = await ledger.call("deleteSimCard", { token: admin, query: { iccid: spare.iccid } });
    expect(deleted.body).toMatchObject({ msg: "删除成功", data: { iccid: spare.iccid } });
    expect((await ledger.call("getSimCard", { token: admin, query: { iccid: spare.iccid } })).status).toBe(404);
    expect(
      await server.db.selectFrom("bss_realname").select("iccid").where("iccid", "=", spare.iccid).execute(),
    ).toEqual([]);
  });

  it("downloads a template whose header row is what the import reads; uploaded unchanged it adds nothing", async () => {
    const res = await ledger.call("downloadSimCardTemplate", { token: operator });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(encodeURIComponent("SIM卡数据导入模板.xlsx"));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.bytes.buffer as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(["SIM卡数据", "填写说明"]);
    const rows = await sheetRows(Buffer.from(res.bytes));
    expect(rows[0]).toEqual(HEADERS);
    expect(rows).toHaveLength(2);
    const help = workbook.getWorksheet("填写说明");
    expect(help?.getRow(4).values).toEqual([
      undefined,
      "运营商",
      "必填",
      expect.stringContaining("中国移动、中国联通、中国电信"),
    ]);
    const unchanged = await importSims(Buffer.from(res.bytes));
    expect(unchanged.body.data).toEqual({
      all: 1,
      success: 0,
      failed: 1,
      rows: [{ row: 2, vin: "", key: rows[1]?.[0], reason: "这是模板的示例行，请替换为实际数据后导入" }],
    });
    expect((await ledger.call("downloadSimCardTemplate", { token: tenant2 })).status).toBe(200);
  });

  it("imports new cards, reports every bad row with its reasons in Chinese, and saves only the good ones", async () => {
    const [existing] = await allCards();
    const [theirs] = await allCards(tenant2);
    const good = iccidOf("00", 9_000_000_000_001);
    const second = iccidOf("01", 9_000_000_000_002);
    const badLuhn = `${good.slice(0, -1)}${(Number(good.slice(-1)) + 1) % 10}`;
    const file = await xlsxOf(HEADERS, [
      [good, "1440900000001", "中国移动", "库存", "", "", 100, "新到货"],
      [badLuhn, "1440900000002", "中国移动", "库存", "", "", 100, ""],
      [second, "12345", "中国广电", "已激活", "", "", "", ""],
      [good, "1440900000003", "CMCC", "inventory", "", "", "", ""],
      [existing?.iccid, "", existing?.carrier, "测试期", "", "", "", ""],
      [theirs?.iccid, "", theirs?.carrier, "测试期", "", "", "", ""],
      [iccidOf("06", 9_000_000_000_003), "1440900000001", "中国联通", "测试期", "", "", 30, ""],
      [
        iccidOf("03", 9_000_000_000_004),
        "14109000000004",
        "中国电信",
        "已激活",
        new Date(Date.UTC(2025, 2, 1)),
        "2028-02-29",
        1024,
        "",
      ],
    ]);
    const n0 = (await allCards()).length;
    const res = await importSims(file);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe("导入完成");
    expect(res.body.data).toMatchObject({ all: 8, success: 1, failed: 7 });
    const reasons = Object.fromEntries(
      res.body.data.rows.map((r: { row: number; reason: string }) => [r.row, r.reason]),
    );
    expect(reasons).toEqual({
      3: MSG_SIM_ICCID_CHECK_DIGIT,
      4: "MSISDN应为11位手机号或13位物联网号码；运营商应为中国移动、中国联通或中国电信",
      5: MSG_SIM_DUPLICATE_IN_FILE,
      6: MSG_SIM_EXISTS,
      7: "ICCID已被其他单位登记",
      8: "文件中MSISDN重复",
      9: "MSISDN应为11位手机号或13位物联网号码",
    });
    expect(res.body.data.rows[0]).toEqual({ row: 3, vin: "", key: badLuhn, reason: MSG_SIM_ICCID_CHECK_DIGIT });
    const cards = await allCards();
    expect(cards).toHaveLength(n0 + 1);
    expect(cards.find((c) => c.iccid === good)).toMatchObject({
      msisdn: "1440900000001",
      carrier: "CMCC",
      status: "inventory",
      dataPlanMb: 100,
      remark: "新到货",
      vin: null,
      realnameStatus: "unauthenticated",
      updateName: "系统管理员",
    });
    // Re-import the fixed rows only: the per-row report's round trip.
    const fixed = await xlsxOf(HEADERS, [
      [iccidOf("00", 9_000_000_000_005), "1440900000002", "中国移动", "库存", "", "", 100, ""],
      [second, "1460900000002", "中国联通", "已激活", "2025-03-01", "", "", ""],
    ]);
    expect((await importSims(fixed)).body.data).toMatchObject({ all: 2, success: 2, failed: 0, rows: [] });
  });

  it("overwrites the tenant's own cards only with allowCover, and keeps the version moving", async () => {
    const [card] = (await allCards()).filter((c) => c.vin === null && c.status === "inventory");
    const row = [card?.iccid, card?.msisdn ?? "", card?.carrier, "测试期", "", "", 500, "覆盖导入"];
    expect((await importSims(await xlsxOf(HEADERS, [row]), false)).body.data.rows[0].reason).toBe(MSG_SIM_EXISTS);
    const res = await importSims(await xlsxOf(HEADERS, [row]), true);
    expect(res.body.data).toMatchObject({ success: 1, failed: 0 });
    const after = (await ledger.call("getSimCard", { token: admin, query: { iccid: card?.iccid } })).body.data;
    expect(after).toMatchObject({ status: "testing", dataPlanMb: 500, remark: "覆盖导入" });
    expect(after.updatedAt).toBeGreaterThan(card?.updatedAt ?? 0);
    // The editor who read the card before the import now holds a stale copy.
    expect((await ledger.call("updateSimCard", { token: admin, body: editOf(card as Card) })).status).toBe(409);
  });

  it("refuses files that are not the template's workbook, and operators without the permission, writing nothing", async () => {
    const before = await snapshot();
    expect((await importSims(Buffer.from("not a workbook"))).status).toBe(400);
    const missing = await importSims(await xlsxOf(["ICCID", "运营商"], [[iccidOf("00", 1), "中国移动"]]));
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe("导入模板不正确，缺少列：MSISDN、卡状态、激活日期、到期日期、套餐流量(MB)、备注");
    // What Excel stores when a 20-digit ICCID is typed into a General cell: a double.
    const asExcelNumber = Number("89860012345678901234");
    const lost = await importSims(await xlsxOf(HEADERS, [[asExcelNumber, "", "中国移动", "库存", "", "", "", ""]]));
    expect(lost.body.data.rows[0].reason).toBe("ICCID被Excel存成了数字，末几位已丢失，请将该列设为文本后重新填写");
    expect(differences(before, await snapshot())).toEqual([]);
  });

  describe("an import's write phase is one transaction", () => {
    const CONSTRAINT = "sim_contract_refuses_one";
    afterAll(async () => {
      await sql`alter table bss_sim_card drop constraint if exists ${sql.ref(CONSTRAINT)}`.execute(server.db);
    });
    it("saves no row of the file when the database refuses its last row", async () => {
      const iccids = [1, 2, 3].map((i) => iccidOf("00", 9_100_000_000_000 + i));
      await sql`alter table bss_sim_card add constraint ${sql.ref(CONSTRAINT)} check (iccid <> ${sql.lit(iccids[2])}) not valid`.execute(
        server.db,
      );
      const before = await snapshot();
      const res = await importSims(
        await xlsxOf(
          HEADERS,
          iccids.map((i) => [i, "", "中国移动", "库存", "", "", "", ""]),
        ),
      );
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe("导入失败：保存时数据库拒绝了写入，本次导入的数据均未保存，请核对后重新导入");
      expect(differences(before, await snapshot())).toEqual([]);
    });
  });

  it("exports the list's filters as a background .xlsx that is a filled template the import takes back", async () => {
    const res = await ledger.call("exportSimCards", { token: admin, query: { bound: true } });
    expect(res.body.msg).toBe("导出任务已提交，请到导出文件列表查看");
    expect(res.body.data.name).toMatch(/^SIM卡数据_\d{8,14}\.xlsx$/);
    expect((await ledger.call("exportSimCards", { token: operator, query: {} })).status).toBe(403);
    expect(
      (
        await ledger.call("exportSimCards", {
          token: admin,
          query: { activationDateStart: "2025-03-02", activationDateEnd: "2025-03-01" },
        })
      ).status,
    ).toBe(400);
    const theirs = await ledger.call("exportSimCards", { token: tenant2, query: {} });
    await server.ctx.exports.idle();
    const file = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${res.body.data.taskId}/download`);
    const rows = await sheetRows(await file.blob.arrayBuffer());
    expect(rows[0]).toEqual([...HEADERS, ...TRAILER]);
    const bound = (await allCards()).filter((c) => c.vin !== null);
    expect(rows.slice(1).map((r) => r[0])).toEqual(bound.map((c) => c.iccid));
    expect(rows.slice(1).every((r) => typeof r[8] === "string" && (r[8] as string).length === 17)).toBe(true);
    const task = await server.db
      .selectFrom("export_task")
      .select(["status", "row_count"])
      .where("id", "=", theirs.body.data.taskId)
      .executeTakeFirstOrThrow();
    expect(task.status).toBe("done");
    expect(Number(task.row_count)).toBe((await allCards(tenant2)).length);
    // The export is a filled template: imported back with allowCover, every row is accepted.
    const again = await importSims(Buffer.from(await file.blob.arrayBuffer()), true);
    expect(again.body.data).toMatchObject({ all: bound.length, success: bound.length, failed: 0 });
  });

  it("called every SIM card operation with good and bad input", () => {
    ledger.expectCovered(SIM_CARD_OPS);
  });
});
