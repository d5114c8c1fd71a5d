import { withVinCheckDigit } from "@tsp/domain";
import { download, fileNameOf } from "@tsp/sdk";
import ExcelJS from "exceljs";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { differences, fingerprint, tablesOf } from "../robustness/support/fingerprint";
import { CallLedger } from "./business-coverage";
import { importAndWait, postFile, sheetRows, xlsxOf } from "./business-sheets";
import { operations, signIn } from "./support/contract";
import { GROUP_SHEETS, modelRow } from "./support/nerSheets";
import { NER_OPS } from "./support/owners";

/**
 * Contract of the new-energy master data (tsp-bss nerVehicleInfo, nerVehicleExcel,
 * newEnergyInfo, realname; the monitoring list is ner-monitor.test.ts): queries, edits with change logs, imports with a per-row
 * report, exports read back with exceljs, parameter lists, tenant isolation.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;
let adminSdk: Awaited<ReturnType<typeof signIn>>["sdk"];
let operator: string;
let tenant2: string;
const ledger = new CallLedger(() => server.url);

/** Vehicles of the demo tenant: with every group filled, and one never filed. */
let filledVin: string;
let emptyVin: string;
let otherVin: string;
let tenantVins: string[];

const vehicleInfo = (vin: string, over: Record<string, unknown> = {}) => ({
  vin,
  plateNo: "粤B12345",
  plateColor: "渐变绿色",
  vehicleUse: "网约车",
  carBuying: "单位购买",
  buyDate: "2024-03-01",
  creditName: null,
  creditCode: null,
  bodyColor: "白色",
  registerDate: "2024-03-10",
  remark: "测试",
  ...over,
});

/** Free SIM cards of the demo tenant itself (its sub-tenant's cards are not its vehicles' to take). */
async function freeSimsOfDemoTenant() {
  const rows = await server.db
    .selectFrom("bss_sim_card")
    .innerJoin("tenant", "tenant.id", "bss_sim_card.tenant_id")
    .select(["iccid", "msisdn"])
    .where("tenant.code", "=", "T0001")
    .where("bss_sim_card.vin", "is", null)
    .orderBy("iccid")
    .execute();
  const listed = (await ledger.call("findUnBoundIccid", { token: admin, query: { pageSize: 10000 } })).body.data.list;
  for (const r of rows) expect(listed.map((s: { iccid: string }) => s.iccid)).toContain(r.iccid);
  return rows;
}

/** Change log entries of every tenant (a rejected request must not add one). */
async function changeLogCount() {
  return Number(
    (
      await server.db
        .selectFrom("ner_change_log")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

/** A vehicle-info import row (template column order). */
const infoRow = (vin: string, plate: string, use: string) => [
  vin,
  plate,
  "蓝色",
  use,
  "个人购买",
  "2024-05-01",
  "",
  "",
  "黑色",
  "2024-05-02",
  "导入",
];

type Group = keyof typeof GROUP_SHEETS;
const GROUP_NAMES = Object.keys(GROUP_SHEETS) as Group[];
const Cap = (g: Group) => `${g.charAt(0).toUpperCase()}${g.slice(1)}`;

/** The first `n` cells of a row, empty ones as null. */
const firstCells = (row: readonly unknown[] | undefined, n: number) =>
  Array.from({ length: n }, (_, i) => row?.[i] ?? null);

/** Every worksheet of an .xlsx by name: its rows as arrays of plain cell values (row 1 is the header). */
async function workbookSheets(bytes: ArrayBuffer | Buffer): Promise<Map<string, unknown[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as ArrayBuffer);
  const out = new Map<string, unknown[][]>();
  for (const sheet of workbook.worksheets) {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      // Holes and empty text are an empty cell (an export writes "" where an import read nothing).
      rows.push(Array.from((row.values as unknown[]).slice(1), (v) => (v === undefined || v === "" ? null : v)));
    });
    out.set(sheet.name, rows);
  }
  return out;
}

/** VINs of a tenant (by code) and its sub-tenants that have a record of the group (or every vehicle when group is null). */
async function vinsOf(codes: readonly string[], group: Group | null): Promise<string[]> {
  let q = server.db
    .selectFrom("vehicle")
    .innerJoin("tenant", "tenant.id", "vehicle.tenant_id")
    .select("vehicle.vin")
    .where("tenant.code", "in", [...codes]);
  if (group !== null)
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("ner_record")
          .select("ner_record.vin")
          .whereRef("ner_record.vin", "=", "vehicle.vin")
          .where("ner_record.grp", "=", group),
      ),
    );
  return (await q.execute()).map((r) => r.vin).toSorted();
}

/** Uploads a vehicle-info import as the administrator and waits for its task. */
const importVehicleInfo = (bytes: Buffer) =>
  importAndWait(
    server.url,
    "importNerVehicleInfo",
    "/tsp-bss/nerVehicleExcel/import/vehicleInfo",
    { name: "车辆信息.xlsx", bytes },
    admin,
  );

async function groupsOf(vin: string) {
  const rows = await server.db.selectFrom("ner_record").select("grp").where("vin", "=", vin).execute();
  return rows.map((r) => r.grp).toSorted();
}

describe.skipIf(engine.skip)(`business new-energy master data contract (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer();
    const a = await signIn(server.url, "admin", "Admin@123456");
    admin = a.token;
    adminSdk = a.sdk;
    operator = (await signIn(server.url, "operator", "Operator@123456")).token;
    tenant2 = (await signIn(server.url, "tenant2admin", "Admin@123456")).token;
    const t1 = await server.db
      .selectFrom("vehicle")
      .innerJoin("tenant", "tenant.id", "vehicle.tenant_id")
      .select(["vehicle.vin", "tenant.code"])
      .orderBy("vehicle.vin")
      .execute();
    tenantVins = t1.filter((v) => v.code === "T0001").map((v) => v.vin);
    otherVin = t1.find((v) => v.code === "T0002")?.vin ?? "";
    const counts = await server.db
      .selectFrom("ner_record")
      .select(["vin", (eb) => eb.fn.countAll<string>().as("n")])
      .groupBy("vin")
      .execute();
    filledVin = tenantVins.find((v) => counts.some((c) => c.vin === v && Number(c.n) === 4)) ?? "";
    emptyVin = tenantVins.find((v) => !counts.some((c) => c.vin === v)) ?? "";
    expect(filledVin).not.toBe("");
    expect(emptyVin).not.toBe("");
  }, 120_000);
  afterAll(() => server?.stop());

  it("answers 401 without a token on every master-data operation", async () => {
    expect(NER_OPS.length).toBe(52);
    for (const id of NER_OPS) {
      const op = operations.find((o) => o.operationId === id);
      if (op?.requestBody?.content["multipart/form-data"]) {
        const res = await postFile(server.url, id, op.path, { name: "a.xlsx", bytes: Buffer.from("x") }, undefined);
        ledger.record(id, res.status);
        expect(res.status, id).toBe(401);
        continue;
      }
      const { status } = await ledger.call(id, op?.method === "post" ? { body: {} } : {});
      expect(status, id).toBe(401);
    }
  });

  it("queries base info with the search panel's filters, only the tenant's vehicles", async () => {
    const all = (await ledger.call("queryNerBaseInfo", { token: admin, body: { pageNum: 1, pageSize: 100 } })).body
      .data;
    expect(all.total).toBe(
      tenantVins.length +
        (
          await server.db
            .selectFrom("vehicle")
            .innerJoin("tenant", "tenant.id", "vehicle.tenant_id")
            .where("tenant.code", "=", "T0001-01")
            .select("vin")
            .execute()
        ).length,
    );
    const empty = all.list.find((r: { vin: string }) => r.vin === emptyVin);
    expect(empty.filled).toEqual({ vehicleInfo: false, batteryInfo: false, driveInfo: false, terminalInfo: false });
    expect(empty.updateBy).toBeNull();
    const full = all.list.find((r: { vin: string }) => r.vin === filledVin);
    expect(full.filled).toEqual({ vehicleInfo: true, batteryInfo: true, driveInfo: true, terminalInfo: true });
    expect(all.list.some((r: { vin: string }) => r.vin === otherVin)).toBe(false);
    const byVin = (
      await ledger.call("queryNerBaseInfo", {
        token: admin,
        body: { pageNum: 1, pageSize: 10, vin: filledVin.slice(5) },
      })
    ).body.data;
    expect(byVin.list.map((r: { vin: string }) => r.vin)).toContain(filledVin);
    const byIccid = (
      await ledger.call("queryNerBaseInfo", { token: admin, body: { pageNum: 1, pageSize: 10, iccid: full.iccid } })
    ).body.data;
    expect(byIccid.list.map((r: { vin: string }) => r.vin)).toEqual([filledVin]);
    const byMsisdn = (
      await ledger.call("queryNerBaseInfo", { token: admin, body: { pageNum: 1, pageSize: 10, msisdn: full.msisdn } })
    ).body.data;
    expect(byMsisdn.list.map((r: { vin: string }) => r.vin)).toEqual([filledVin]);
    const brands = (
      await ledger.call("queryNerBaseInfo", { token: admin, body: { pageNum: 1, pageSize: 100, codes: [11] } })
    ).body.data;
    expect(brands.list.every((r: { brandName: string }) => r.brandName === "比亚迪")).toBe(true);
    const model = (
      await ledger.call("queryNerBaseInfo", {
        token: admin,
        body: { pageNum: 1, pageSize: 100, vehicleModelId: full.vehicleModelId },
      })
    ).body.data;
    expect(model.list.every((r: { vehicleModelId: number }) => r.vehicleModelId === full.vehicleModelId)).toBe(true);
    const future = (
      await ledger.call("queryNerBaseInfo", {
        token: admin,
        body: { pageNum: 1, pageSize: 10, updateTimeStart: Date.now() + 86400000 },
      })
    ).body.data;
    expect(future.total).toBe(0);
    expect((await ledger.call("queryNerBaseInfo", { token: admin, body: { pageNum: 1, pageSize: 101 } })).status).toBe(
      400,
    );
    expect(
      (await ledger.call("queryNerBaseInfo", { token: admin, body: { pageNum: 1, pageSize: 10, extra: 1 } })).status,
    ).toBe(400);
  });

  it("queries each group: only filled records, equal to the single reads", async () => {
    const pairs = [
      ["queryNerVehicleInfo", "getNerSingleVehicleInfo", "vehicleInfo"],
      ["queryNerBatteryInfo", "getNerSingleBatteryInfo", "batteryInfo"],
      ["queryNerDriveInfo", "getNerSingleDriveInfo", "driveInfo"],
      ["queryNerTerminalInfo", "getNerSingleTerminalInfo", "terminalInfo"],
    ] as const;
    for (const [query, single, group] of pairs) {
      const page = (await ledger.call(query, { token: admin, body: { pageNum: 1, pageSize: 100 } })).body.data;
      const stored = await server.db
        .selectFrom("ner_record")
        .innerJoin("vehicle", "vehicle.vin", "ner_record.vin")
        .innerJoin("tenant", "tenant.id", "vehicle.tenant_id")
        .select("ner_record.vin")
        .where("grp", "=", group)
        .where("tenant.code", "in", ["T0001", "T0001-01"])
        .execute();
      expect(page.total, query).toBe(stored.length);
      const row = page.list.find((r: { vin: string }) => r.vin === filledVin);
      const one = (await ledger.call(single, { token: admin, query: { vin: filledVin } })).body.data;
      expect(one, single).toEqual(row);
      expect((await ledger.call(single, { token: admin, query: { vin: emptyVin } })).body.data, single).toBeNull();
      expect((await ledger.call(single, { token: admin, query: { vin: otherVin } })).status, single).toBe(404);
      expect((await ledger.call(single, { token: admin, query: { vin: "SHORT" } })).status, single).toBe(400);
      expect((await ledger.call(query, { token: admin, body: { pageNum: 0, pageSize: 10 } })).status, query).toBe(400);
    }
  });

  it("saves vehicle info, records who changed which field, and lists the change log newest first", async () => {
    const before = (await ledger.call("getNerSingleVehicleInfo", { token: admin, query: { vin: filledVin } })).body
      .data;
    const saved = await ledger.call("updateNerVehicleInfo", {
      token: admin,
      body: vehicleInfo(filledVin, {
        ...before,
        vin: filledVin,
        vehicleUse: "物流配送",
        remark: "改为物流",
        vehicleModelId: undefined,
        vehicleModel: undefined,
        updateBy: undefined,
        updateName: undefined,
        updateTime: undefined,
      }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      vin: filledVin,
      vehicleUse: "物流配送",
      remark: "改为物流",
      updateBy: "admin",
      updateName: "系统管理员",
    });
    const log = (
      await ledger.call("getNerVehicleInfoLog", { token: admin, body: { vin: filledVin, pageNum: 1, pageSize: 10 } })
    ).body.data;
    expect(log.list[0].changes).toEqual([
      { field: "vehicleUse", label: "车辆用途", before: before.vehicleUse, after: "物流配送" },
      { field: "remark", label: "备注", before: before.remark, after: "改为物流" },
    ]);
    expect(log.list[0].updateBy).toBe("admin");
    const byOther = (
      await ledger.call("getNerVehicleInfoLog", {
        token: admin,
        body: { vin: filledVin, pageNum: 1, pageSize: 10, updateName: "nobody" },
      })
    ).body.data;
    expect(byOther.total).toBe(0);
    // The plate is the vehicle's: the pickers see the new one.
    const renamed = await ledger.call("updateNerVehicleInfo", {
      token: operator,
      body: vehicleInfo(filledVin, { plateNo: "粤B8D888" }),
    });
    expect(renamed.body.data.updateBy).toBe("operator");
    const plates = (await ledger.call("fuzzyFindPlates", { token: admin, query: { keyWords: "B8D888" } })).body.data;
    expect(plates.list).toEqual([{ plateNo: "粤B8D888", vin: filledVin }]);
    const names = (await ledger.call("getParamUpdateName", { token: admin })).body.data;
    expect(names).toEqual(
      expect.arrayContaining([
        { label: "运营专员", value: "operator" },
        { label: "系统管理员", value: "admin" },
      ]),
    );
    // Bad input changes nothing.
    const n0 = await changeLogCount();
    expect(
      (await ledger.call("updateNerVehicleInfo", { token: admin, body: vehicleInfo(filledVin, { plateNo: "B12345" }) }))
        .status,
    ).toBe(400);
    const badCredit = await ledger.call("updateNerVehicleInfo", {
      token: admin,
      body: vehicleInfo(filledVin, { creditName: "某公司", creditCode: "91440300MA5F1234X0" }),
    });
    expect(badCredit.status).toBe(400);
    expect(badCredit.body.msg).toBe("统一社会信用代码校验位不正确");
    expect((await ledger.call("updateNerVehicleInfo", { token: admin, body: vehicleInfo(otherVin) })).status).toBe(404);
    expect(await changeLogCount()).toBe(n0);
    expect(
      (await ledger.call("getNerVehicleInfoLog", { token: admin, body: { vin: filledVin, pageNum: 1 } })).status,
    ).toBe(400);
    expect(
      (
        await ledger.call("getNerVehicleInfoLog", {
          token: tenant2,
          body: { vin: filledVin, pageNum: 1, pageSize: 10 },
        })
      ).body.data.total,
    ).toBe(0);
  });

  it("saves battery and drive-motor info with their own rules", async () => {
    const battery = {
      vin: filledVin,
      batteryModel: "CATL-LFP-350",
      batteryType: "磷酸铁锂",
      manufacturer: "宁德时代新能源科技股份有限公司",
      ratedVoltage: 537.6,
      ratedCapacity: 202,
      ratedEnergy: 108.6,
      packCount: 2,
      packCodes: ["P-001", "P-002"],
      productionDate: "2024-01-05",
    };
    const saved = (await ledger.call("updateNerBatteryInfo", { token: admin, body: battery })).body.data;
    expect(saved).toMatchObject({ ...battery, updateBy: "admin" });
    const mismatch = await ledger.call("updateNerBatteryInfo", {
      token: admin,
      body: { ...battery, packCodes: ["P-001"] },
    });
    expect(mismatch.body.msg).toBe("子系统编码数量应等于可充电储能子系统数");
    expect(
      (await ledger.call("updateNerBatteryInfo", { token: admin, body: { ...battery, batteryType: "铅酸" } })).status,
    ).toBe(400);
    const log = (
      await ledger.call("getNerBatteryInfoLog", { token: admin, body: { vin: filledVin, pageNum: 1, pageSize: 1 } })
    ).body.data;
    expect(log.list[0].changes.map((c: { field: string }) => c.field)).toContain("packCodes");
    const drive = {
      vin: filledVin,
      driveModel: "TZ220XYL",
      motorPosition: "前置",
      motorCount: 2,
      manufacturer: "弗迪动力有限公司",
      ratedPower: 100,
      peakPower: 160,
      peakTorque: 330,
      maxSpeed: 16000,
      motorCodes: ["M-1", "M-2"],
    };
    expect((await ledger.call("updateNerDriveInfo", { token: admin, body: drive })).body.data).toMatchObject(drive);
    const weak = await ledger.call("updateNerDriveInfo", { token: admin, body: { ...drive, peakPower: 50 } });
    expect(weak.body.msg).toBe("峰值功率不能小于额定功率");
    expect((await ledger.call("updateNerDriveInfo", { token: admin, body: { ...drive, vin: otherVin } })).status).toBe(
      404,
    );
    const dlog = (
      await ledger.call("getNerDriveInfoLog", { token: admin, body: { vin: filledVin, pageNum: 1, pageSize: 10 } })
    ).body.data;
    expect(dlog.list[0].changes.find((c: { field: string }) => c.field === "motorCount")).toMatchObject({ after: 2 });
    expect(
      (await ledger.call("getNerDriveInfoLog", { token: admin, body: { vin: "bad", pageNum: 1, pageSize: 10 } }))
        .status,
    ).toBe(400);
    expect(
      (
        await ledger.call("getNerBatteryInfoLog", {
          token: admin,
          body: { vin: filledVin, pageNum: 1, pageSize: 1000 },
        })
      ).status,
    ).toBe(400);
  });

  it("binds a terminal's SIM card and T-BOX serial to the vehicle and refuses someone else's", async () => {
    const terminal = (await ledger.call("getNerSingleTerminalInfo", { token: admin, query: { vin: filledVin } })).body
      .data;
    const free = (await freeSimsOfDemoTenant())[0] as { iccid: string; msisdn: string | null };
    const edit = {
      vin: filledVin,
      tboxModel: terminal.tboxModel,
      tboxSn: "NEW-SN-0001",
      manufacturer: terminal.manufacturer,
      iccid: free.iccid,
      msisdn: free.msisdn,
      imei: "860000000000001",
      firmwareVersion: "V2.0.0",
      hardwareVersion: "H1.0",
      protocol: "GB/T 32960-2025",
    };
    const saved = (await ledger.call("updateNerTerminalInfo", { token: admin, body: edit })).body.data;
    expect(saved).toMatchObject(edit);
    const sims = (await ledger.call("findAllIccid", { token: admin, query: { pageSize: 10000 } })).body.data.list;
    expect(sims.find((s: { iccid: string }) => s.iccid === free.iccid).vin).toBe(filledVin);
    expect(sims.find((s: { iccid: string }) => s.iccid === terminal.iccid).vin).toBeNull();
    const vehicle = await server.db
      .selectFrom("vehicle")
      .select(["iccid", "tbox_sn"])
      .where("vin", "=", filledVin)
      .executeTakeFirstOrThrow();
    expect(vehicle).toEqual({ iccid: free.iccid, tbox_sn: "NEW-SN-0001" });
    const someoneElse = tenantVins.find((v) => v !== filledVin && v !== emptyVin) ?? "";
    const taken = await ledger.call("updateNerTerminalInfo", { token: admin, body: { ...edit, vin: someoneElse } });
    expect(taken.status).toBe(400);
    expect(taken.body.msg).toBe("终端序列号已被其他车辆使用");
    const foreignSim = await server.db
      .selectFrom("bss_sim_card")
      .innerJoin("tenant", "tenant.id", "bss_sim_card.tenant_id")
      .select("iccid")
      .where("tenant.code", "=", "T0002")
      .executeTakeFirstOrThrow();
    const foreign = await ledger.call("updateNerTerminalInfo", {
      token: admin,
      body: { ...edit, iccid: foreignSim.iccid },
    });
    expect(foreign.body.msg).toBe("ICCID已被其他单位使用");
    const boundElsewhere = await server.db
      .selectFrom("vehicle")
      .select("iccid")
      .where("vin", "=", someoneElse)
      .executeTakeFirstOrThrow();
    const stolen = await ledger.call("updateNerTerminalInfo", {
      token: admin,
      body: { ...edit, tboxSn: "NEW-SN-0002", iccid: boundElsewhere.iccid },
    });
    expect(stolen.body.msg).toBe("ICCID已绑定其他车辆");
    expect((await ledger.call("updateNerTerminalInfo", { token: admin, body: { ...edit, imei: "12" } })).status).toBe(
      400,
    );
    const tlog = (
      await ledger.call("getNerTerminalInfoLog", { token: admin, body: { vin: filledVin, pageNum: 1, pageSize: 10 } })
    ).body.data;
    expect(tlog.list[0].changes.find((c: { field: string }) => c.field === "iccid")).toEqual({
      field: "iccid",
      label: "ICCID",
      before: terminal.iccid,
      after: free.iccid,
    });
    expect(
      (
        await ledger.call("getNerTerminalInfoLog", {
          token: admin,
          body: { vin: filledVin, pageNum: 1, pageSize: 10, updateName: "u".repeat(65) },
        })
      ).status,
    ).toBe(400);
  });

  it("sets a vehicle's announcement model and reads its parameters", async () => {
    const models = (await ledger.call("getParamVehicleModelList", { token: admin })).body.data;
    const target = models[models.length - 1];
    const res = await ledger.call("updateNerVehicleModel", {
      token: admin,
      query: { vin: filledVin, vehicleModelId: target.value },
    });
    expect(res.body.data.vehicleModelId).toBe(target.value);
    const param = (await ledger.call("getVehicleModelByVin", { token: admin, query: { vin: filledVin } })).body.data;
    expect(param.vehicleModelId).toBe(target.value);
    expect(target.label.startsWith(param.vehicleModel)).toBe(true);
    const log = (
      await ledger.call("getNerVehicleInfoLog", { token: admin, body: { vin: filledVin, pageNum: 1, pageSize: 1 } })
    ).body.data;
    expect(log.list[0].changes[0]).toMatchObject({
      field: "vehicleModelId",
      label: "公告型号",
      after: param.vehicleModel,
    });
    expect(
      (await ledger.call("updateNerVehicleModel", { token: admin, query: { vin: filledVin, vehicleModelId: 99999 } }))
        .status,
    ).toBe(404);
    expect(
      (
        await ledger.call("updateNerVehicleModel", {
          token: admin,
          query: { vin: emptyVin, vehicleModelId: target.value },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await ledger.call("updateNerVehicleModel", {
          token: admin,
          query: { vin: otherVin, vehicleModelId: target.value },
        })
      ).status,
    ).toBe(404);
    expect((await ledger.call("getVehicleModelByVin", { token: admin, query: { vin: otherVin } })).status).toBe(404);
    expect((await ledger.call("getVehicleModelByVin", { token: admin, query: {} })).status).toBe(400);
  });

  it("answers the parameter lists of the model screens", async () => {
    for (const id of [
      "getParamBrandColor",
      "getParamCarBuying",
      "getParamMotorPosition",
      "getParamVehicleUse",
      "getParamTboxModelList",
      "getParamDriveModelList",
    ]) {
      const list = (await ledger.call(id, { token: admin })).body.data;
      expect(list.length, id).toBeGreaterThan(2);
    }
    const all = (await ledger.call("getParamVehicleModelParam", { token: admin })).body.data;
    const one = (
      await ledger.call("getParamVehicleModelParam", { token: admin, query: { vehicleModelId: all[0].vehicleModelId } })
    ).body.data;
    expect(one).toEqual([all[0]]);
    expect(
      (await ledger.call("getParamVehicleModelParam", { token: admin, query: { vehicleModelId: 0 } })).status,
    ).toBe(400);
    const byd = all.find((m: { vehicleModel: string }) => m.vehicleModel === "BYD7005BEV1");
    const drives = (
      await ledger.call("getParamDriveModel", { token: admin, query: { vehicleModelId: byd.vehicleModelId } })
    ).body.data;
    expect(drives).toEqual([
      { label: "TZ200XSQ", value: "TZ200XSQ" },
      { label: "TZ180XSF", value: "TZ180XSF" },
    ]);
    expect(
      (await ledger.call("getParamTboxModel", { token: admin, query: { vehicleModelId: byd.vehicleModelId } })).body
        .data,
    ).toEqual([{ label: "HW-TBOX-M5", value: "HW-TBOX-M5" }]);
    expect(
      (await ledger.call("getParamBatteryModel", { token: admin, query: { vehicleModelId: byd.vehicleModelId } })).body
        .data,
    ).toEqual([{ label: "FD2-BLADE-57", value: "FD2-BLADE-57" }]);
    for (const id of ["getParamDriveModel", "getParamTboxModel", "getParamBatteryModel"]) {
      const missing = await ledger.call(id, { token: admin, query: { vehicleModelId: 99999 } });
      expect(missing.status, id).toBe(400);
      expect((await ledger.call(id, { token: admin, query: {} })).status, id).toBe(400);
    }
    const vins = (await ledger.call("getParamVin", { token: admin, query: { vin: filledVin.slice(0, 10) } })).body.data;
    expect(vins.list).toContainEqual({ label: filledVin, value: filledVin });
    expect((await ledger.call("getParamVin", { token: tenant2, query: { vin: filledVin } })).body.data).toEqual({
      list: [],
      total: 0,
    });
    expect((await ledger.call("getParamVin", { token: admin, query: { vin: "V".repeat(18) } })).status).toBe(400);
    const units = (await ledger.call("getCreditNameList", { token: admin })).body.data;
    expect(units.total).toBeGreaterThan(0);
    const hit = (
      await ledger.call("getCreditNameList", { token: admin, query: { keyWords: units.list[0].creditCode } })
    ).body.data;
    expect(hit).toEqual({ list: [units.list[0]], total: 1 });
    expect((await ledger.call("getCreditNameList", { token: admin, query: { keyWords: "K".repeat(51) } })).status).toBe(
      400,
    );
  });

  it("lists real-name states by VIN and state, only the tenant's", async () => {
    const all = (await ledger.call("getRealnameVinList", { token: admin, query: { pageSize: 100 } })).body.data;
    expect(all.total).toBeGreaterThan(0);
    const approved = (
      await ledger.call("getRealnameVinList", { token: admin, query: { status: "approved", pageSize: 100 } })
    ).body.data;
    expect(approved.list.every((r: { status: string }) => r.status === "approved")).toBe(true);
    const none = (
      await ledger.call("getRealnameVinList", { token: admin, query: { status: "unauthenticated", pageSize: 100 } })
    ).body.data;
    expect(
      none.list.every((r: { ownerName: unknown; authTime: unknown }) => r.ownerName === null && r.authTime === null),
    ).toBe(true);
    expect(approved.total).toBeLessThanOrEqual(all.total);
    const theirs = (await ledger.call("getRealnameVinList", { token: tenant2, query: { vin: filledVin } })).body.data;
    expect(theirs.total).toBe(0);
    expect((await ledger.call("getRealnameVinList", { token: admin, query: { status: "done" } })).status).toBe(400);
  });

  it("imports vehicle info: reports each bad row and commits only the good ones", async () => {
    const [good1, good2] = tenantVins.filter((v) => v !== filledVin).slice(0, 2) as [string, string];
    const badDigit = `${filledVin.slice(0, 8)}${filledVin[8] === "0" ? "1" : "0"}${filledVin.slice(9)}`;
    const { headers } = GROUP_SHEETS.vehicleInfo;
    const bytes = await xlsxOf(headers, [
      infoRow(good1, "沪A1B234", "私人"),
      infoRow(badDigit, "沪A1B235", "私人"),
      infoRow(otherVin, "沪A1B236", "私人"),
      infoRow(good2, "沪A1B237", ""),
      infoRow(good2.toLowerCase(), "沪A1B238", "出租客运"),
    ]);
    const res = await importAndWait(
      server.url,
      "importNerVehicleInfo",
      "/tsp-bss/nerVehicleExcel/import/vehicleInfo",
      { name: "车辆信息.xlsx", bytes },
      admin,
    );
    ledger.record("importNerVehicleInfo", res.status);
    ledger.record("getImportTask", 200);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe("导入任务已提交");
    expect(res.task).toMatchObject({ status: "done", rowsDone: 5, rowsTotal: 5, failReason: null });
    expect(res.task?.report).toMatchObject({ all: 5, success: 2, failed: 3 });
    // Row 6 repeats row 5's VIN (lower case) with the missing value filled: the corrected copy is taken.
    expect(res.task?.report?.rows).toMatchObject([
      { row: 3, vin: badDigit, reason: "VIN校验位不正确" },
      { row: 4, vin: otherVin, reason: "车辆不存在" },
      { row: 5, vin: good2, reason: "车辆用途：必填" },
    ]);
    const one = (await ledger.call("getNerSingleVehicleInfo", { token: admin, query: { vin: good1 } })).body.data;
    expect(one).toMatchObject({ plateNo: "沪A1B234", vehicleUse: "私人", remark: "导入", creditName: null });
    const two = (await ledger.call("getNerSingleVehicleInfo", { token: admin, query: { vin: good2 } })).body.data;
    expect(two).toMatchObject({ plateNo: "沪A1B238", vehicleUse: "出租客运" });
    const theirs = await server.db
      .selectFrom("vehicle")
      .select("plate")
      .where("vin", "=", otherVin)
      .executeTakeFirstOrThrow();
    expect(theirs.plate).not.toBe("沪A1B236");
  });

  it("imports battery, drive-motor and terminal info row by row", async () => {
    const vin = emptyVin;
    expect(await groupsOf(vin)).toEqual([]);
    const battery = await xlsxOf(
      [
        "VIN",
        "电池型号",
        "电池类型",
        "电池生产企业",
        "额定电压(V)",
        "额定容量(Ah)",
        "额定能量(kWh)",
        "可充电储能子系统数",
        "子系统编码",
        "生产日期",
      ],
      [
        [vin, "CATL-LFP-350", "磷酸铁锂", "宁德时代", 537.6, 202, "108.6", 2, "P1，P2", new Date(Date.UTC(2024, 0, 5))],
        [filledVin, "CATL-LFP-350", "磷酸铁锂", "宁德时代", "高压", 202, 108.6, 1, "P1", ""],
      ],
    );
    const b = await importAndWait(
      server.url,
      "importNerBatteryInfo",
      "/tsp-bss/nerVehicleExcel/import/batteryInfo",
      { name: "b.xlsx", bytes: battery },
      admin,
    );
    ledger.record("importNerBatteryInfo", b.status);
    expect(b.task?.report).toMatchObject({ all: 2, success: 1, failed: 1 });
    expect(b.task?.report?.rows[0]).toMatchObject({ row: 3, vin: filledVin, reason: "额定电压(V)：应为数字" });
    const saved = (await ledger.call("getNerSingleBatteryInfo", { token: admin, query: { vin } })).body.data;
    expect(saved).toMatchObject({ packCodes: ["P1", "P2"], ratedEnergy: 108.6, productionDate: "2024-01-05" });

    const drive = await xlsxOf(
      [
        "VIN",
        "驱动电机型号",
        "电机布置位置",
        "电机数量",
        "电机生产企业",
        "额定功率(kW)",
        "峰值功率(kW)",
        "峰值转矩(N·m)",
        "最高转速(r/min)",
        "电机编码",
      ],
      [
        [vin, "TZ200XSQ", "前置", 1, "弗迪动力", 80, 150, 310, 14000, "M1"],
        [vin, "TZ200XSQ", "前置", 1, "弗迪动力", 80, 150, 310, 14000, "M1"],
      ],
    );
    const d = await importAndWait(
      server.url,
      "importNerDriveInfo",
      "/tsp-bss/nerVehicleExcel/import/driveInfo",
      { name: "d.xlsx", bytes: drive },
      admin,
    );
    ledger.record("importNerDriveInfo", d.status);
    expect(d.task?.report?.rows).toMatchObject([{ row: 3, vin, reason: "文件中VIN重复" }]);

    const [sim0, sim1] = (await freeSimsOfDemoTenant()) as [
      { iccid: string; msisdn: string | null },
      { iccid: string },
    ];
    const terminal = await xlsxOf(
      ["VIN", "终端型号", "终端序列号", "终端生产企业", "ICCID", "MSISDN", "IMEI", "固件版本", "硬件版本", "通信协议"],
      [
        [
          vin,
          "HW-TBOX-M5",
          "IMP-SN-1",
          "华为",
          sim0.iccid,
          sim0.msisdn,
          "860000000000002",
          "V1",
          "H1",
          "GB/T 32960-2016",
        ],
        [filledVin, "HW-TBOX-M5", "IMP-SN-2", "华为", sim1.iccid, "", "", "", "", "GB/T 32960"],
      ],
    );
    const t = await importAndWait(
      server.url,
      "importNerTerminalInfo",
      "/tsp-bss/nerVehicleExcel/import/terminalInfo",
      { name: "t.xlsx", bytes: terminal },
      admin,
    );
    ledger.record("importNerTerminalInfo", t.status);
    expect(t.task?.report).toMatchObject({ success: 1, failed: 1 });
    expect(t.task?.report?.rows[0]?.reason).toMatch(/^通信协议：/);
    expect(await groupsOf(vin)).toEqual(["batteryInfo", "driveInfo", "terminalInfo"]);
    const bound = await server.db
      .selectFrom("bss_sim_card")
      .select("vin")
      .where("iccid", "=", sim1.iccid)
      .executeTakeFirstOrThrow();
    expect(bound.vin).toBeNull();
  });

  it("refuses files that are not spreadsheets, sheets without data and other templates, writing nothing", async () => {
    const n = async () =>
      Number(
        (
          await server.db
            .selectFrom("ner_change_log")
            .select((eb) => eb.fn.countAll<string>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const n0 = await n();
    const path = "/tsp-bss/nerVehicleExcel/import/vehicleInfo";
    const txt = await postFile(
      server.url,
      "importNerVehicleInfo",
      path,
      { name: "a.txt", bytes: Buffer.from("VIN\n") },
      admin,
    );
    expect(txt.status).toBe(400);
    expect(txt.body.msg).toBe("选择的文件格式不正确，请重新上传");
    const fake = await postFile(
      server.url,
      "importNerVehicleInfo",
      path,
      { name: "a.xlsx", bytes: Buffer.from("not a zip") },
      admin,
    );
    expect(fake.body.msg).toBe("选择的文件格式不正确，请重新上传");
    // An OLE2 header with nothing behind it: not a readable .xls (.xls itself is read: importRules.test.ts).
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    const xls = await postFile(server.url, "importNerVehicleInfo", path, { name: "a.xls", bytes: ole }, admin);
    expect(xls.status).toBe(400);
    expect(xls.body.msg).toBe("选择的文件格式不正确，请重新上传");
    const empty = await postFile(
      server.url,
      "importNerVehicleInfo",
      path,
      { name: "a.xlsx", bytes: await xlsxOf(["VIN", "车辆用途", "购车方式"], []) },
      admin,
    );
    expect(empty.body.msg).toBe("导入文件没有数据");
    const wrong = await postFile(
      server.url,
      "importNerBatteryInfo",
      "/tsp-bss/nerVehicleExcel/import/batteryInfo",
      { name: "a.xlsx", bytes: await xlsxOf(["VIN", "车辆用途"], [[filledVin, "私人"]]) },
      admin,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toMatch(/^导入模板不正确，缺少列：电池型号/);
    const big = await postFile(
      server.url,
      "importNerDriveInfo",
      "/tsp-bss/nerVehicleExcel/import/driveInfo",
      { name: "big.xlsx", bytes: Buffer.alloc(11 * 1024 * 1024, 0x50) },
      admin,
    );
    ledger.record("importNerDriveInfo", big.status);
    expect(big.status).toBe(413);
    const noTerminal = await postFile(
      server.url,
      "importNerTerminalInfo",
      "/tsp-bss/nerVehicleExcel/import/terminalInfo",
      { name: "t.csv", bytes: Buffer.from("x") },
      admin,
    );
    ledger.record("importNerTerminalInfo", noTerminal.status);
    expect(noTerminal.status).toBe(400);
    for (const r of [txt, fake, xls, empty, wrong]) ledger.record("importNerVehicleInfo", r.status);
    ledger.record("importNerBatteryInfo", wrong.status);
    expect(await n()).toBe(n0);
  });

  it("downloads the vehicle model template and imports models with and without allowCover", async () => {
    const file = await ledger.call("downloadNerVehicleModelTemplate", { token: admin });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const rows = await sheetRows(Buffer.from(file.bytes));
    expect(rows[0]?.[0]).toBe("公告型号");
    expect(rows).toHaveLength(2);
    const headers = rows[0] as string[];
    const path = "/tsp-bss/nerVehicleExcel/import/vehicleModel";
    const bytes = await xlsxOf(headers, [
      modelRow("CA5040XXYBEV", 3200),
      rows[1] as unknown[],
      modelRow("CA5041XXYBEV", -1),
    ]);
    const first = await postFile(server.url, "importNerVehicleModel", path, { name: "m.xlsx", bytes }, admin);
    expect(first.body.data).toMatchObject({ all: 3, success: 1, failed: 2 });
    expect(first.body.data.rows).toMatchObject([
      { row: 3, vin: "", key: "BYD7005BEV1", reason: "车型已存在" },
      { row: 4, vin: "", key: "CA5041XXYBEV", reason: "整备质量(kg)：应为正整数" },
    ]);
    const cover = await postFile(
      server.url,
      "importNerVehicleModel",
      path,
      { name: "m.xlsx", bytes: await xlsxOf(headers, [modelRow("CA5040XXYBEV", 3300)]) },
      admin,
      { allowCover: "true" },
    );
    expect(cover.body.data).toMatchObject({ success: 1, failed: 0 });
    const params = (await ledger.call("getParamVehicleModelParam", { token: admin })).body.data;
    expect(params.find((m: { vehicleModel: string }) => m.vehicleModel === "CA5040XXYBEV").curbWeight).toBe(3300);
    const bad = await postFile(
      server.url,
      "importNerVehicleModel",
      path,
      { name: "m.pdf", bytes: Buffer.from("%PDF") },
      admin,
    );
    expect(bad.status).toBe(400);
    for (const r of [first, cover, bad]) ledger.record("importNerVehicleModel", r.status);
    const denied = await ledger.call("downloadNerVehicleModelTemplate", { token: "nope" });
    expect(denied.status).toBe(401);
  });

  it("downloads a template per group import whose header row is what the import reads, and a filled template round-trips", async () => {
    // A vehicle of the demo tenant no other test relies on, and a free SIM card of the tenant.
    const target = tenantVins.filter((v) => v !== filledVin && v !== emptyVin).at(-1) ?? "";
    expect(target).not.toBe("");
    const sim = (await freeSimsOfDemoTenant()).at(-1) as { iccid: string; msisdn: string | null };
    for (const group of GROUP_NAMES) {
      const { title, headers } = GROUP_SHEETS[group];
      const templateId = `downloadNer${Cap(group)}Template`;
      const importId = `importNer${Cap(group)}`;
      const file = await ledger.call(templateId, { token: admin });
      expect(file.status, group).toBe(200);
      expect(file.headers.get("content-type"), group).toBe(
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      );
      expect(fileNameOf(file.headers.get("content-disposition")), group).toBe(`${title}导入模板.xlsx`);
      const bytes = Buffer.from(file.bytes);
      const sheets = await workbookSheets(bytes);
      // Sheet 1 (the one the import reads): the group's title, exactly the import's columns, one example row.
      expect([...sheets.keys()], group).toEqual([title, "填写说明"]);
      const rows = sheets.get(title) ?? [];
      expect(rows[0], group).toEqual(headers);
      expect(rows, group).toHaveLength(2);
      // The notes list every column once, in order, each required or optional.
      const notes = sheets.get("填写说明") ?? [];
      expect(
        notes.slice(1, headers.length + 1).map((r) => r[0]),
        group,
      ).toEqual(headers);
      expect(
        notes.slice(1, headers.length + 1).every((r) => r[1] === "必填" || r[1] === "选填"),
        group,
      ).toBe(true);

      // Uploaded untouched, the example row fails only because its VIN is no vehicle of the tenant.
      const untouched = await importAndWait(
        server.url,
        importId,
        `/tsp-bss/nerVehicleExcel/import/${group}`,
        { name: `${title}导入模板.xlsx`, bytes: Buffer.from(bytes) },
        admin,
      );
      expect(untouched.task?.report, group).toMatchObject({
        all: 1,
        success: 0,
        failed: 1,
        rows: [{ row: 2, vin: rows[1]?.[0], reason: "车辆不存在" }],
      });

      // Filled in: the example row becomes the target vehicle's (a free card of the tenant for the terminal).
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
      const cellOf = (header: string) => sheet.getRow(2).getCell(headers.indexOf(header as never) + 1);
      cellOf("VIN").value = target;
      if (group === "terminalInfo") {
        cellOf("ICCID").value = sim.iccid;
        cellOf("MSISDN").value = sim.msisdn;
        cellOf("终端序列号").value = "TPL-ROUNDTRIP-1";
      }
      const filled = Buffer.from(await workbook.xlsx.writeBuffer());
      const imported = await importAndWait(
        server.url,
        importId,
        `/tsp-bss/nerVehicleExcel/import/${group}`,
        { name: "filled.xlsx", bytes: filled },
        admin,
      );
      ledger.record(importId, imported.status);
      expect(imported.task?.report, group).toEqual({ all: 1, success: 1, failed: 0, rows: [] });

      // Round trip: the group's export of that vehicle holds exactly the filled-in row.
      const task = await ledger.call(`exportNer${Cap(group)}`, { token: admin, body: { vin: target } });
      await server.ctx.exports.idle();
      const exported = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${task.body.data.taskId}/download`);
      const back = (await workbookSheets(await exported.blob.arrayBuffer())).get(title) ?? [];
      expect(back[0]?.slice(0, headers.length), group).toEqual(headers);
      const filledRow = (await workbookSheets(filled)).get(title)?.[1];
      expect(
        back.filter((r) => r[0] === target).map((r) => firstCells(r, headers.length)),
        group,
      ).toEqual([firstCells(filledRow, headers.length)]);
    }
    // Bad input: no valid token (every template needs the import's permission).
    for (const group of GROUP_NAMES) {
      const templateId = `downloadNer${Cap(group)}Template`;
      const denied = await ledger.call(templateId, { token: "nope" });
      expect(denied.status, group).toBe(401);
    }
  });

  it("exports each group and the change logs as background .xlsx files that exceljs reads back", async () => {
    for (const id of [
      "exportNerAll",
      "exportNerVehicleInfo",
      "exportNerBatteryInfo",
      "exportNerDriveInfo",
      "exportNerTerminalInfo",
    ]) {
      const res = await ledger.call(id, { token: admin, body: { codes: [] } });
      expect(res.body.msg, id).toBe("导出任务已提交，请到导出文件列表查看");
      expect((await ledger.call(id, { token: operator, body: {} })).status, id).toBe(403);
      expect((await ledger.call(id, { token: admin, body: { pageNum: 1 } })).status, id).toBe(400);
    }
    for (const id of [
      "exportNerVehicleInfoLog",
      "exportNerBatteryInfoLog",
      "exportNerDriveInfoLog",
      "exportNerTerminalInfoLog",
    ]) {
      const res = await ledger.call(id, { token: admin, query: { vin: filledVin } });
      expect(res.status, id).toBe(200);
      expect((await ledger.call(id, { token: operator, query: { vin: filledVin } })).status, id).toBe(403);
      expect((await ledger.call(id, { token: admin, query: { vin: "123" } })).status, id).toBe(400);
    }
    const battery = await ledger.call("exportNerBatteryInfo", { token: admin, body: { vin: filledVin } });
    const log = await ledger.call("exportNerDriveInfoLog", {
      token: admin,
      query: { vin: filledVin, updateName: "admin" },
    });
    await server.ctx.exports.idle();
    const file = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${battery.body.data.taskId}/download`);
    const rows = await sheetRows(await file.blob.arrayBuffer());
    expect(rows[0]?.slice(0, 3)).toEqual(["VIN", "电池型号", "电池类型"]);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[0]).toBe(filledVin);
    expect(rows[1]?.[8]).toBe("P-001,P-002");
    const logFile = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${log.body.data.taskId}/download`);
    const logRows = await sheetRows(await logFile.blob.arrayBuffer());
    expect(logRows[0]).toEqual(["VIN", "修改时间", "修改人", "账号", "字段", "修改前", "修改后"]);
    expect(logRows.slice(1).some((r) => r[4] === "电机数量" && r[6] === 2)).toBe(true);
    expect(logRows.slice(1).every((r) => r[3] === "admin")).toBe(true);
    const tasks = await server.db.selectFrom("export_task").select(["kind", "status", "row_count"]).execute();
    expect(tasks.filter((t) => t.status !== "done")).toEqual([]);
  });

  it("exports every group in a sheet of its own, with the rows of the tenant and none of another", async () => {
    const mine = ["T0001", "T0001-01"];
    const theirs = ["T0002"];
    const ours = await ledger.call("exportNerAll", { token: admin, body: {} });
    const other = await ledger.call("exportNerAll", { token: tenant2, body: {} });
    await server.ctx.exports.idle();
    const tenant2Sdk = (await signIn(server.url, "tenant2admin", "Admin@123456")).sdk;
    for (const [task, codes, notCodes, sdk] of [
      [ours, mine, theirs, adminSdk],
      [other, theirs, mine, tenant2Sdk],
    ] as const) {
      const file = await download(sdk, `/comm-inc-center/v1/web/exportFile/${task.body.data.taskId}/download`);
      const sheets = await workbookSheets(await file.blob.arrayBuffer());
      expect([...sheets.keys()]).toEqual(["基础信息", ...GROUP_NAMES.map((g) => GROUP_SHEETS[g].title)]);
      const foreign = new Set(await vinsOf(notCodes, null));
      expect(foreign.size).toBeGreaterThan(0);
      // 基础信息: every vehicle of the tenant, with which groups are filled.
      const base = sheets.get("基础信息") ?? [];
      expect(base[0]?.slice(0, 3)).toEqual(["VIN", "车牌号", "车企"]);
      const baseVins = base.slice(1).map((r) => String(r[0]));
      expect(baseVins).toEqual(await vinsOf(codes, null));
      let rowCount = base.length - 1;
      for (const group of GROUP_NAMES) {
        const { title, headers } = GROUP_SHEETS[group];
        const rows = sheets.get(title) ?? [];
        // Each group sheet is that group's import template filled in, plus who changed it last.
        expect(rows[0], title).toEqual([...headers, "修改人", "修改时间"]);
        const vins = rows.slice(1).map((r) => String(r[0]));
        const stored = await vinsOf(codes, group);
        expect(vins, title).toEqual(stored);
        expect(stored.length, title).toBeGreaterThan(0);
        expect(
          vins.filter((v) => foreign.has(v)),
          title,
        ).toEqual([]);
        const filledColumn = base[0]?.indexOf(title) ?? -1;
        expect(filledColumn, title).toBeGreaterThan(0);
        for (const r of base.slice(1))
          expect(r[filledColumn], `${title} ${r[0]}`).toBe(stored.includes(String(r[0])) ? "已填写" : "未填写");
        rowCount += rows.length - 1;
      }
      expect(baseVins.filter((v) => foreign.has(v))).toEqual([]);
      const row = await server.db
        .selectFrom("export_task")
        .select(["status", "row_count"])
        .where("id", "=", task.body.data.taskId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: "done", row_count: rowCount });
    }
    // The same cells as the single read: battery info of the fully filed vehicle.
    const ourFile = await download(adminSdk, `/comm-inc-center/v1/web/exportFile/${ours.body.data.taskId}/download`);
    const battery = (await workbookSheets(await ourFile.blob.arrayBuffer())).get("动力电池信息") ?? [];
    const one = (await ledger.call("getNerSingleBatteryInfo", { token: admin, query: { vin: filledVin } })).body.data;
    expect(battery.find((r) => r[0] === filledVin)?.slice(1, 10)).toEqual([
      one.batteryModel,
      one.batteryType,
      one.manufacturer,
      one.ratedVoltage,
      one.ratedCapacity,
      one.ratedEnergy,
      one.packCount,
      one.packCodes.join(","),
      one.productionDate,
    ]);
  });

  describe("an import's write phase is one transaction", () => {
    /** The database fingerprint (row counts and checksums of every table, files of the store). */
    let tables: string[] = [];
    const snapshot = () => fingerprint(server.db as Kysely<unknown>, tables, server.ctx.objects.root);
    const CONSTRAINT = "tsp_test_refuse_at_write";
    /** Makes PostgreSQL itself refuse rows of one VIN in `table` from now on (existing rows are not checked). */
    const refuse = (table: "ner_record" | "ner_change_log", vin: string) =>
      sql`alter table ${sql.table(table)} add constraint ${sql.ref(CONSTRAINT)} check (vin <> ${sql.lit(vin)}) not valid`.execute(
        server.db,
      );
    const allow = (table: "ner_record" | "ner_change_log") =>
      sql`alter table ${sql.table(table)} drop constraint if exists ${sql.ref(CONSTRAINT)}`.execute(server.db);
    beforeAll(async () => {
      await server.ctx.exports.idle();
      // The import_task rows (and the store's imports/ folder, emptied as a task ends) record the upload itself, not its data.
      tables = (await tablesOf(server.db as Kysely<unknown>)).filter((t) => t !== "import_task");
    });
    afterAll(async () => {
      await allow("ner_record");
      await allow("ner_change_log");
    });

    it("saves no row of the file when the database refuses its last row after the others were written", async () => {
      // Three valid rows; the change log of the third is refused after every record of the file was written.
      const vins = tenantVins.filter((v) => v !== filledVin && v !== emptyVin).slice(0, 3) as [string, string, string];
      const bytes = await xlsxOf(GROUP_SHEETS.vehicleInfo.headers, [
        infoRow(vins[0], "京A0T001", "通勤"),
        infoRow(vins[1], "京A0T002", "通勤"),
        infoRow(vins[2], "京A0T003", "通勤"),
      ]);
      await refuse("ner_change_log", vins[2]);
      const before = await snapshot();
      const res = await importVehicleInfo(bytes);
      // The file was accepted as a task; the task failed saying why, and that nothing was saved.
      expect(res.status).toBe(200);
      expect(res.task).toMatchObject({
        status: "failed",
        report: null,
        failReason:
          "导入失败：保存时数据库拒绝了写入，本次导入的数据均未保存，请核对后重新导入：数据可能已被其他操作修改，本文件的所有行均未保存",
      });
      ledger.record("importNerVehicleInfo", res.status);
      expect(differences(before, await snapshot())).toEqual([]);
      // The same file once the database accepts it: every row was valid, all three are saved.
      await allow("ner_change_log");
      const again = await importVehicleInfo(bytes);
      expect(again.task?.report).toEqual({ all: 3, success: 3, failed: 0, rows: [] });
      const plates = await server.db
        .selectFrom("vehicle")
        .select("plate")
        .where("vin", "in", vins)
        .orderBy("plate")
        .execute();
      expect(plates.map((p) => p.plate)).toEqual(["京A0T001", "京A0T002", "京A0T003"]);
    });

    it("saves no vehicle model of the file when the database refuses its last one", async () => {
      const codes = ["CA5050XXYBEV1", "CA5050XXYBEV2", "CA5050XXYBEV3"];
      const template = (await sheetRows(
        await (await download(adminSdk, "/tsp-bss/import/template/download/nerVehicleModel")).blob.arrayBuffer(),
      )) as unknown[][];
      const bytes = await xlsxOf(
        template[0] as string[],
        codes.map((c) => modelRow(c, 3000)),
      );
      await sql`alter table ner_vehicle_model add constraint ${sql.ref(CONSTRAINT)} check (vehicle_model <> ${sql.lit(codes[2])}) not valid`.execute(
        server.db,
      );
      try {
        const before = await snapshot();
        const res = await postFile(
          server.url,
          "importNerVehicleModel",
          "/tsp-bss/nerVehicleExcel/import/vehicleModel",
          { name: "m.xlsx", bytes },
          admin,
        );
        ledger.record("importNerVehicleModel", res.status);
        expect(res.status).toBe(409);
        expect(res.body.msg).toBe("导入失败：保存时数据库拒绝了写入，本次导入的数据均未保存，请核对后重新导入");
        expect(differences(before, await snapshot())).toEqual([]);
      } finally {
        await sql`alter table ner_vehicle_model drop constraint if exists ${sql.ref(CONSTRAINT)}`.execute(server.db);
      }
    });

    it("saves no row of a file larger than one write batch when a row of the second batch is refused", async () => {
      // 501 new vehicles of the demo tenant: the records of the first 500 are one statement,
      // the refused VIN's record is in the next one — only a transaction undoes the first.
      const tenant = await server.db
        .selectFrom("tenant")
        .select("id")
        .where("code", "=", "T0001")
        .executeTakeFirstOrThrow();
      const vins = Array.from(
        { length: 501 },
        (_, i) => withVinCheckDigit(`LZZTXNAB0R${String(i).padStart(7, "0")}`) ?? "",
      );
      await server.db
        .insertInto("vehicle")
        .values(vins.map((vin) => ({ vin, tenant_id: tenant.id })))
        .execute();
      try {
        const bytes = await xlsxOf(
          GROUP_SHEETS.vehicleInfo.headers,
          vins.map((vin) => infoRow(vin, "", "通勤")),
        );
        await refuse("ner_record", vins.at(-1) ?? "");
        const before = await snapshot();
        const res = await importVehicleInfo(bytes);
        expect(res.task?.status).toBe("failed");
        expect(res.task?.failReason).toMatch(/^导入失败：保存时数据库拒绝了写入，本次导入的数据均未保存/);
        expect(differences(before, await snapshot())).toEqual([]);
      } finally {
        await allow("ner_record");
        await server.db.deleteFrom("ner_change_log").where("vin", "in", vins).execute();
        await server.db.deleteFrom("ner_record").where("vin", "in", vins).execute();
        await server.db.deleteFrom("vehicle").where("vin", "in", vins).execute();
      }
    });
  });

  it("called every master-data operation with good and bad input", () => {
    ledger.expectCovered(NER_OPS);
  });
});
