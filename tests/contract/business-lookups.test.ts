import { vinCheckDigit } from "@tsp/domain";
import { createTspClient, items, memoryTokenStore, numberedPages, type TspClient, unwrap } from "@tsp/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { call, signIn } from "./support/contract";
import { LOOKUP_OPS, SEARCHES } from "./support/owners";

/**
 * Contract of the selector lookups and keyword searches (tsp-bss lookups, comm-data,
 * tsp-jsatl, tsp-shadow): real queries over the seeded master data, every answer validated
 * against openapi/, tenants kept apart.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;
/** A typed SDK client (every path of openapi/) holding the admin's token. */
let adminSdk: TspClient;
let tenant2: string;
const ledger = new CallLedger(() => server.url);

/** A six-digit VIN serial. */
const serial = (i: number) => String(i).padStart(6, "0");

describe.skipIf(engine.skip)(`business lookups contract (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer();
    const signedIn = await signIn(server.url, "admin", "Admin@123456");
    admin = signedIn.token;
    adminSdk = createTspClient({ baseUrl: server.url.replace(/\/$/, ""), tokenStore: memoryTokenStore(admin) });
    tenant2 = (await signIn(server.url, "tenant2admin", "Admin@123456")).token;
  }, 120_000);
  afterAll(() => server?.stop());

  it("answers 401 without a token on every lookup", async () => {
    for (const id of LOOKUP_OPS) {
      const { status } = await ledger.call(id, { query: id === "findDealerByRegion" ? { areaId: "440000" } : {} });
      expect(status, id).toBe(401);
    }
  });

  it("lists manufacturers, brands, series and models that form one consistent tree", async () => {
    const oems = (await ledger.call("listOems", { token: admin })).body.data;
    const brands = (await ledger.call("listBrands", { token: admin })).body.data;
    const series = (await ledger.call("listSeries", { token: admin })).body.data;
    const models = (await ledger.call("listModels", { token: admin })).body.data;
    expect(oems.map((o: { oemCode: string }) => o.oemCode)).toContain("BYD");
    for (const b of brands) expect(oems.some((o: { oemId: number }) => o.oemId === b.oemId)).toBe(true);
    for (const s of series) expect(brands.some((b: { brandId: number }) => b.brandId === s.brandId)).toBe(true);
    for (const m of models) expect(series.some((s: { seriesId: number }) => s.seriesId === m.seriesId)).toBe(true);
    const providers = (await ledger.call("listProviders", { token: admin })).body.data;
    expect(providers.length).toBeGreaterThan(0);
    const colors = (await ledger.call("listVehicleColors", { token: admin })).body.data;
    expect(colors.find((c: { colorName: string }) => c.colorName === "白色")?.rgb).toBe("#FFFFFF");

    const tree = (await ledger.call("selectBrandTreeList", { token: admin })).body.data;
    const leaves = tree.flatMap((b: { seriesVos: { modelVos: unknown[] }[] }) =>
      b.seriesVos.flatMap((s) => s.modelVos),
    );
    expect(leaves.length).toBe(models.length);
    const byd = (await ledger.call("selectBrandTree", { token: admin, query: { oem: 1 } })).body.data;
    expect(byd.map((b: { brandName: string }) => b.brandName).toSorted()).toEqual(["比亚迪", "腾势"]);
    const bydToo = (await ledger.call("selectBrandTreeList", { token: admin, query: { oemId: 1 } })).body.data;
    expect(bydToo).toEqual(byd);
    expect((await ledger.call("selectBrandTree", { token: admin, query: { oem: 0 } })).status).toBe(400);
    expect((await ledger.call("selectBrandTreeList", { token: admin, query: { oemId: "x" } })).status).toBe(400);
  });

  it("narrows the brand tree to the branch of a vehicle", async () => {
    const vin = (await ledger.call("findVinListByDim", { token: admin, query: { pageSize: 1 } })).body.data.list[0];
    const tree = (await ledger.call("selectBrandTreeList", { token: admin, query: { vin: vin.vin } })).body.data;
    expect(tree).toHaveLength(1);
    expect(tree[0].brandName).toBe(vin.brandName);
    expect(tree[0].seriesVos[0].modelVos[0].modeName).toBe(vin.modelName);
  });

  it("finds dealers by name and by region (province, city, district) and only the tenant's", async () => {
    const all = (await ledger.call("findDealerList", { token: admin, query: { pageNum: 1, pageSize: 100 } })).body.data;
    expect(all.total).toBeGreaterThan(2);
    const shenzhen = (await ledger.call("findDealerByRegion", { token: admin, query: { areaId: "440305" } })).body.data;
    const guangdong = (await ledger.call("findDealerByRegion", { token: admin, query: { areaId: "440000" } })).body
      .data;
    expect(shenzhen.total).toBeGreaterThan(0);
    expect(guangdong.total).toBeGreaterThan(shenzhen.total);
    const city = (await ledger.call("findDealerList", { token: admin, query: { areaId: "440300" } })).body.data;
    expect(city.total).toBe(shenzhen.total);
    const byName = (await ledger.call("findDealerList", { token: admin, query: { dealerName: "二级" } })).body.data;
    expect(byName.list.every((d: { dealerName: string }) => d.dealerName.includes("二级"))).toBe(true);
    const other = (await ledger.call("findDealerList", { token: tenant2, query: { pageSize: 100 } })).body.data;
    const mine = new Set(all.list.map((d: { dealerCode: string }) => d.dealerCode));
    expect(other.list.some((d: { dealerCode: string }) => mine.has(d.dealerCode))).toBe(false);
    expect((await ledger.call("findDealerByRegion", { token: admin, query: { areaId: "44" } })).status).toBe(400);
    expect((await ledger.call("findDealerList", { token: admin, query: { pageSize: 0 } })).status).toBe(400);
  });

  it("pages SIM cards, bound and free, in the 8986 range", async () => {
    const all = (await ledger.call("findAllIccid", { token: admin, query: { pageNum: 1, pageSize: 10000 } })).body.data;
    const free = (await ledger.call("findUnBoundIccid", { token: admin, query: { pageSize: 10000 } })).body.data;
    expect(all.list.every((s: { iccid: string }) => s.iccid.startsWith("8986"))).toBe(true);
    expect(free.list.every((s: { vin: string | null }) => s.vin === null)).toBe(true);
    expect(all.total).toBeGreaterThan(free.total);
    const page2 = (await ledger.call("findAllIccid", { token: admin, query: { pageNum: 2, pageSize: 5 } })).body.data;
    expect(page2.list.map((s: { iccid: string }) => s.iccid)).toEqual(
      all.list.slice(5, 10).map((s: { iccid: string }) => s.iccid),
    );
    const one = all.list[0].iccid.slice(6, 14);
    const found = (await ledger.call("findIccidList", { token: admin, query: { iccid: one } })).body.data;
    expect(found.list.every((s: { iccid: string }) => s.iccid.includes(one))).toBe(true);
    expect(found.total).toBeGreaterThan(0);
    const t2 = (await ledger.call("findAllIccid", { token: tenant2, query: { iccid: all.list[0].iccid } })).body.data;
    expect(t2.total).toBe(0);
    for (const id of ["findAllIccid", "findUnBoundIccid", "findIccidList"]) {
      expect((await ledger.call(id, { token: admin, query: { pageSize: 10001 } })).status).toBe(400);
    }
  });

  it("answers the VIN, serial and plate pickers with the picker filters and 10000 at once", async () => {
    const all = (await ledger.call("findVinListByDim", { token: admin, query: { pageSize: 10000 } })).body.data;
    expect(all.total).toBe(all.list.length);
    const first = all.list[0];
    const byModel = (
      await ledger.call("findVinListByDim", {
        token: admin,
        query: { oemId: 1, brandId: 11, pageSize: 10000 },
      })
    ).body.data;
    expect(byModel.list.every((v: { brandName: string }) => v.brandName === "比亚迪")).toBe(true);
    const unbound = (await ledger.call("findVinListByDim", { token: admin, query: { unBindOwner: true } })).body.data;
    expect(unbound.total).toBeLessThan(all.total);
    const byVin = (await ledger.call("findByVin", { token: admin, query: { vin: first.vin.slice(3, 12) } })).body.data;
    expect(byVin.list.map((v: { vin: string }) => v.vin)).toContain(first.vin);
    const aebs = (await ledger.call("getExistVinList", { token: admin, query: { pageSize: 100 } })).body.data;
    expect(aebs.total).toBeLessThanOrEqual(all.total);
    const sn = (await ledger.call("findSnListByDim", { token: admin, query: { tboxSn: first.tboxSn } })).body.data;
    expect(sn.list).toEqual([{ tboxSn: first.tboxSn, vin: first.vin }]);
    const fuzzy = (
      await ledger.call("fuzzyFindTboxSn", { token: admin, query: { keyWords: first.tboxSn.slice(0, 2) } })
    ).body.data;
    expect(fuzzy.list.every((s: { tboxSn: string }) => s.tboxSn.startsWith(first.tboxSn.slice(0, 2)))).toBe(true);
    const plates = (await ledger.call("fuzzyFindPlates", { token: admin, query: { keyWords: first.plateNo } })).body
      .data;
    expect(plates.list).toContainEqual({ plateNo: first.plateNo, vin: first.vin });
    const unsold = (await ledger.call("findUnSale", { token: admin, query: { pageSize: 10000 } })).body.data;
    expect(unsold.total).toBe(unsold.list.length);
    expect(unsold.total).toBeLessThan(all.total);
    // Another tenant's vehicle is invisible to every picker.
    const t2 = (await ledger.call("findByVin", { token: tenant2, query: { vin: first.vin } })).body.data;
    expect(t2.total).toBe(0);
    for (const [id, query] of [
      ["findVinListByDim", { brandId: -1 }],
      ["findByVin", { vin: "X".repeat(18) }],
      ["getExistVinList", { pageNum: 0 }],
      ["findSnListByDim", { tboxSn: "S".repeat(33) }],
      ["fuzzyFindTboxSn", { keyWords: "K".repeat(51) }],
      ["fuzzyFindPlates", { pageSize: 20000 }],
      ["findUnSale", { keyWords: "K".repeat(51) }],
    ] as const) {
      expect((await ledger.call(id, { token: admin, query })).status, id).toBe(400);
    }
  });

  it("walks the VIN picker through @tsp/sdk's numbered paging and gets every vehicle once", async () => {
    const all = (await ledger.call("findVinListByDim", { token: admin, query: { pageSize: 10000 } })).body.data;
    const walked: string[] = [];
    const pages = numberedPages(
      (pageNum, pageSize) =>
        adminSdk.GET("/tsp-bss/v1/vehicle/findVinListByDim", { params: { query: { pageNum, pageSize } } }).then(unwrap),
      { pageSize: 4 },
    );
    for await (const v of items(pages)) walked.push(v.vin);
    expect(walked).toEqual(all.list.map((v: { vin: string }) => v.vin));
    const tree = unwrap(await adminSdk.GET("/tsp-bss/v1/brands/selectBrandTree", { params: { query: { oem: 2 } } }));
    expect(tree?.map((b) => b.brandName)).toEqual(["解放"]);
  });

  it("finds farm machinery by the picker fields and by keyword", async () => {
    const all = (await ledger.call("findMeinListByDim", { token: admin, query: { pageSize: 100 } })).body.data;
    expect(all.total).toBeGreaterThan(0);
    const yto = (await ledger.call("findMeinListByDim", { token: admin, query: { oemId: 5, brand: "东方红" } })).body
      .data;
    expect(yto.list.every((m: { brand: string }) => m.brand === "东方红")).toBe(true);
    expect(yto.total).toBeGreaterThan(0);
    const kw = (await ledger.call("listNongjiNoPage", { token: admin, query: { keyWords: all.list[0].cpbh } })).body
      .data;
    expect(kw.list.map((m: { vin: string }) => m.vin)).toContain(all.list[0].vin);
    expect(kw.total).toBe(kw.list.length);
    expect((await ledger.call("findMeinListByDim", { token: admin, query: { vin: "V".repeat(18) } })).status).toBe(400);
    expect((await ledger.call("listNongjiNoPage", { token: admin, query: { keyWords: "K".repeat(51) } })).status).toBe(
      400,
    );
  });

  it("answers every keyword search with options, paged by pageIndex", async () => {
    for (const id of SEARCHES) {
      const all = (await ledger.call(id, { token: admin, query: { pageIndex: 1, pageSize: 100 } })).body.data;
      expect(all.total, id).toBeGreaterThan(0);
      const one = all.list[0];
      const hit = (await ledger.call(id, { token: admin, query: { keyWords: one.label.slice(0, 2) } })).body.data;
      expect(hit.list.length, id).toBeGreaterThan(0);
      const page2 = (await ledger.call(id, { token: admin, query: { pageIndex: 2, pageSize: 1 } })).body.data;
      if (all.total > 1) expect(page2.list[0], id).toEqual(all.list[1]);
      expect((await ledger.call(id, { token: admin, query: { pageIndex: 0 } })).status, id).toBe(400);
    }
  });

  it("keeps each tenant's dealers, service stations and pick-up points to itself", async () => {
    for (const id of ["searchDealer", "searchServiceStationList", "searchPickup", "searchSaleDealer"]) {
      const mine = (await ledger.call(id, { token: admin, query: { pageSize: 100 } })).body.data.list;
      const theirs = (await ledger.call(id, { token: tenant2, query: { pageSize: 100 } })).body.data.list;
      const mineValues = new Set(mine.map((o: { value: string }) => o.value));
      expect(theirs.length, id).toBeGreaterThan(0);
      expect(
        theirs.some((o: { value: string }) => mineValues.has(o.value)),
        id,
      ).toBe(false);
    }
    // Shared catalogues are the same for both.
    const a = (await ledger.call("searchEngineInfo", { token: admin, query: { pageSize: 100 } })).body.data;
    const b = (await ledger.call("searchEngineInfo", { token: tenant2, query: { pageSize: 100 } })).body.data;
    expect(b).toEqual(a);
  });

  it("lists China's regions to depth 3 with an ETag", async () => {
    const res = await ledger.call("getAreaAllList", { token: admin });
    const regions = res.body.data as { areaId: string; parentId: string | null; areaLevel: number; areaName: string }[];
    expect(regions.length).toBeGreaterThan(3000);
    expect(regions.find((r) => r.areaId === "440305")).toEqual({
      areaId: "440305",
      areaName: "南山区",
      parentId: "440300",
      areaLevel: 3,
    });
    const ids = new Set(regions.map((r) => r.areaId));
    for (const r of regions) if (r.parentId !== null) expect(ids.has(r.parentId)).toBe(true);
    expect(regions.filter((r) => r.areaLevel === 1)).toHaveLength(31);
    const raw = await fetch(new URL("/comm-data/v1/basedata/area/allList", server.url), {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(raw.headers.get("etag")).toMatch(/^".+"$/);
    ledger.record("getAreaAllList", (await ledger.call("getAreaAllList", { token: "not-a-token" })).status);
  });

  it("pages active-safety vehicles of the tenant only", async () => {
    const mine = (await ledger.call("findJsatlVehicleList", { token: admin, query: { pageSize: 100 } })).body.data;
    const theirs = (await ledger.call("findJsatlVehicleList", { token: tenant2, query: { pageSize: 100 } })).body.data;
    expect(mine.total).toBeGreaterThan(0);
    const mineVins = new Set(mine.list.map((v: { vin: string }) => v.vin));
    expect(theirs.list.some((v: { vin: string }) => mineVins.has(v.vin))).toBe(false);
    const one = mine.list[0];
    const byVin = (await ledger.call("findJsatlVehicleList", { token: admin, query: { vin: one.vin } })).body.data;
    expect(byVin.list).toEqual([one]);
    expect(
      (await ledger.call("findJsatlVehicleList", { token: admin, query: { plateNo: "P".repeat(9) } })).status,
    ).toBe(400);
  });

  it("totals fuel alerts by kind and by day over the window, and refuses a bad window", async () => {
    const now = Date.now();
    const res = await ledger.call("getTotalFuelAlert", {
      token: admin,
      query: { startTime: now - 30 * 86400000, endTime: now },
    });
    const d = res.body.data;
    expect(d.byType.map((t: { type: string }) => t.type)).toEqual(["abnormalDrop", "lowFuel", "sensorFault"]);
    expect(d.total).toBe(d.byType.reduce((s: number, t: { count: number }) => s + t.count, 0));
    expect(d.total).toBe(d.byDay.reduce((s: number, t: { count: number }) => s + t.count, 0));
    expect(d.total).toBeGreaterThan(0);
    expect(d.byDay.length).toBeGreaterThanOrEqual(30);
    const week = (await ledger.call("getTotalFuelAlert", { token: admin })).body.data;
    expect(week.byDay.length).toBe(8);
    expect(week.total).toBeLessThanOrEqual(d.total);
    const reversed = await ledger.call("getTotalFuelAlert", {
      token: admin,
      query: { startTime: now, endTime: now - 1 },
    });
    expect(reversed.status).toBe(400);
    const tooLong = await ledger.call("getTotalFuelAlert", {
      token: admin,
      query: { startTime: now - 40 * 86400000, endTime: now },
    });
    expect(tooLong.body.msg).toBe("查询参数不正确");
    expect(tooLong.body.data.failDetail[0]).toEqual({ field: "endTime", msg: "查询时间跨度不能超过31天" });
  });

  it("pages the lists that used to stop silently at 200 rows, or says how many match", async () => {
    // 230 rows of each kind for the admin's tenant, so the answers must go past the old 200-row cap.
    const N = 230;
    const { db } = server;
    const tenant = (await db.selectFrom("tenant").select("id").where("code", "=", "T0001").executeTakeFirstOrThrow())
      .id;
    // LPGPAGE2 + check digit + model year S + plant 0 + serial: valid VINs the pickers can find by prefix.
    const vins = Array.from({ length: N }, (_, i) => {
      const draft = `LPGPAGE20S0${serial(i)}`;
      return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
    }).toSorted();
    await db
      .insertInto("vehicle")
      .values(vins.map((vin) => ({ vin, tenant_id: tenant })))
      .execute();
    await db
      .insertInto("bss_dealer")
      .values(
        vins.map((_, i) => ({
          code: `PG${serial(i)}`,
          tenant_id: tenant,
          name: `分页经销商${i}`,
          area_id: "440305",
          kind: "sale",
        })),
      )
      .execute();
    // The machinery pickers read the register of 机械信息.
    await db
      .insertInto("bss_machinery_info")
      .values(
        vins.map((_, i) => ({
          vin: `LPGMACH${serial(i)}0000`,
          tenant_id: tenant,
          mein: `PGM${serial(i)}`,
          machinery_type: "tractor",
          brand: "分页",
          series: "分页",
          cpxh: "PG-CPXH",
          cpbh: `PGB${serial(i)}`,
          jjxh: "PG-J",
          manufacturer: "分页机械有限公司",
          emission_stage: "cn3",
          engine_model: "PG-E",
          engine_no: `PGE${serial(i)}`,
        })),
      )
      .execute();
    await db
      .insertInto("bss_credit_unit")
      .values(
        vins.map((_, i) => ({ code: `91440300PG${serial(i)}00`, tenant_id: tenant, name: `分页运营单位${serial(i)}` })),
      )
      .execute();
    try {
      // findDealerByRegion: numbered pages of the region, every dealer once.
      const walked: string[] = [];
      let total = 0;
      for (let pageNum = 1; pageNum <= 10; pageNum++) {
        const page = (
          await ledger.call("findDealerByRegion", { token: admin, query: { areaId: "440305", pageNum, pageSize: 100 } })
        ).body.data;
        total = page.total;
        walked.push(...page.list.map((d: { dealerCode: string }) => d.dealerCode));
        if (pageNum * 100 >= total) break;
      }
      expect(total).toBeGreaterThan(N);
      expect(walked).toHaveLength(total);
      expect(new Set(walked).size).toBe(total);
      expect(walked.filter((c) => c.startsWith("PG"))).toHaveLength(N);
      expect(
        (await ledger.call("findDealerByRegion", { token: admin, query: { areaId: "440305", pageSize: 0 } })).status,
      ).toBe(400);
      // findUnSale: paged, the last page holds the rest.
      const unsold = (
        await ledger.call("findUnSale", { token: admin, query: { keyWords: "LPGPAGE2", pageNum: 3, pageSize: 100 } })
      ).body.data;
      expect(unsold.total).toBe(N);
      expect(unsold.list.map((v: { vin: string }) => v.vin)).toEqual(vins.slice(200));
      expect((await ledger.call("findUnSale", { token: admin, query: { pageNum: 0 } })).status).toBe(400);
      // listNongjiNoPage: no paging by contract — the first 200 and the total that says more exist.
      const machinery = (await ledger.call("listNongjiNoPage", { token: admin, query: { keyWords: "PG-CPXH" } })).body
        .data;
      expect(machinery.list).toHaveLength(200);
      expect(machinery.total).toBe(N);
      // The new-energy remote selects (VIN, operating unit): list and total, 10 per page by default.
      const vinPage = await call(server.url, "getParamVin", { token: admin, query: { vin: "LPGPAGE2", pageNum: 23 } });
      expect(vinPage.status).toBe(200);
      expect(vinPage.body.data).toEqual({
        list: vins.slice(220).map((v) => ({ label: v, value: v })),
        total: N,
      });
      const units = await call(server.url, "getCreditNameList", {
        token: admin,
        query: { keyWords: "分页运营单位", pageNum: 2, pageSize: 200 },
      });
      expect(units.body.data.total).toBe(N);
      expect(units.body.data.list).toHaveLength(N - 200);
      expect((await call(server.url, "getParamVin", { token: admin, query: { pageSize: 10001 } })).status).toBe(400);
    } finally {
      await db.deleteFrom("bss_credit_unit").where("code", "like", "91440300PG%").execute();
      await db.deleteFrom("bss_machinery_info").where("vin", "like", "LPGMACH%").execute();
      await db.deleteFrom("bss_dealer").where("code", "like", "PG%").execute();
      await db.deleteFrom("vehicle").where("vin", "like", "LPGPAGE2%").execute();
    }
  });

  it("called every lookup with good and bad input", () => {
    ledger.expectCovered(LOOKUP_OPS);
  });
});
