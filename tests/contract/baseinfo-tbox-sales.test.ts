import {
  creditCodeCheckChar,
  luhnCheckDigit,
  MSG_SALE_DATE_FUTURE,
  MSG_SALE_ID_CARD,
  MSG_SALE_SOLD,
  MSG_SALE_STALE,
  MSG_TBOX_808_NEEDS_ID,
  MSG_TBOX_EXISTS,
  MSG_TBOX_IMEI_CHECK,
  MSG_TBOX_LOGIN_NEEDS_ICCID,
  MSG_TBOX_STALE,
  withVinCheckDigit,
} from "@tsp/domain";
import { download } from "@tsp/sdk";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { differences, fingerprint, tablesOf } from "../robustness/support/fingerprint";
import { CallLedger } from "./business-coverage";
import { postFile, sheetRows, xlsxOf } from "./business-sheets";
import { operation, signIn } from "./support/contract";
import { TBOX_SALE_OPS } from "./support/owners";

/**
 * Contract of the T-BOX register (TBOX数据) and the retail sales (实销车辆): lists and filters,
 * detail, create / edit with optimistic concurrency, bind / unbind (one T-BOX per VIN, the
 * vehicle's serial the one source, the vehicle's ICCID and the SIM card's binding following),
 * delete of an unbound terminal, a sale once per VIN (findUnSale loses and regains it), the
 * logged undo, imports of hundreds of rows with per-row reports, templates and exports —
 * tenant isolation throughout, and nothing written by a refused request.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;
let adminSdk: Awaited<ReturnType<typeof signIn>>["sdk"];
let operator: string;
let tenant2: string;
const ledger = new CallLedger(() => server.url);

const TBOX_HEADERS = [
  "终端序列号",
  "终端型号",
  "供应商",
  "通信协议",
  "硬件版本",
  "固件版本",
  "IMEI",
  "ICCID",
  "终端ID",
  "鉴权码",
  "注册状态",
  "生产日期",
  "备注",
];
const SALE_HEADERS = [
  "VIN",
  "销售经销商编码",
  "提车点编码",
  "购车方类型",
  "购车方名称",
  "联系电话",
  "证件号码",
  "销售日期",
  "发票号码",
  "开票价格(元)",
  "使用性质",
  "备注",
];

/** A unified social credit code (GB 32100) with its check character. */
const CREDIT = `91440300MA5G0RQK8${creditCodeCheckChar("91440300MA5G0RQK8")}`;
const imeiOf = (n: number) => {
  const body = `35${String(n).padStart(12, "0")}`;
  return body + luhnCheckDigit(body);
};
/** A valid resident ID number (GB 11643) born 1990-01-01 in Futian, Shenzhen. */
const ID_CARD = (() => {
  const body = "44030419900101123";
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((a, c, i) => a + Number(c) * (w[i] as number), 0);
  return body + "10X98765432".charAt(sum % 11);
})();

interface Tbox {
  sn: string;
  model: string;
  provider: string;
  protocol: string;
  hardwareVersion: string | null;
  firmwareVersion: string | null;
  imei: string | null;
  iccid: string | null;
  terminalId: string | null;
  authCode: string | null;
  state: string;
  productionDate: string | null;
  remark: string | null;
  vin: string | null;
  updatedAt: number;
}
const fieldsOf = (t: Tbox, over: Record<string, unknown> = {}) => ({
  sn: t.sn,
  model: t.model,
  provider: t.provider,
  protocol: t.protocol,
  hardwareVersion: t.hardwareVersion,
  firmwareVersion: t.firmwareVersion,
  imei: t.imei,
  iccid: t.iccid,
  terminalId: t.terminalId,
  authCode: t.authCode,
  state: t.state,
  productionDate: t.productionDate,
  remark: t.remark,
  ...over,
});

async function tboxes(token = admin, query: Record<string, unknown> = {}): Promise<Tbox[]> {
  return (await ledger.call("listTboxes", { token, query: { pageSize: 10000, ...query } })).body.data.list;
}
async function unsold(token = admin): Promise<string[]> {
  const page = (await ledger.call("findUnSale", { token, query: { pageSize: 10000 } })).body.data;
  return page.list.map((v: { vin: string }) => v.vin);
}
async function importFile(
  id: "importTboxes" | "importVehicleSales",
  bytes: Buffer,
  query: Record<string, string> = {},
) {
  const res = await postFile(server.url, id, operation(id).path, { name: "导入.xlsx", bytes }, admin, query);
  ledger.record(id, res.status);
  return res;
}

describe.skipIf(engine.skip)(`T-BOX and retail-sale contract (${engine.kind})`, () => {
  let tables: string[];
  const snapshot = () => fingerprint(server.db as Kysely<unknown>, tables, server.ctx.objects.root);
  let model = "";
  let provider = "";
  let dealer = "";
  let pickup = "";

  const tboxRow = (i: number, over: Partial<Record<string, unknown>> = {}) => {
    const r: Record<string, unknown> = {
      sn: `QTF${String(i).padStart(6, "0")}`,
      model,
      provider,
      protocol: "GB/T 32960",
      hw: "H1.0",
      fw: "V1.02",
      imei: imeiOf(10_000 + i),
      iccid: null,
      tid: null,
      auth: null,
      state: "未注册",
      day: "2025-06-01",
      remark: null,
      ...over,
    };
    return Object.values(r);
  };
  const saleRow = (vin: string, over: Record<string, unknown> = {}) =>
    Object.values({
      vin,
      dealer,
      pickup: null,
      type: "企业",
      name: "深圳市鹏程物流有限公司",
      phone: "0755-88886666",
      id: CREDIT,
      day: "2026-02-01",
      inv: "12345678",
      price: 198000,
      use: "营运",
      remark: null,
      ...over,
    });

  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 8, journalPerVehicle: 1 } } });
    const a = await signIn(server.url, "admin", "Admin@123456");
    admin = a.token;
    adminSdk = a.sdk;
    operator = (await signIn(server.url, "operator", "Operator@123456")).token;
    tenant2 = (await signIn(server.url, "tenant2admin", "Admin@123456")).token;
    tables = await tablesOf(server.db as Kysely<unknown>);
    model = (await ledger.call("searchTboxInfo", { token: admin, query: { keyWords: "" } })).body.data.list[0].value;
    provider = (await ledger.call("listProviders", { token: admin })).body.data[0].providerCode;
    dealer = (await ledger.call("searchSaleDealer", { token: admin, query: { keyWords: "" } })).body.data.list[0].value;
    pickup = (await ledger.call("searchPickup", { token: admin, query: { keyWords: "" } })).body.data.list[0].value;
  }, 120_000);
  afterAll(() => server?.stop());

  it("answers 401 without a token on every operation", async () => {
    expect(TBOX_SALE_OPS).toHaveLength(18);
    for (const id of TBOX_SALE_OPS) {
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

  it("seeds a register whose bindings are the vehicles' serials, and the picker finds free terminals", async () => {
    const all = await tboxes();
    const vehicles = await server.db
      .selectFrom("vehicle")
      .innerJoin("tenant", "tenant.id", "vehicle.tenant_id")
      .select(["vin", "tbox_sn", "iccid"])
      .where("tenant.code", "in", ["T0001", "T0001-01"])
      .execute();
    for (const v of vehicles) {
      const t = all.find((x) => x.sn === v.tbox_sn);
      expect(t?.vin, v.vin).toBe(v.vin);
      expect(t?.iccid).toBe(v.iccid);
      expect(t?.state).toBe("activated");
    }
    const free = all.filter((t) => t.vin === null);
    expect(free.length).toBeGreaterThan(10);
    expect(new Set(all.map((t) => t.protocol))).toEqual(new Set(["GBT32960", "JTT808", "HJ1239"]));
    for (const t of all.filter((x) => x.protocol === "JTT808")) expect(t.terminalId).not.toBeNull();
    const picked = (await ledger.call("fuzzyFindTboxSn", { token: admin, query: { keyWords: free[0]?.sn } })).body.data;
    expect(picked.list).toEqual([{ tboxSn: free[0]?.sn, vin: null }]);
    // Filters, and the other tenant sees none of these.
    expect((await tboxes(admin, { bound: false })).length).toBe(free.length);
    expect((await tboxes(admin, { state: "unregistered" })).every((t) => t.state === "unregistered")).toBe(true);
    const one = all.find((t) => t.vin !== null) as Tbox;
    expect((await tboxes(admin, { vin: one.vin?.slice(5) })).map((t) => t.sn)).toContain(one.sn);
    expect((await tboxes(admin, { sn: one.sn.toLowerCase() })).map((t) => t.sn)).toEqual([one.sn]);
    const theirs = await tboxes(tenant2);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((t) => all.some((m) => m.sn === t.sn))).toEqual([]);
    expect((await ledger.call("listTboxes", { token: admin, query: { protocol: "MQTT" } })).status).toBe(400);
    expect((await ledger.call("getTbox", { token: admin, query: { sn: one.sn } })).body.data.vin).toBe(one.vin);
    expect((await ledger.call("getTbox", { token: tenant2, query: { sn: one.sn } })).status).toBe(404);
  });

  it("creates a terminal by the protocols' rules, and refuses bad ones with every reason, changing nothing", async () => {
    const base = {
      sn: "YXT8080001",
      model,
      provider,
      protocol: "JTT808",
      hardwareVersion: "HW1.0",
      firmwareVersion: "FW2.1.0",
      imei: imeiOf(1),
      iccid: null,
      terminalId: "T808A01",
      authCode: null,
      state: "unregistered",
      productionDate: "2025-05-01",
      remark: null,
    };
    const before = await snapshot();
    const bad = await ledger.call("createTbox", {
      token: admin,
      body: { ...base, imei: `${imeiOf(1).slice(0, 14)}${(Number(imeiOf(1).charAt(14)) + 1) % 10}` },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.failDetail).toContainEqual({ field: "imei", msg: MSG_TBOX_IMEI_CHECK });
    const gb = await ledger.call("createTbox", {
      token: admin,
      body: { ...base, protocol: "GBT32960", terminalId: null, state: "registered", firmwareVersion: "V2.31" },
    });
    expect(gb.body.data.failDetail).toContainEqual({ field: "iccid", msg: MSG_TBOX_LOGIN_NEEDS_ICCID });
    const no808Id = await ledger.call("createTbox", { token: admin, body: { ...base, terminalId: null } });
    expect(no808Id.body.data.failDetail).toContainEqual({ field: "terminalId", msg: MSG_TBOX_808_NEEDS_ID });
    expect((await ledger.call("createTbox", { token: admin, body: { ...base, model: "NOPE" } })).status).toBe(400);
    expect(differences(before, await snapshot())).toEqual([]);
    const made = await ledger.call("createTbox", { token: operator, body: base });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ sn: base.sn, vin: null, modelName: expect.any(String) });
    const again = await ledger.call("createTbox", { token: admin, body: base });
    expect(again.body.data.failDetail).toContainEqual({ field: "sn", msg: MSG_TBOX_EXISTS });
  });

  it("edits under optimistic concurrency, binds one T-BOX per VIN and moves the card with it", async () => {
    const all = await tboxes();
    const bound = all.find((t) => t.vin !== null && t.protocol !== "JTT808") as Tbox;
    const vin = bound.vin as string;
    const card = bound.iccid as string;
    // A stale edit is refused; a fresh one saves and bumps the version.
    expect(
      (await ledger.call("updateTbox", { token: admin, body: { ...fieldsOf(bound), updatedAt: bound.updatedAt + 1 } }))
        .body.msg,
    ).toBe(MSG_TBOX_STALE);
    const saved = await ledger.call("updateTbox", {
      token: admin,
      body: { ...fieldsOf(bound, { remark: "前装" }), updatedAt: bound.updatedAt },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.updatedAt).toBeGreaterThan(bound.updatedAt);
    // Deleting a bound terminal is refused.
    const del = await ledger.call("deleteTbox", { token: admin, query: { sn: bound.sn } });
    expect(del.status).toBe(409);
    expect(del.body.msg).toContain(vin);
    // Unbind: the vehicle loses serial and ICCID, the card its vehicle, the terminal its activation.
    const off = await ledger.call("unbindTbox", {
      token: admin,
      body: { sn: bound.sn, updatedAt: saved.body.data.updatedAt },
    });
    expect(off.body.data).toMatchObject({ vin: null, state: "registered" });
    const v = await server.db
      .selectFrom("vehicle")
      .select(["tbox_sn", "iccid"])
      .where("vin", "=", vin)
      .executeTakeFirstOrThrow();
    expect(v).toEqual({ tbox_sn: null, iccid: null });
    expect(
      (await server.db.selectFrom("bss_sim_card").select("vin").where("iccid", "=", card).executeTakeFirstOrThrow())
        .vin,
    ).toBeNull();
    expect(
      (await ledger.call("unbindTbox", { token: admin, body: { sn: bound.sn, updatedAt: off.body.data.updatedAt } }))
        .status,
    ).toBe(409);
    // Bind the new terminal to that vehicle: serial, and the terminal's card, follow.
    const fresh = (await ledger.call("getTbox", { token: admin, query: { sn: "YXT8080001" } })).body.data as Tbox;
    const on = await ledger.call("bindTbox", { token: admin, body: { sn: fresh.sn, vin, updatedAt: fresh.updatedAt } });
    expect(on.status).toBe(200);
    expect(on.body.data.vin).toBe(vin);
    expect(
      (await server.db.selectFrom("vehicle").select("tbox_sn").where("vin", "=", vin).executeTakeFirstOrThrow())
        .tbox_sn,
    ).toBe(fresh.sn);
    // One T-BOX per VIN: the old terminal cannot go back while the new one is there.
    const second = await ledger.call("bindTbox", {
      token: admin,
      body: { sn: bound.sn, vin, updatedAt: off.body.data.updatedAt },
    });
    expect(second.status).toBe(409);
    // The old terminal is retired without its card; the new one takes it: the vehicle's ICCID and the card's binding follow.
    const retired = await ledger.call("updateTbox", {
      token: admin,
      body: { ...fieldsOf(off.body.data, { iccid: null, state: "deregistered" }), updatedAt: off.body.data.updatedAt },
    });
    expect(retired.status).toBe(200);
    const withCard = await ledger.call("updateTbox", {
      token: admin,
      body: {
        ...fieldsOf(on.body.data, { iccid: card, state: "activated", authCode: "A1B2C3D4" }),
        updatedAt: on.body.data.updatedAt,
      },
    });
    expect(withCard.status).toBe(200);
    expect(withCard.body.data.iccid).toBe(card);
    expect(
      (await server.db.selectFrom("vehicle").select("iccid").where("vin", "=", vin).executeTakeFirstOrThrow()).iccid,
    ).toBe(card);
    expect(
      (await server.db.selectFrom("bss_sim_card").select("vin").where("iccid", "=", card).executeTakeFirstOrThrow())
        .vin,
    ).toBe(vin);
    // Another tenant cannot bind, and an unbound terminal is deleted.
    expect((await ledger.call("bindTbox", { token: tenant2, body: { sn: bound.sn, vin, updatedAt: 0 } })).status).toBe(
      404,
    );
    expect((await ledger.call("deleteTbox", { token: admin, query: { sn: bound.sn } })).status).toBe(200);
    expect((await ledger.call("deleteTbox", { token: admin, query: { sn: bound.sn } })).status).toBe(404);
  });

  it("imports a factory batch of 500 with bad rows reported per row, then the fixed rows", async () => {
    const tpl = await ledger.call("downloadTboxTemplate", { token: operator });
    expect(tpl.status).toBe(200);
    expect((await sheetRows(Buffer.from(tpl.bytes)))[0]).toEqual(TBOX_HEADERS);
    const rows = Array.from({ length: 500 }, (_, i) => {
      if (i === 7) return tboxRow(i, { protocol: "MQTT" });
      if (i === 8) return tboxRow(i, { imei: "123" });
      if (i === 9) return tboxRow(i, { sn: "QTF000001" }); // twice in the file
      if (i === 10) return tboxRow(i, { fw: "V1.0.23" }); // too long for GB/T 32960
      return tboxRow(i);
    });
    const first = await importFile("importTboxes", await xlsxOf(TBOX_HEADERS, rows));
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ all: 500, success: 496, failed: 4 });
    const reasons = first.body.data.rows.map((r: { row: number; reason: string }) => [r.row, r.reason]);
    expect(reasons.map((r: [number, string]) => r[0])).toEqual([9, 10, 11, 12]);
    expect(reasons[2][1]).toBe("文件中终端序列号重复");
    expect(reasons[3][1]).toContain("5个字符");
    expect(first.body.data.rows[0].data.终端序列号).toBe("QTF000007");
    // The fixed rows go in; the imported ones are refused unless overwritten.
    const fixed = [tboxRow(7), tboxRow(8), tboxRow(9), tboxRow(10), tboxRow(11)];
    const second = await importFile("importTboxes", await xlsxOf(TBOX_HEADERS, fixed));
    expect(second.body.data).toMatchObject({ all: 5, success: 4, failed: 1 });
    expect(second.body.data.rows[0].reason).toBe(MSG_TBOX_EXISTS);
    expect(
      (
        await importFile("importTboxes", await xlsxOf(TBOX_HEADERS, [tboxRow(11, { remark: "覆盖" })]), {
          allowCover: "true",
        })
      ).body.data.success,
    ).toBe(1);
    expect((await importFile("importTboxes", Buffer.from("not a workbook"))).status).toBe(400);
    expect((await tboxes(admin, { sn: "QTF" })).length).toBe(500);
  });

  it("exports the filtered terminals as a filled template; the operator may not export", async () => {
    const res = await ledger.call("exportTboxes", { token: admin, query: { bound: true } });
    expect(res.body.data.name).toMatch(/^TBOX数据_\d{8,14}\.xlsx$/);
    expect((await ledger.call("exportTboxes", { token: operator, query: {} })).status).toBe(403);
    await server.ctx.exports.idle();
    const file = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${res.body.data.taskId}/download`);
    const rows = await sheetRows(await file.blob.arrayBuffer());
    expect(rows[0]?.slice(0, TBOX_HEADERS.length)).toEqual(TBOX_HEADERS);
    expect(rows.length - 1).toBe((await tboxes(admin, { bound: true })).length);
  });

  it("records a sale once per VIN: the VIN leaves the unsold picker, comes back on a logged undo", async () => {
    const sales = (await ledger.call("listVehicleSales", { token: admin, query: { pageSize: 1000 } })).body.data;
    const free = await unsold();
    expect(sales.total).toBeGreaterThan(0);
    expect(free.filter((v) => sales.list.some((s: { vin: string }) => s.vin === v))).toEqual([]);
    expect(sales.list[0].buyerIdNo).toContain("*");
    const vin = free[0] as string;
    const sale = {
      vin,
      dealerCode: dealer,
      pickupCode: pickup,
      buyerType: "person",
      buyerName: "王小明",
      buyerPhone: "13912345678",
      buyerIdNo: ID_CARD,
      saleDate: "2026-01-15",
      invoiceNo: "00012345",
      price: 268800.5,
      use: "nonOperating",
      remark: null,
    };
    const before = await snapshot();
    const badId = await ledger.call("createVehicleSale", {
      token: admin,
      body: { ...sale, buyerIdNo: "440304199001011230" },
    });
    expect(badId.body.data.failDetail).toContainEqual({ field: "buyerIdNo", msg: MSG_SALE_ID_CARD });
    const future = await ledger.call("createVehicleSale", { token: admin, body: { ...sale, saleDate: "2099-01-01" } });
    expect(future.body.data.failDetail).toContainEqual({ field: "saleDate", msg: MSG_SALE_DATE_FUTURE });
    expect(
      (await ledger.call("createVehicleSale", { token: admin, body: { ...sale, dealerCode: "NOPE" } })).status,
    ).toBe(400);
    expect((await ledger.call("createVehicleSale", { token: tenant2, body: sale })).status).toBe(404);
    expect(differences(before, await snapshot())).toEqual([]);
    const made = await ledger.call("createVehicleSale", { token: operator, body: sale });
    expect(made.status).toBe(200);
    expect(await unsold()).not.toContain(vin);
    const twice = await ledger.call("createVehicleSale", { token: admin, body: sale });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe(MSG_SALE_SOLD);
    // Detail in full; an edit under optimistic concurrency.
    const detail = (await ledger.call("getVehicleSale", { token: admin, query: { vin } })).body.data;
    expect(detail.buyerIdNo).toBe(ID_CARD);
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual(["record"]);
    const { history: _h, plateNo: _p, dealerName: _d, pickupName: _n, updateName: _u, ...fields } = detail;
    const stale = await ledger.call("updateVehicleSale", { token: admin, body: { ...fields, updatedAt: 1 } });
    expect(stale.body.msg).toBe(MSG_SALE_STALE);
    const edited = await ledger.call("updateVehicleSale", { token: admin, body: { ...fields, invoiceNo: "00012346" } });
    expect(edited.body.data.invoiceNo).toBe("00012346");
    // Undo is deliberate: without a reason nothing happens; with one the VIN is unsold again.
    const noReason = await ledger.call("undoVehicleSale", {
      token: admin,
      body: { vin, reason: " ", updatedAt: edited.body.data.updatedAt },
    });
    expect(noReason.status).toBe(400);
    const undone = await ledger.call("undoVehicleSale", {
      token: admin,
      body: { vin, reason: "录错车架号", updatedAt: edited.body.data.updatedAt },
    });
    expect(undone.status).toBe(200);
    expect(await unsold()).toContain(vin);
    expect((await ledger.call("getVehicleSale", { token: admin, query: { vin } })).status).toBe(404);
    await ledger.call("createVehicleSale", { token: admin, body: sale });
    const history = (await ledger.call("getVehicleSale", { token: admin, query: { vin } })).body.data.history;
    expect(history.map((h: { action: string }) => h.action)).toEqual(["record", "undo", "edit", "record"]);
    expect(history[1].reason).toBe("录错车架号");
    expect(
      (
        await ledger.call("listVehicleSales", {
          token: admin,
          query: { saleDateStart: "2026-02-01", saleDateEnd: "2026-01-01" },
        })
      ).status,
    ).toBe(400);
  });

  it("imports a sales list with a per-row report, exports it, and keeps the other tenant out", async () => {
    const free = await unsold();
    const [sold] = (await ledger.call("listVehicleSales", { token: admin, query: { pageSize: 1 } })).body.data.list;
    const ghost = withVinCheckDigit("LFV2A21K0P4000001") as string;
    const res = await importFile(
      "importVehicleSales",
      await xlsxOf(SALE_HEADERS, [
        saleRow(free[0] as string),
        saleRow(free[0] as string),
        saleRow(sold.vin),
        saleRow(ghost),
        saleRow(free[1] as string, { use: "自用" }),
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ all: 5, success: 1, failed: 4 });
    expect(res.body.data.rows.map((r: { reason: string }) => r.reason)).toEqual([
      "文件中VIN重复",
      MSG_SALE_SOLD,
      "车辆不存在",
      "使用性质应为营运或非营运",
    ]);
    expect(await unsold()).not.toContain(free[0]);
    const tpl = await ledger.call("downloadVehicleSaleTemplate", { token: admin });
    expect((await sheetRows(Buffer.from(tpl.bytes)))[0]).toEqual(SALE_HEADERS);
    const exp = await ledger.call("exportVehicleSales", { token: admin, query: { use: "operating" } });
    expect((await ledger.call("exportVehicleSales", { token: operator, query: {} })).status).toBe(403);
    await server.ctx.exports.idle();
    const file = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${exp.body.data.taskId}/download`);
    const rows = await sheetRows(await file.blob.arrayBuffer());
    expect(rows[0]?.slice(0, SALE_HEADERS.length)).toEqual(SALE_HEADERS);
    expect(rows.slice(1).every((r) => r[10] === "营运")).toBe(true);
    const theirs = (await ledger.call("listVehicleSales", { token: tenant2, query: { pageSize: 1000 } })).body.data
      .list;
    expect(theirs.some((s: { vin: string }) => s.vin === free[0])).toBe(false);
    ledger.expectCovered(TBOX_SALE_OPS);
  });
});
