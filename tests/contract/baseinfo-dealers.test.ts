import {
  MSG_DEALER_DELETE_OPEN,
  MSG_DEALER_EXISTS,
  MSG_DEALER_PARENT_NOT_SALE,
  MSG_DEALER_PARENT_REQUIRED,
  MSG_DEALER_STALE,
  MSG_OUTLET_AREA_NOT_DISTRICT,
  MSG_OUTLET_BRANDS,
  MSG_OUTLET_PHONE,
  MSG_STATION_DELETE_OPEN,
  MSG_STATION_EXISTS,
  MSG_STATION_STALE,
  MSG_STATION_THREE_ELECTRIC_LEVEL,
  msgDealerCloseHasOpenSecondary,
  msgDealerDeleteHasSales,
  msgDealerDeleteHasSecondary,
  msgDealerKindHasSecondary,
  msgOutletBrandUnknown,
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
import { DEALER_STATION_OPS } from "./support/owners";

/**
 * Contract of the dealer and service-station registers (base info › 经销商信息 / 服务站信息):
 * lists with every filter, detail, create and edit under the domain's and the register's rules
 * (parent selling dealer, region a district, brands), optimistic concurrency, the delete guards,
 * imports with per-row reports, templates and exports read back with exceljs; the dealer
 * lookups and the service-station keyword search reading the registers; tenants kept apart
 * and nothing written by a refused request.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;
let adminSdk: Awaited<ReturnType<typeof signIn>>["sdk"];
let operator: string;
let tenant2: string;
const ledger = new CallLedger(() => server.url);

/** The header rows, written out here (not read from the server). */
const DEALER_HEADERS = [
  "经销商编码",
  "经销商名称",
  "经销商类型",
  "上级经销商编码",
  "所在区域编码",
  "详细地址",
  "经度",
  "纬度",
  "联系人",
  "联系电话",
  "销售品牌",
  "营业状态",
];
const STATION_HEADERS = [
  "服务站编码",
  "服务站名称",
  "所在区域编码",
  "详细地址",
  "经度",
  "纬度",
  "联系人",
  "服务电话",
  "服务类型",
  "服务品牌",
  "资质等级",
  "营业状态",
];

// biome-ignore lint/suspicious/noExplicitAny: contract answers are checked against openapi/ by the ledger
type Rec = Record<string, any>;

const newDealer = (over: Rec = {}): Rec => ({
  dealerCode: "DTEST-S1",
  dealerName: "佛山市顺德区测试汽车销售有限公司",
  kind: "sale",
  parentCode: null,
  areaId: "440606",
  address: "顺德区大良街道德和路1号",
  lng: 113.25,
  lat: 22.84,
  contactName: "黄立新",
  contactPhone: "0757-22334455",
  brandIds: [21],
  status: "open",
  ...over,
});
const newStation = (over: Rec = {}): Rec => ({
  stationCode: "STEST-1",
  stationName: "佛山顺德新能源测试服务站",
  areaId: "440606",
  address: "顺德区容桂街道容奇大道2号",
  lng: null,
  lat: null,
  contactName: "梁志华",
  servicePhone: "13922334455",
  serviceTypes: ["maintenance", "threeElectric"],
  brandIds: [11, 21],
  level: "class2",
  status: "open",
  ...over,
});
const editOf = (r: Rec, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, r[k]]));
const DEALER_KEYS = Object.keys(newDealer());
const STATION_KEYS = Object.keys(newStation());

/** A dealer as one row of the import sheet (brands as names). */
const dealerRow = (d: Rec) => [
  d.dealerCode,
  d.dealerName,
  d.kind,
  d.parentCode ?? "",
  d.areaId,
  d.address,
  d.lng ?? "",
  d.lat ?? "",
  d.contactName,
  d.contactPhone,
  d.brands,
  d.status,
];
/** A station as one row of the import sheet (services and brands as names). */
const stationRow = (s: Rec) => [
  s.stationCode,
  s.stationName,
  s.areaId,
  s.address,
  s.lng ?? "",
  s.lat ?? "",
  s.contactName,
  s.servicePhone,
  s.services,
  s.brands,
  s.level,
  s.status,
];

async function dealers(query: Rec = {}, token = admin): Promise<{ list: Rec[]; total: number }> {
  return (await ledger.call("listDealers", { token, query: { pageSize: 1000, ...query } })).body.data;
}
async function stations(query: Rec = {}, token = admin): Promise<{ list: Rec[]; total: number }> {
  return (await ledger.call("listServiceStations", { token, query: { pageSize: 1000, ...query } })).body.data;
}
async function importSheet(
  id: "importDealers" | "importServiceStations",
  bytes: Buffer,
  allowCover?: boolean,
  token = admin,
) {
  const res = await postFile(
    server.url,
    id,
    operation(id).path,
    { name: "导入.xlsx", bytes },
    token,
    allowCover === undefined ? {} : { allowCover: String(allowCover) },
  );
  ledger.record(id, res.status);
  return res;
}

describe.skipIf(engine.skip)(`dealer and service-station registers contract (${engine.kind})`, () => {
  let tables: string[];
  const snapshot = () => fingerprint(server.db as Kysely<unknown>, tables, server.ctx.objects.root);

  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 3, journalPerVehicle: 1 } } });
    const a = await signIn(server.url, "admin", "Admin@123456");
    admin = a.token;
    adminSdk = a.sdk;
    operator = (await signIn(server.url, "operator", "Operator@123456")).token;
    tenant2 = (await signIn(server.url, "tenant2admin", "Admin@123456")).token;
    tables = await tablesOf(server.db as Kysely<unknown>);
  }, 120_000);
  afterAll(() => server?.stop());

  it("answers 401 without a token on every operation", async () => {
    expect(DEALER_STATION_OPS).toHaveLength(16);
    for (const id of DEALER_STATION_OPS) {
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

  it("seeds a network: secondary dealers under their district's selling dealer, stations in the register", async () => {
    const all = (await dealers()).list;
    expect(all.length).toBeGreaterThanOrEqual(14);
    const byCode = new Map(all.map((d) => [d.dealerCode, d]));
    for (const d of all) {
      if (d.kind === "secondary") {
        expect(byCode.get(d.parentCode)?.kind, d.dealerCode).toBe("sale");
        expect(byCode.get(d.parentCode)?.areaId).toBe(d.areaId);
      } else expect(d.parentCode).toBeNull();
      expect(d.areaName.split("/")).toHaveLength(3);
      expect(d.brandNames.length).toBe(d.brandIds.length);
    }
    expect(new Set(all.map((d) => d.status))).toEqual(new Set(["open", "closed"]));
    const st = (await stations()).list;
    expect(st.length).toBeGreaterThanOrEqual(14);
    expect(new Set(st.map((s) => s.level))).toEqual(new Set(["class1", "class2", "class3"]));
    // The keyword search reads the register: the same stations, no catalogue left behind.
    const search = (await ledger.call("searchServiceStationList", { token: admin, query: { pageSize: 1000 } })).body
      .data;
    expect(search.list.map((o: Rec) => o.value).toSorted()).toEqual(st.map((s) => s.stationCode).toSorted());
    const left = await server.db
      .selectFrom("bss_option")
      .select("code")
      .where("kind", "=", "getServiceStationList")
      .execute();
    expect(left).toEqual([]);
  });

  it("lists dealers by code, name, kind, parent, region and state, only the caller's", async () => {
    const all = (await dealers()).list;
    const child = all.find((d) => d.kind === "secondary") as Rec;
    expect(
      (await dealers({ dealerCode: child.dealerCode.slice(2, 9).toLowerCase() })).list.map((d) => d.dealerCode),
    ).toContain(child.dealerCode);
    expect((await dealers({ dealerName: "二级" })).list.every((d) => d.dealerName.includes("二级"))).toBe(true);
    expect((await dealers({ kind: "sale" })).total).toBe(all.filter((d) => d.kind === "sale").length);
    expect((await dealers({ parentCode: child.parentCode })).list.map((d) => d.dealerCode)).toEqual(
      all.filter((d) => d.parentCode === child.parentCode).map((d) => d.dealerCode),
    );
    expect((await dealers({ status: "closed" })).list.every((d) => d.status === "closed")).toBe(true);
    for (const areaId of ["440000", "440300", "440305"])
      expect((await dealers({ areaId })).total, areaId).toBe(
        all.filter((d) => d.areaId.startsWith(areaId.replace(/0+$/, ""))).length,
      );
    const theirs = (await dealers({}, tenant2)).list;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((d) => all.some((m) => m.dealerCode === d.dealerCode))).toEqual([]);
    expect((await ledger.call("listDealers", { token: admin, query: { kind: "tertiary" } })).status).toBe(400);
    expect((await ledger.call("listDealers", { token: admin, query: { areaId: "44" } })).status).toBe(400);
    const one = await ledger.call("getDealer", { token: admin, query: { dealerCode: child.dealerCode } });
    expect(one.body.data).toEqual(child);
    expect((await ledger.call("getDealer", { token: tenant2, query: { dealerCode: child.dealerCode } })).status).toBe(
      404,
    );
  });

  it("creates a secondary dealer under a selling dealer in a region and finds it by region, with every lookup", async () => {
    const before = await snapshot();
    const refused = async (body: Rec, token = admin) => {
      const res = await ledger.call("createDealer", { token, body });
      return {
        status: res.status,
        msg: res.body.msg,
        fields: (res.body.data?.failDetail ?? []).map((f: Rec) => f.field),
      };
    };
    expect(await refused(newDealer({ kind: "secondary" }))).toEqual({
      status: 400,
      msg: MSG_DEALER_PARENT_REQUIRED,
      fields: ["parentCode"],
    });
    expect(await refused(newDealer({ areaId: "440600" }))).toMatchObject({
      status: 400,
      msg: MSG_OUTLET_AREA_NOT_DISTRICT,
    });
    expect(await refused(newDealer({ brandIds: [99] }))).toMatchObject({
      status: 400,
      msg: msgOutletBrandUnknown([99]),
    });
    // The contract's own pattern answers first, on the field (in Chinese, as every schema refusal).
    expect(await refused(newDealer({ contactPhone: "86123456" }))).toMatchObject({
      status: 400,
      fields: ["contactPhone"],
    });
    const seeded = (await dealers({ kind: "secondary" })).list[0] as Rec;
    // A secondary dealer is no parent; nor is another tenant's selling dealer.
    expect(await refused(newDealer({ kind: "secondary", parentCode: seeded.dealerCode }))).toMatchObject({
      status: 400,
      msg: MSG_DEALER_PARENT_NOT_SALE,
    });
    expect(await refused(newDealer({ kind: "secondary", parentCode: seeded.parentCode }), tenant2)).toMatchObject({
      status: 400,
      msg: MSG_DEALER_PARENT_NOT_SALE,
    });
    expect(await refused(newDealer({ dealerCode: seeded.dealerCode }))).toMatchObject({
      status: 409,
      msg: MSG_DEALER_EXISTS,
    });
    expect(await refused({ ...newDealer(), extra: 1 })).toMatchObject({ status: 400 });
    expect(differences(before, await snapshot())).toEqual([]);

    const sale = await ledger.call("createDealer", { token: admin, body: newDealer() });
    expect(sale.status).toBe(200);
    expect(sale.body.data).toMatchObject({
      dealerCode: "DTEST-S1",
      areaName: "广东省/佛山市/顺德区",
      brandNames: ["解放"],
      secondaryCount: 0,
      updateName: "系统管理员",
    });
    const child = await ledger.call("createDealer", {
      token: operator,
      body: newDealer({
        dealerCode: "DTEST-X1",
        dealerName: "佛山市顺德区测试二级网点",
        kind: "secondary",
        parentCode: "DTEST-S1",
        areaId: "440606",
        contactPhone: "13800138000",
      }),
    });
    expect(child.status).toBe(200);
    expect(child.body.data).toMatchObject({ parentCode: "DTEST-S1", parentName: "佛山市顺德区测试汽车销售有限公司" });
    // Found by region (the list, findDealerByRegion, findList) and by the keyword searches.
    expect((await dealers({ areaId: "440600" })).list.map((d) => d.dealerCode)).toEqual(["DTEST-S1", "DTEST-X1"]);
    const region = (await ledger.call("findDealerByRegion", { token: admin, query: { areaId: "440600" } })).body.data;
    expect(region.list.map((d: Rec) => d.dealerCode)).toEqual(["DTEST-S1", "DTEST-X1"]);
    const named = (
      await ledger.call("findDealerList", { token: admin, query: { dealerName: "顺德区测试", areaId: "440606" } })
    ).body.data;
    expect(named.total).toBe(2);
    const sec = (await ledger.call("searchSecondaryDealer", { token: admin, query: { keyWords: "DTEST" } })).body.data;
    expect(sec.list).toEqual([{ label: "佛山市顺德区测试二级网点", value: "DTEST-X1" }]);
    const sel = (await ledger.call("searchSaleDealer", { token: admin, query: { keyWords: "DTEST" } })).body.data;
    expect(sel.list.map((o: Rec) => o.value)).toEqual(["DTEST-S1"]);
    expect(
      (await ledger.call("getDealer", { token: admin, query: { dealerCode: "DTEST-S1" } })).body.data.secondaryCount,
    ).toBe(1);
  });

  it("edits under optimistic concurrency and keeps a selling dealer with secondary dealers what it is", async () => {
    const sale = (await ledger.call("getDealer", { token: admin, query: { dealerCode: "DTEST-S1" } })).body.data;
    const body = { ...editOf(sale, DEALER_KEYS), updatedAt: sale.updatedAt };
    const refusal = async (b: Rec, token = admin) => {
      const res = await ledger.call("updateDealer", { token, body: b });
      return [res.status, res.body.msg];
    };
    const other = (await dealers({ kind: "sale", areaId: "440300" })).list[0] as Rec;
    expect(await refusal({ ...body, kind: "secondary", parentCode: other.dealerCode })).toEqual([
      400,
      msgDealerKindHasSecondary(1),
    ]);
    expect(await refusal({ ...body, status: "closed" })).toEqual([400, msgDealerCloseHasOpenSecondary(1)]);
    expect(await refusal(body, tenant2)).toEqual([404, "经销商不存在"]);
    const saved = await ledger.call("updateDealer", {
      token: admin,
      body: { ...body, address: "顺德区大良街道德和路8号" },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.updatedAt).toBeGreaterThan(sale.updatedAt);
    expect(await refusal({ ...body, address: "旧的副本" })).toEqual([409, MSG_DEALER_STALE]);
  });

  it("refuses to delete a dealer still in use, saying why in Chinese, and deletes a closed one without children", async () => {
    const before = await snapshot();
    const del = async (dealerCode: string, token = admin) => {
      const res = await ledger.call("deleteDealer", { token, query: { dealerCode } });
      return [res.status, res.body.msg];
    };
    expect(await del("DTEST-S1")).toEqual([409, msgDealerDeleteHasSecondary(1)]);
    expect(await del("DTEST-X1")).toEqual([409, MSG_DEALER_DELETE_OPEN]);
    expect(await del("DTEST-X1", tenant2)).toEqual([404, "经销商不存在"]);
    expect(differences(before, await snapshot())).toEqual([]);
    const x1 = (await ledger.call("getDealer", { token: admin, query: { dealerCode: "DTEST-X1" } })).body.data;
    await ledger.call("updateDealer", {
      token: admin,
      body: { ...editOf(x1, DEALER_KEYS), status: "closed", updatedAt: x1.updatedAt },
    });
    // A dealer that retail sales name stays on record (closed, not deleted).
    const sold = await server.db
      .selectFrom("vehicle")
      .select("vin")
      .where("vin", "not in", server.db.selectFrom("bss_vehicle_sale").select("vin"))
      .where(
        "tenant_id",
        "=",
        (
          await server.db
            .selectFrom("bss_dealer")
            .select("tenant_id")
            .where("code", "=", "DTEST-X1")
            .executeTakeFirstOrThrow()
        ).tenant_id,
      )
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto("bss_vehicle_sale")
      .values({
        vin: sold.vin,
        tenant_id: (
          await server.db
            .selectFrom("bss_dealer")
            .select("tenant_id")
            .where("code", "=", "DTEST-X1")
            .executeTakeFirstOrThrow()
        ).tenant_id,
        dealer_code: "DTEST-X1",
        buyer_type: "company",
        buyer_name: "佛山市顺德区测试物流有限公司",
        buyer_phone: "0757-22334455",
        buyer_id_no: "91440606MA4UTEST00",
        sale_date: "2025-03-01",
        invoice_no: "44060012345678",
        price: 268000,
        use_type: "operating",
      })
      .execute();
    expect(await del("DTEST-X1")).toEqual([409, msgDealerDeleteHasSales(1)]);
    await server.db.deleteFrom("bss_vehicle_sale").where("vin", "=", sold.vin).execute();
    expect(await del("DTEST-X1")).toEqual([200, "删除成功"]);
    expect((await ledger.call("getDealer", { token: admin, query: { dealerCode: "DTEST-X1" } })).status).toBe(404);
  });

  it("keeps stations: filters, create with the 三电 rule, edit under concurrency, delete only when closed", async () => {
    const all = (await stations()).list;
    expect((await stations({ serviceType: "threeElectric" })).total).toBe(
      all.filter((s) => s.serviceTypes.includes("threeElectric")).length,
    );
    expect(
      (await stations({ level: "class3", status: "open" })).list.every(
        (s) => s.level === "class3" && s.status === "open",
      ),
    ).toBe(true);
    expect((await stations({ areaId: "310000" })).list.every((s) => s.areaId.startsWith("31"))).toBe(true);
    expect((await stations({ stationName: "救援" })).list.every((s) => s.stationName.includes("救援"))).toBe(true);
    expect((await stations({ stationCode: all[0]?.stationCode })).list[0]).toEqual(all[0]);
    expect((await stations({}, tenant2)).list.filter((s) => all.some((m) => m.stationCode === s.stationCode))).toEqual(
      [],
    );
    expect((await ledger.call("listServiceStations", { token: admin, query: { serviceType: "wash" } })).status).toBe(
      400,
    );

    const before = await snapshot();
    const bad = await ledger.call("createServiceStation", { token: admin, body: newStation({ level: "class3" }) });
    expect([bad.status, bad.body.msg, bad.body.data.failDetail[0].field]).toEqual([
      400,
      MSG_STATION_THREE_ELECTRIC_LEVEL,
      "level",
    ]);
    expect(
      (
        await ledger.call("createServiceStation", {
          token: admin,
          body: newStation({ stationCode: all[0]?.stationCode }),
        })
      ).body.msg,
    ).toBe(MSG_STATION_EXISTS);
    expect(differences(before, await snapshot())).toEqual([]);
    const made = await ledger.call("createServiceStation", { token: admin, body: newStation() });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ areaName: "广东省/佛山市/顺德区", brandNames: ["比亚迪", "解放"] });
    const found = (
      await ledger.call("searchServiceStationList", { token: admin, query: { keyWords: "顺德新能源测试" } })
    ).body.data;
    expect(found.list).toEqual([{ label: "佛山顺德新能源测试服务站", value: "STEST-1" }]);
    expect(
      (await ledger.call("searchServiceStationList", { token: tenant2, query: { keyWords: "STEST" } })).body.data.total,
    ).toBe(0);

    const got = (await ledger.call("getServiceStation", { token: admin, query: { stationCode: "STEST-1" } })).body.data;
    expect(got).toEqual(made.body.data);
    expect((await ledger.call("getServiceStation", { token: tenant2, query: { stationCode: "STEST-1" } })).status).toBe(
      404,
    );
    const body = { ...editOf(got, STATION_KEYS), updatedAt: got.updatedAt };
    const del = await ledger.call("deleteServiceStation", { token: admin, query: { stationCode: "STEST-1" } });
    expect([del.status, del.body.msg]).toEqual([409, MSG_STATION_DELETE_OPEN]);
    const closed = await ledger.call("updateServiceStation", { token: admin, body: { ...body, status: "closed" } });
    expect(closed.body.data.status).toBe("closed");
    const stale = await ledger.call("updateServiceStation", { token: admin, body: { ...body, address: "旧的副本" } });
    expect([stale.status, stale.body.msg]).toEqual([409, MSG_STATION_STALE]);
    expect(
      (await ledger.call("updateServiceStation", { token: admin, body: { ...body, servicePhone: "123" } })).status,
    ).toBe(400);
    expect(
      (await ledger.call("deleteServiceStation", { token: tenant2, query: { stationCode: "STEST-1" } })).status,
    ).toBe(404);
    expect(
      (await ledger.call("deleteServiceStation", { token: admin, query: { stationCode: "STEST-1" } })).status,
    ).toBe(200);
    expect((await ledger.call("updateServiceStation", { token: admin, body })).status).toBe(404);
  });

  it("downloads templates whose header rows are what the imports read; unchanged they add nothing", async () => {
    for (const [id, imp, headers, title] of [
      ["downloadDealerTemplate", "importDealers", DEALER_HEADERS, "经销商信息"],
      ["downloadServiceStationTemplate", "importServiceStations", STATION_HEADERS, "服务站信息"],
    ] as const) {
      const res = await ledger.call(id, { token: operator });
      expect(res.status, id).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.bytes.buffer as ArrayBuffer);
      expect(workbook.worksheets.map((s) => s.name)).toEqual([title, "填写说明"]);
      const rows = await sheetRows(Buffer.from(res.bytes));
      expect(rows[0]).toEqual(headers);
      const unchanged = await importSheet(imp, Buffer.from(res.bytes));
      expect(unchanged.body.data).toMatchObject({
        all: 1,
        success: 0,
        failed: 1,
        rows: [{ row: 2, reason: "这是模板的示例行，请替换为实际数据后导入" }],
      });
    }
  });

  it("imports dealers (parent and children in one file) with a reason per refused row", async () => {
    const bytes = await xlsxOf(DEALER_HEADERS, [
      dealerRow({
        ...newDealer({ dealerCode: "DIMP-S1", kind: "一级销售经销商", status: "在营" }),
        brands: "解放、五菱",
      }),
      dealerRow({
        ...newDealer({ dealerCode: "DIMP-X1", kind: "二级经销商", parentCode: "DIMP-S1", status: "在营" }),
        brands: "解放",
      }),
      dealerRow({ ...newDealer({ dealerCode: "DIMP-X2", kind: "二级经销商", status: "在营" }), brands: "解放" }),
      dealerRow({
        ...newDealer({ dealerCode: "DIMP-X1", kind: "二级经销商", parentCode: "DIMP-S1", status: "在营" }),
        brands: "解放",
      }),
      dealerRow({
        ...newDealer({
          dealerCode: "DIMP-X3",
          kind: "secondary",
          parentCode: "DIMP-S1",
          status: "open",
          contactPhone: "12",
        }),
        brands: "奔驰",
      }),
    ]);
    const res = await importSheet("importDealers", bytes);
    expect(res.body.data).toEqual({
      all: 5,
      success: 2,
      failed: 3,
      rows: [
        { row: 4, vin: "", key: "DIMP-X2", reason: MSG_DEALER_PARENT_REQUIRED },
        { row: 5, vin: "", key: "DIMP-X1", reason: "文件中经销商编码重复" },
        { row: 6, vin: "", key: "DIMP-X3", reason: `${MSG_OUTLET_PHONE}；${MSG_OUTLET_BRANDS}` },
      ],
    });
    expect((await dealers({ parentCode: "DIMP-S1" })).list.map((d) => d.dealerCode)).toEqual(["DIMP-X1"]);
    expect((await dealers({ dealerCode: "DIMP-S1" })).list[0]?.brandNames).toEqual(["解放", "五菱"]);
    // Again: the codes exist now; with allowCover the tenant's own are overwritten, another tenant's never.
    const again = await importSheet("importDealers", bytes);
    expect(again.body.data.rows.slice(0, 2).map((r: Rec) => r.reason)).toEqual([MSG_DEALER_EXISTS, MSG_DEALER_EXISTS]);
    const cover = await importSheet("importDealers", bytes, true);
    expect(cover.body.data).toMatchObject({ success: 2, failed: 3 });
    const theirs = await importSheet("importDealers", bytes, true, tenant2);
    expect(theirs.body.data.rows[0]).toMatchObject({ key: "DIMP-S1", reason: "经销商编码已被其他单位登记" });
    expect((await importSheet("importDealers", Buffer.from("not a workbook"))).status).toBe(400);
    expect((await importSheet("importDealers", bytes, true, operator)).status).toBe(200);
  });

  it("imports stations with a bad row and reports it; the good rows are saved", async () => {
    const bytes = await xlsxOf(STATION_HEADERS, [
      stationRow({
        ...newStation({ stationCode: "SIMP-1", level: "一类维修企业", status: "在营" }),
        services: "保养、维修、三电检修",
        brands: "比亚迪",
      }),
      stationRow({
        ...newStation({ stationCode: "SIMP-2", level: "三类维修企业", status: "在营" }),
        services: "保养、三电检修",
        brands: "比亚迪",
      }),
      stationRow({
        ...newStation({ stationCode: "SIMP-3", areaId: "110000", level: "class2", status: "closed" }),
        services: "救援",
        brands: "宇通",
      }),
    ]);
    const before = await snapshot();
    const res = await importSheet("importServiceStations", bytes);
    expect(res.body.data).toEqual({
      all: 3,
      success: 1,
      failed: 2,
      rows: [
        { row: 3, vin: "", key: "SIMP-2", reason: MSG_STATION_THREE_ELECTRIC_LEVEL },
        { row: 4, vin: "", key: "SIMP-3", reason: MSG_OUTLET_AREA_NOT_DISTRICT },
      ],
    });
    expect(differences(before, await snapshot()).length).toBeGreaterThan(0);
    expect((await stations({ stationCode: "SIMP" })).list.map((s) => [s.stationCode, s.serviceTypes])).toEqual([
      ["SIMP-1", ["maintenance", "repair", "threeElectric"]],
    ]);
    expect((await importSheet("importServiceStations", await xlsxOf(["服务站编码"], [["X"]]))).status).toBe(400);
  });

  it("exports both registers as background .xlsx files that are filled templates the imports take back", async () => {
    const d = await ledger.call("exportDealers", { token: admin, query: { areaId: "440000" } });
    expect(d.body.data.name).toMatch(/^经销商信息_\d{8,14}\.xlsx$/);
    const s = await ledger.call("exportServiceStations", { token: admin, query: { status: "open" } });
    expect((await ledger.call("exportDealers", { token: operator, query: {} })).status).toBe(403);
    expect((await ledger.call("exportServiceStations", { token: admin, query: { level: "class9" } })).status).toBe(400);
    await server.ctx.exports.idle();
    const dealerFile = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${d.body.data.taskId}/download`);
    const dRows = await sheetRows(await dealerFile.blob.arrayBuffer());
    expect(dRows[0]).toEqual([...DEALER_HEADERS, "上级经销商名称", "所在区域", "二级经销商数", "修改人", "修改时间"]);
    const gd = (await dealers({ areaId: "440000" })).list;
    expect(dRows.slice(1).map((r) => r[0])).toEqual(gd.map((x) => x.dealerCode));
    const back = await importSheet("importDealers", Buffer.from(await dealerFile.blob.arrayBuffer()), true);
    expect(back.body.data).toMatchObject({ all: gd.length, success: gd.length, failed: 0 });
    const stationFile = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${s.body.data.taskId}/download`);
    const sRows = await sheetRows(await stationFile.blob.arrayBuffer());
    expect(sRows[0]).toEqual([...STATION_HEADERS, "所在区域", "修改人", "修改时间"]);
    const open = (await stations({ status: "open" })).list;
    expect(sRows.length - 1).toBe(open.length);
    const sBack = await importSheet("importServiceStations", Buffer.from(await stationFile.blob.arrayBuffer()), true);
    expect(sBack.body.data).toMatchObject({ all: open.length, success: open.length, failed: 0 });
  });

  it("called every dealer and station operation with good and bad input", () => {
    ledger.expectCovered(DEALER_STATION_OPS);
  });
});
