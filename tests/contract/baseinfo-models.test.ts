import {
  MSG_ABILITY_STALE,
  MSG_CATALOGUE_CURB_OVER_GROSS,
  MSG_CATALOGUE_ENGINE_REQUIRED,
  MSG_CATALOGUE_MODEL_TAKEN,
  MSG_CATALOGUE_READ_ONLY,
  MSG_CATALOGUE_STALE,
  modelSupportsService,
} from "@tsp/domain";
import { download } from "@tsp/sdk";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vehicleSupportsService } from "../../apps/server/src/services/tsp-bss/vehicleAbility/supports";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { differences, fingerprint, tablesOf } from "../robustness/support/fingerprint";
import { CallLedger } from "./business-coverage";
import { postFile, sheetRows, xlsxOf } from "./business-sheets";
import { operation, signIn } from "./support/contract";
import { BASEINFO_MODEL_OPS } from "./support/owners";

/**
 * Contract of the vehicle-model catalogue (base info › 车型信息) and the model abilities
 * (车型能力): list with the brand-tree filters, detail, create and edit with the domain's
 * rules and optimistic concurrency, deletes refused while in use, brands and series, the
 * checklist edit, copy, import with its per-row report, template and both exports read back —
 * the platform tenant writes, another tenant only reads, and a refused request writes nothing.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;
let adminSdk: Awaited<ReturnType<typeof signIn>>["sdk"];
let operator: string;
let tenant2: string;
const ledger = new CallLedger(() => server.url);

/** The header row of the ability template and import, written out here (not read from the server). */
const ABILITY_HEADERS = ["车型编号", "车型名称", "支持的服务"];

/** A diesel tractor as the form submits it (every rule satisfied). */
const dieselTractor = (over: Record<string, unknown> = {}) => ({
  seriesId: 211,
  modelName: "J6P 6×4 燃油牵引车 契约测试",
  vehicleName: "半挂牵引汽车",
  powerType: "FUEL",
  engineModel: "WP13.550E62",
  electricModel: null,
  chassisModel: "CA4250P66K24T1E6",
  emissionStage: "CN6B",
  fuelType: "DIESEL",
  grossMassKg: 49000,
  curbMassKg: 8800,
  remark: null,
  ...over,
});

type Model = ReturnType<typeof dieselTractor> & { modelId: number; updatedAt: number; vehicleCount: number };

async function allModels(token = admin, query: Record<string, unknown> = {}): Promise<Model[]> {
  return (await ledger.call("listCatalogueModels", { token, query: { pageSize: 500, ...query } })).body.data.list;
}

async function importAbilities(bytes: Buffer, token = admin) {
  const res = await postFile(
    server.url,
    "importModelAbilities",
    "/tsp-bss/modelAbility/import",
    { name: "车型能力.xlsx", bytes },
    token,
  );
  ledger.record("importModelAbilities", res.status);
  return res;
}

describe.skipIf(engine.skip)(`vehicle-model catalogue and abilities contract (${engine.kind})`, () => {
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

  it("answers 401 without a token on every operation", async () => {
    expect(BASEINFO_MODEL_OPS).toHaveLength(18);
    for (const id of BASEINFO_MODEL_OPS) {
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

  it("lists the whole brand tree with the attributes, narrowed by the tree, power type, stage and the caller's fleet", async () => {
    const models = await allModels();
    const leaves = (await ledger.call("listModels", { token: admin })).body.data;
    expect(models.map((m) => m.modelId).toSorted()).toEqual(
      leaves.map((m: { modelId: number }) => m.modelId).toSorted(),
    );
    expect(new Set(models.map((m) => m.powerType))).toEqual(new Set(["FUEL", "BEV", "PHEV", "EREV", "FCEV", "LNG"]));
    expect(new Set(models.map((m) => m.emissionStage))).toEqual(new Set(["CN5", "CN6A", "CN6B", "NR3", "NR4", "NONE"]));
    const faw = await allModels(admin, { oemId: 2 });
    expect(faw.length).toBeGreaterThan(3);
    expect(faw.every((m) => (m as unknown as { oemId: number }).oemId === 2)).toBe(true);
    const j6p = await allModels(admin, { seriesId: 211, powerType: "FUEL" });
    expect(j6p.map((m) => m.modelName)).toEqual([
      "J6P 6×4 燃油牵引车 550马力",
      "J6P 6×4 燃油牵引车 460马力 国六a",
      "J6P 8×4 载货车 国五",
    ]);
    expect((await allModels(admin, { modelName: "拖拉机", emissionStage: "NR3" })).map((m) => m.modelName)).toEqual([
      "LX904 轮式拖拉机 三阶段",
    ]);
    // The vehicle count is the caller's fleet: tenant 2 sees the same catalogue with its own counts.
    const used = await allModels(admin, { inUse: true });
    const fleet = await server.db
      .selectFrom("vehicle")
      .innerJoin("tenant", "tenant.id", "vehicle.tenant_id")
      .select("vin")
      .where("tenant.code", "in", ["T0001", "T0001-01"])
      .execute();
    expect(used.reduce((n, m) => n + m.vehicleCount, 0)).toBe(fleet.length);
    expect((await allModels(admin, { inUse: false })).every((m) => m.vehicleCount === 0)).toBe(true);
    const theirs = await allModels(tenant2);
    expect(theirs).toHaveLength(models.length);
    expect(theirs.every((m) => (m as unknown as { editable: boolean }).editable === false)).toBe(true);
    const page = (await ledger.call("listCatalogueModels", { token: admin, query: { pageNum: 2, pageSize: 5 } })).body
      .data;
    expect(page.list.map((m: Model) => m.modelId)).toEqual(models.slice(5, 10).map((m) => m.modelId));
    expect(page.total).toBe(models.length);
    expect((await ledger.call("listCatalogueModels", { token: admin, query: { powerType: "STEAM" } })).status).toBe(
      400,
    );
    const one = await ledger.call("getCatalogueModel", { token: admin, query: { modelId: 2111 } });
    expect(one.body.data).toMatchObject({ modelName: "J6P 6×4 纯电动牵引车", brandName: "解放", powerType: "BEV" });
    expect((await ledger.call("getCatalogueModel", { token: admin, query: { modelId: 987654 } })).status).toBe(404);
  });

  it("creates and edits a model by the domain's rules, refuses a stale or foreign edit, and changes nothing when refused", async () => {
    const before = await snapshot();
    const noEngine = await ledger.call("createCatalogueModel", {
      token: admin,
      body: dieselTractor({ engineModel: null }),
    });
    expect(noEngine.status).toBe(400);
    expect(noEngine.body.data.failDetail).toContainEqual({ field: "engineModel", msg: MSG_CATALOGUE_ENGINE_REQUIRED });
    const heavy = await ledger.call("createCatalogueModel", {
      token: admin,
      body: dieselTractor({ curbMassKg: 50000 }),
    });
    expect(heavy.body.data.failDetail).toContainEqual({ field: "curbMassKg", msg: MSG_CATALOGUE_CURB_OVER_GROSS });
    const taken = await ledger.call("createCatalogueModel", {
      token: admin,
      body: dieselTractor({ modelName: "J6P 6×4 纯电动牵引车" }),
    });
    expect(taken.body.msg).toBe(MSG_CATALOGUE_MODEL_TAKEN);
    expect(
      (await ledger.call("createCatalogueModel", { token: admin, body: dieselTractor({ seriesId: 999 }) })).status,
    ).toBe(404);
    const foreign = await ledger.call("createCatalogueModel", { token: tenant2, body: dieselTractor() });
    expect(foreign.status).toBe(403);
    expect(foreign.body.msg).toBe(MSG_CATALOGUE_READ_ONLY);
    expect(differences(before, await snapshot())).toEqual([]);

    const created = await ledger.call("createCatalogueModel", { token: operator, body: dieselTractor() });
    expect(created.status).toBe(200);
    const model = created.body.data as Model;
    expect(model).toMatchObject({ seriesName: "J6P", brandName: "解放", vehicleCount: 0, updateName: "运营专员" });
    expect(model.modelId).toBeGreaterThanOrEqual(100_000);
    const { modelId, updatedAt } = model;
    const edit = { ...dieselTractor({ remark: "牵引座加强" }), modelId, updatedAt };
    const saved = await ledger.call("updateCatalogueModel", { token: admin, body: edit });
    expect(saved.body.data.remark).toBe("牵引座加强");
    expect(saved.body.data.updatedAt).toBeGreaterThan(updatedAt);
    expect((await ledger.call("updateCatalogueModel", { token: admin, body: { ...edit, colour: "红" } })).status).toBe(
      400,
    );
    const stale = await ledger.call("updateCatalogueModel", { token: admin, body: { ...edit, remark: "覆盖" } });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(MSG_CATALOGUE_STALE);
    const theirs = await ledger.call("updateCatalogueModel", {
      token: tenant2,
      body: { ...edit, updatedAt: saved.body.data.updatedAt },
    });
    expect(theirs.status).toBe(403);
    expect((await ledger.call("getCatalogueModel", { token: admin, query: { modelId } })).body.data.remark).toBe(
      "牵引座加强",
    );
    expect((await ledger.call("deleteCatalogueModel", { token: tenant2, query: { modelId } })).status).toBe(403);
    expect((await ledger.call("deleteCatalogueModel", { token: admin, query: { modelId } })).status).toBe(200);
    expect((await ledger.call("deleteCatalogueModel", { token: admin, query: { modelId } })).status).toBe(404);
  });

  it("refuses to delete a model vehicles are of, a series with models and a brand with series", async () => {
    const before = await snapshot();
    const used = (await allModels(admin, { inUse: true }))[0] as Model;
    const refused = await ledger.call("deleteCatalogueModel", { token: admin, query: { modelId: used.modelId } });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toMatch(/^该车型仍被\d+辆车使用，不能删除$/);
    const series = await ledger.call("deleteCatalogueSeries", { token: admin, query: { seriesId: 211 } });
    expect(series.status).toBe(409);
    expect(series.body.msg).toMatch(/^该车系仍被\d+个车型使用，不能删除$/);
    const brand = await ledger.call("deleteCatalogueBrand", { token: admin, query: { brandId: 21 } });
    expect(brand.body.msg).toMatch(/^该品牌仍被\d+个车系使用，不能删除$/);
    expect(differences(before, await snapshot())).toEqual([]);
  });

  it("creates, renames and deletes a brand and a series, with their versions and unique names", async () => {
    const newBrand = await ledger.call("saveCatalogueBrand", {
      token: admin,
      body: { brandId: null, oemId: 4, brandName: "宇通新能源", updatedAt: null },
    });
    expect(newBrand.body.data).toMatchObject({ oemName: "宇通客车股份有限公司", seriesCount: 0, editable: true });
    const { brandId, updatedAt } = newBrand.body.data;
    const dup = await ledger.call("saveCatalogueBrand", {
      token: admin,
      body: { brandId: null, oemId: 4, brandName: "宇通", updatedAt: null },
    });
    expect(dup.status).toBe(400);
    expect(
      (
        await ledger.call("saveCatalogueBrand", {
          token: tenant2,
          body: { brandId, oemId: 4, brandName: "x", updatedAt },
        })
      ).status,
    ).toBe(403);
    const renamed = await ledger.call("saveCatalogueBrand", {
      token: admin,
      body: { brandId, oemId: 4, brandName: "宇通新能源客车", updatedAt },
    });
    expect(renamed.body.data.brandName).toBe("宇通新能源客车");
    expect(
      (
        await ledger.call("saveCatalogueBrand", {
          token: admin,
          body: { brandId, oemId: 4, brandName: "旧名", updatedAt },
        })
      ).status,
    ).toBe(409);
    const series = await ledger.call("saveCatalogueSeries", {
      token: admin,
      body: { seriesId: null, brandId, seriesName: "E10", updatedAt: null },
    });
    expect(series.body.data).toMatchObject({ brandName: "宇通新能源客车", modelCount: 0 });
    const branches = (await ledger.call("listCatalogueBranches", { token: admin })).body.data;
    expect(branches.brands.find((b: { brandId: number }) => b.brandId === brandId)?.seriesCount).toBe(1);
    expect(
      (
        await ledger.call("saveCatalogueSeries", {
          token: admin,
          body: { seriesId: null, brandId, seriesName: " ", updatedAt: null },
        })
      ).status,
    ).toBe(400);
    expect((await ledger.call("deleteCatalogueBrand", { token: admin, query: { brandId } })).status).toBe(409);
    const { seriesId } = series.body.data;
    expect(
      (
        await ledger.call("saveCatalogueSeries", {
          token: admin,
          body: { seriesId, brandId, seriesName: "E12", updatedAt: 1 },
        })
      ).status,
    ).toBe(409);
    expect((await ledger.call("deleteCatalogueSeries", { token: tenant2, query: { seriesId } })).status).toBe(403);
    expect((await ledger.call("deleteCatalogueSeries", { token: admin, query: { seriesId } })).status).toBe(200);
    expect((await ledger.call("deleteCatalogueBrand", { token: admin, query: { brandId } })).status).toBe(200);
    expect((await ledger.call("deleteCatalogueBrand", { token: admin, query: { brandId } })).status).toBe(404);
    expect((await ledger.call("deleteCatalogueSeries", { token: admin, query: { seriesId } })).status).toBe(404);
  });

  it("lists abilities from the service catalogue the screen reads, and answers per vehicle by the domain's rule", async () => {
    const services = (await ledger.call("searchServiceList", { token: admin, query: { pageSize: 100 } })).body.data
      .list;
    const codes = services.map((s: { value: string }) => s.value);
    for (const code of ["SVC-LOCK", "SVC-SPEED", "SVC-DIAG", "SVC-OTA", "SVC-HJ1239", "SVC-GBT32960", "SVC-VIDEO"])
      expect(codes).toContain(code);
    const list = (await ledger.call("listModelAbilities", { token: admin, query: { pageSize: 500 } })).body.data;
    expect(list.list.length).toBe(list.total);
    expect(list.list.some((m: { services: string[] }) => m.services.length === 0)).toBe(true);
    const ev = list.list.find((m: { modelId: number }) => m.modelId === 2111);
    expect(ev.services).toContain("SVC-GBT32960");
    const lockable = (
      await ledger.call("listModelAbilities", { token: admin, query: { serviceCode: "SVC-GBT32960", pageSize: 500 } })
    ).body.data.list;
    expect(lockable.every((m: { powerType: string }) => m.powerType !== "FUEL" && m.powerType !== "LNG")).toBe(true);
    expect((await ledger.call("listModelAbilities", { token: admin, query: { pageSize: 0 } })).status).toBe(400);
    const vehicle = await server.db
      .selectFrom("vehicle")
      .select(["vin", "model_id"])
      .where("model_id", "=", 2111)
      .executeTakeFirst();
    if (vehicle) {
      expect(await vehicleSupportsService(server.db, vehicle.vin, "gbt32960Report")).toBe(true);
      expect(await vehicleSupportsService(server.db, vehicle.vin, "SVC-HJ1239")).toBe(false);
    }
    expect(modelSupportsService(ev.services, "remoteLock")).toBe(true);
  });

  it("edits a model's checklist by the rules with concurrency, and copies it to other models all or nothing", async () => {
    const read = await ledger.call("getModelAbility", { token: admin, query: { modelId: 2112 } });
    expect(read.body.data).toMatchObject({ powerType: "FUEL", emissionStage: "CN6B" });
    const { updatedAt } = read.body.data;
    const before = await snapshot();
    const nev = await ledger.call("updateModelAbility", {
      token: admin,
      body: { modelId: 2112, services: ["SVC-LOCK", "SVC-GBT32960"], updatedAt },
    });
    expect(nev.status).toBe(400);
    expect(nev.body.msg).toBe("GB/T 32960 数据上报只适用于新能源车型，燃油车型不能配置");
    const unknown = await ledger.call("updateModelAbility", {
      token: admin,
      body: { modelId: 2112, services: ["SVC-TELEPORT"], updatedAt },
    });
    expect(unknown.body.msg).toBe("服务SVC-TELEPORT不在服务目录中");
    expect(
      (await ledger.call("updateModelAbility", { token: tenant2, body: { modelId: 2112, services: [], updatedAt } }))
        .status,
    ).toBe(403);
    expect(differences(before, await snapshot())).toEqual([]);
    const saved = await ledger.call("updateModelAbility", {
      token: operator,
      body: { modelId: 2112, services: ["SVC-SPEED", "SVC-LOCK", "SVC-HJ1239", "SVC-LOCK"], updatedAt },
    });
    expect(saved.body.data.services).toEqual(["SVC-HJ1239", "SVC-LOCK", "SVC-SPEED"]);
    const stale = await ledger.call("updateModelAbility", {
      token: admin,
      body: { modelId: 2112, services: [], updatedAt },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(MSG_ABILITY_STALE);

    // Copy: a fuel target cannot take an electric model's GB/T 32960 — nothing is copied.
    const mid = await snapshot();
    const mixed = await ledger.call("copyModelAbility", {
      token: admin,
      body: { fromModelId: 2111, toModelIds: [4211, 2112] },
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.msg).toContain("车型J6P 6×4 燃油牵引车 550马力");
    expect(
      (await ledger.call("copyModelAbility", { token: admin, body: { fromModelId: 2111, toModelIds: [2111] } })).status,
    ).toBe(400);
    expect(
      (await ledger.call("copyModelAbility", { token: admin, body: { fromModelId: 2111, toModelIds: [987654] } }))
        .status,
    ).toBe(404);
    expect(
      (await ledger.call("copyModelAbility", { token: tenant2, body: { fromModelId: 2111, toModelIds: [4211] } }))
        .status,
    ).toBe(403);
    expect(differences(mid, await snapshot())).toEqual([]);
    const copied = await ledger.call("copyModelAbility", {
      token: admin,
      body: { fromModelId: 2112, toModelIds: [2113, 2131] },
    });
    expect(copied.body.data).toEqual({ copied: 2 });
    for (const id of [2113, 2131])
      expect(
        (await ledger.call("getModelAbility", { token: admin, query: { modelId: id } })).body.data.services,
      ).toEqual(["SVC-HJ1239", "SVC-LOCK", "SVC-SPEED"]);
  });

  it("imports abilities from the template with a per-row report, and exports a filled template the import takes back", async () => {
    const template = await download(adminSdk, "/tsp-bss/modelAbility/import/template");
    ledger.record("downloadModelAbilityTemplate", 200);
    const rows = await sheetRows(await template.blob.arrayBuffer());
    expect(rows[0]).toEqual(ABILITY_HEADERS);
    expect(
      (
        await ledger.call("downloadModelAbilityTemplate", {
          token: (await signIn(server.url, "tenant2admin", "Admin@123456")).token,
        })
      ).status,
    ).toBe(200);
    const before = await snapshot();
    // An unchanged template changes nothing; a foreign tenant cannot import.
    const unchanged = await importAbilities(Buffer.from(await template.blob.arrayBuffer()));
    expect(unchanged.body.data).toMatchObject({ all: 1, success: 0, failed: 1 });
    expect((await importAbilities(Buffer.from(await template.blob.arrayBuffer()), tenant2)).status).toBe(403);
    expect((await importAbilities(Buffer.from("not a workbook"))).status).toBe(400);
    expect((await importAbilities(await xlsxOf(["车型编号"], [[2111]]))).body.msg).toBe(
      "导入模板不正确，缺少列：支持的服务",
    );
    expect(differences(before, await snapshot())).toEqual([]);
    const file = await xlsxOf(ABILITY_HEADERS, [
      [5111, "LF1304 轮式拖拉机", "远程锁车/解锁、远程诊断服务包"],
      [5112, "", "SVC-LOCK, SVC-GBT32960"],
      [5121, "别的车型", "SVC-LOCK"],
      ["abc", "", ""],
      [987654, "", ""],
      [5111, "", ""],
      [6111, null, ""],
    ]);
    const res = await importAbilities(file);
    expect(res.body.data).toMatchObject({ all: 7, success: 2, failed: 5 });
    expect(res.body.data.rows.map((r: { row: number; reason: string }) => [r.row, r.reason])).toEqual([
      [3, "GB/T 32960 数据上报只适用于新能源车型，燃油车型不能配置"],
      [4, "车型编号与车型名称不符，请核对是否错行"],
      [5, "车型编号应为正整数"],
      [6, "车型不存在"],
      [7, "文件中车型重复"],
    ]);
    expect(
      (await ledger.call("getModelAbility", { token: admin, query: { modelId: 5111 } })).body.data.services,
    ).toEqual(["SVC-DIAG", "SVC-LOCK"]);
    expect(
      (await ledger.call("getModelAbility", { token: admin, query: { modelId: 6111 } })).body.data.services,
    ).toEqual([]);

    const exported = await ledger.call("exportModelAbilities", { token: admin, query: { brandId: 51 } });
    expect(exported.body.data.name).toMatch(/^车型能力_\d{8,14}\.xlsx$/);
    expect((await ledger.call("exportModelAbilities", { token: operator, query: {} })).status).toBe(403);
    expect((await ledger.call("exportModelAbilities", { token: admin, query: { brandId: 0 } })).status).toBe(400);
    await server.ctx.exports.idle();
    const sheet = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${exported.body.data.taskId}/download`);
    const back = await sheetRows(await sheet.blob.arrayBuffer());
    expect(back[0]?.slice(0, 3)).toEqual(ABILITY_HEADERS);
    expect(back.slice(1).map((r) => r[0])).toEqual([5111, 5112, 5121]);
    expect(back[1]?.[2]).toBe("远程诊断服务包、远程锁车/解锁");
    const again = await importAbilities(Buffer.from(await sheet.blob.arrayBuffer()));
    expect(again.body.data).toMatchObject({ all: 3, success: 3, failed: 0 });
  });

  it("exports the catalogue's filters as a background .xlsx with Chinese labels", async () => {
    const res = await ledger.call("exportCatalogueModels", { token: admin, query: { oemId: 5 } });
    expect(res.body.data.name).toMatch(/^车型信息_\d{8,14}\.xlsx$/);
    expect((await ledger.call("exportCatalogueModels", { token: operator, query: {} })).status).toBe(403);
    expect((await ledger.call("exportCatalogueModels", { token: admin, query: { inUse: "maybe" } })).status).toBe(400);
    await server.ctx.exports.idle();
    const file = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${res.body.data.taskId}/download`);
    const rows = await sheetRows(await file.blob.arrayBuffer());
    expect(rows[0]?.slice(0, 7)).toEqual(["车型编号", "厂商", "品牌", "车系", "车型名称", "车辆名称", "动力类型"]);
    expect(rows.slice(1).map((r) => r[0])).toEqual([5111, 5112, 5121]);
    expect(rows[1]?.[6]).toBe("燃油");
    expect(rows[1]?.[10]).toBe("非道路四阶段");
  });

  it("called every operation with good and bad input", () => {
    ledger.expectCovered(BASEINFO_MODEL_OPS);
  });
});
