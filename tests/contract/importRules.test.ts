import * as XLSX from "@e965/xlsx";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { differences, fingerprint, tablesOf } from "../robustness/support/fingerprint";
import { adminToken, startSmallServer } from "../robustness/support/fuzzServer";
import { importAndWait, postFile, xlsOf, xlsxOf } from "./business-sheets";
import { GROUP_SHEETS } from "./support/nerSheets";

/**
 * The import rules of the new-energy groups that a row can break only together with another
 * row or another cell (business-areas.md §7, tsp-bss/ner): a T-BOX serial or an ICCID twice in
 * one terminal file, more motor codes than motors, a credit code without the operator's name.
 * Each rule is checked on a real .xlsx through the import call: the breaking row is reported
 * with the spec's reason and changes nothing, the row just inside the rule is saved.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;
let vins: string[];
let freeSims: { iccid: string; msisdn: string | null }[];

const TERMINAL = GROUP_SHEETS.terminalInfo.headers;
const DRIVE = GROUP_SHEETS.driveInfo.headers;
const VEHICLE = GROUP_SHEETS.vehicleInfo.headers;
/** A published GB 32100 code (valid check character), so only the missing name can be wrong. */
const CREDIT_CODE = "91440300192317458F";

const terminalRow = (vin: string, sn: string, sim: { iccid: string; msisdn: string | null }) => [
  vin,
  "HW-TBOX-M5",
  sn,
  "华为",
  sim.iccid,
  sim.msisdn ?? "",
  "",
  "V1",
  "H1",
  "GB/T 32960-2016",
];
const driveRow = (vin: string, motorCount: number, codes: string) => [
  vin,
  "TZ200XSQ",
  "前置",
  motorCount,
  "弗迪动力",
  80,
  150,
  310,
  14000,
  codes,
];
const vehicleRow = (vin: string, creditName: string, creditCode: string) => [
  vin,
  "沪A9C001",
  "蓝色",
  "出租客运",
  "个人购买",
  "2024-05-01",
  creditName,
  creditCode,
  "黑色",
  "2024-05-02",
  "导入规则",
];

interface ImportAnswer {
  status: number;
  body: {
    msg: string;
    data: {
      all: number;
      success: number;
      failed: number;
      rows: { row: number; vin: string; reason: string; data?: Record<string, unknown> }[];
    };
  };
}
async function importFile(
  group: string,
  headers: readonly string[],
  rows: unknown[][],
  as: "xlsx" | "xls" = "xlsx",
): Promise<ImportAnswer> {
  const Cap = `${group.charAt(0).toUpperCase()}${group.slice(1)}`;
  const bytes = as === "xlsx" ? await xlsxOf(headers, rows) : xlsOf(headers, rows);
  // The group imports run as tasks (issue 21): the answer read here is the ended task's report.
  const res = await importAndWait(
    server.url,
    `importNer${Cap}`,
    `/tsp-bss/nerVehicleExcel/import/${group}`,
    { name: `${group}.${as}`, bytes },
    admin,
  );
  return {
    status: res.status,
    body: { ...res.body, data: res.task?.report ?? res.body.data },
  } as unknown as ImportAnswer;
}

/**
 * The tables an import's data lands in: every table but import_task, whose rows record the
 * uploads themselves (issue 21: imports as tasks), as the store's imports/ folder keeps their reports.
 */
const dataTables = async () => (await tablesOf(server.db as Kysely<unknown>)).filter((t) => t !== "import_task");
const withoutTaskRecords = (diffs: string[]) => diffs.filter((d) => !d.includes("imports/"));

const recordOf = async (vin: string, grp: "terminalInfo" | "driveInfo" | "vehicleInfo") =>
  (
    await server.db
      .selectFrom("ner_record")
      .select("data")
      .where("vin", "=", vin)
      .where("grp", "=", grp)
      .executeTakeFirst()
  )?.data ?? null;

describe.skipIf(engine.skip)(`import rules across rows and cells (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startSmallServer();
    admin = await adminToken(server.url);
    const tenant = await server.db
      .selectFrom("tenant")
      .select("id")
      .where("code", "=", "T0001")
      .executeTakeFirstOrThrow();
    vins = (
      await server.db.selectFrom("vehicle").select("vin").where("tenant_id", "=", tenant.id).orderBy("vin").execute()
    ).map((v) => v.vin);
    freeSims = await server.db
      .selectFrom("bss_sim_card")
      .select(["iccid", "msisdn"])
      .where("tenant_id", "=", tenant.id)
      .where("vin", "is", null)
      .orderBy("iccid")
      .execute();
    expect(vins.length).toBeGreaterThanOrEqual(3);
    expect(freeSims.length).toBeGreaterThanOrEqual(3);
  }, 180_000);
  afterAll(() => server?.stop());

  it("文件中终端序列号重复: the second row with a T-BOX serial already in the file is refused and saves nothing", async () => {
    const [a, b] = vins as [string, string];
    const [s0, s1] = freeSims as [(typeof freeSims)[0], (typeof freeSims)[0]];
    const before = await recordOf(b, "terminalInfo");
    const res = await importFile("terminalInfo", TERMINAL, [
      terminalRow(a, "RULE-SN-1", s0),
      terminalRow(b, "RULE-SN-1", s1),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ all: 2, success: 1, failed: 1 });
    expect(res.body.data.rows).toMatchObject([{ row: 3, vin: b, reason: "文件中终端序列号重复" }]);
    expect(await recordOf(b, "terminalInfo")).toEqual(before);
    expect(await recordOf(a, "terminalInfo")).toMatchObject({ tboxSn: "RULE-SN-1", iccid: s0.iccid });
    // The refused row's card stayed free.
    const card = await server.db
      .selectFrom("bss_sim_card")
      .select("vin")
      .where("iccid", "=", s1.iccid)
      .executeTakeFirstOrThrow();
    expect(card.vin).toBeNull();
  });

  it("文件中ICCID重复: the second row with an ICCID already in the file is refused and saves nothing", async () => {
    const [, , c] = vins as [string, string, string];
    const a = vins[0] as string;
    const s2 = freeSims[2] as (typeof freeSims)[0];
    const before = { a: await recordOf(a, "terminalInfo"), c: await recordOf(c, "terminalInfo") };
    // Row 2 re-imports vehicle a with card s2 (accepted), row 3 gives vehicle c the same card.
    const res = await importFile("terminalInfo", TERMINAL, [
      terminalRow(a, "RULE-SN-2", s2),
      terminalRow(c, "RULE-SN-3", s2),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ all: 2, success: 1, failed: 1 });
    expect(res.body.data.rows).toMatchObject([{ row: 3, vin: c, reason: "文件中ICCID重复" }]);
    expect(await recordOf(c, "terminalInfo")).toEqual(before.c);
    expect(await recordOf(a, "terminalInfo")).not.toEqual(before.a);
  });

  it("电机编码数量不能超过电机数量: more motor codes than motors is refused; as many codes as motors is saved", async () => {
    const [a, b] = vins as [string, string];
    const before = await recordOf(b, "driveInfo");
    const res = await importFile("driveInfo", DRIVE, [driveRow(a, 2, "M1，M2"), driveRow(b, 1, "M1，M2")]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ all: 2, success: 1, failed: 1 });
    expect(res.body.data.rows).toMatchObject([{ row: 3, vin: b, reason: "电机编码数量不能超过电机数量" }]);
    expect(await recordOf(b, "driveInfo")).toEqual(before);
    expect(await recordOf(a, "driveInfo")).toMatchObject({ motorCount: 2, motorCodes: ["M1", "M2"] });
  });

  it("填写统一社会信用代码时须填写运营单位: a credit code without the operator's name is refused; with it, saved", async () => {
    const [a, b] = vins as [string, string];
    const tables = await dataTables();
    const refusedOnly = await fingerprint(server.db as Kysely<unknown>, tables, server.ctx.objects.root);
    const refused = await importFile("vehicleInfo", VEHICLE, [vehicleRow(b, "", CREDIT_CODE)]);
    expect(refused.status).toBe(200);
    expect(refused.body.data).toMatchObject({ all: 1, success: 0, failed: 1 });
    expect(refused.body.data.rows).toMatchObject([{ row: 2, vin: b, reason: "填写统一社会信用代码时须填写运营单位" }]);
    expect(
      withoutTaskRecords(
        differences(refusedOnly, await fingerprint(server.db as Kysely<unknown>, tables, server.ctx.objects.root)),
      ),
    ).toEqual([]);
    const saved = await importFile("vehicleInfo", VEHICLE, [vehicleRow(a, "深圳示例运营有限公司", CREDIT_CODE)]);
    expect(saved.body.data).toMatchObject({ all: 1, success: 1, failed: 0 });
    expect(await recordOf(a, "vehicleInfo")).toMatchObject({
      creditName: "深圳示例运营有限公司",
      creditCode: CREDIT_CODE,
    });
  });
  it("reads a legacy .xls (Excel 97-2003): good rows saved, each bad row with its Excel row number, every reason and its cells", async () => {
    const [, b, c] = vins as [string, string, string];
    // A wrong check digit (position 9) — the VIN keeps its shape, so only the digit is wrong.
    const badVin = `${b.slice(0, 8)}${b.charAt(8) === "X" ? "0" : "X"}${b.slice(9)}`;
    const bought = new Date(Date.UTC(2024, 4, 1));
    const good = [c, "沪A9X001", "蓝色", "出租客运", "个人购买", bought, "", "", "黑色", "", "xls导入"];
    const bad = [badVin, "沪A9X002", "蓝色", "", "个人购买", "", "", "", "黑色", "", "两个原因"];
    const tables = await dataTables();
    const before = await recordOf(b, "vehicleInfo");
    const res = await importFile("vehicleInfo", VEHICLE, [good, [], bad], "xls");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ all: 2, success: 1, failed: 1 });
    // Row 3 is blank: the bad row is Excel's row 4, as the operator sees it and the failed-rows sheet reads it.
    expect(res.body.data.rows).toEqual([
      {
        row: 4,
        vin: badVin,
        reason: "VIN校验位不正确；车辆用途：必填",
        data: Object.fromEntries(VEHICLE.map((h, i) => [h, bad[i] === "" ? null : (bad[i] as string)])),
      },
    ]);
    expect(await recordOf(c, "vehicleInfo")).toMatchObject({ plateNo: "沪A9X001", buyDate: "2024-05-01" });
    expect(await recordOf(b, "vehicleInfo")).toEqual(before);
    // A broken, an encrypted and a foreign OLE2 file: 400 with the format message, nothing changed.
    const snapshot = await fingerprint(server.db as Kysely<unknown>, tables, server.ctx.objects.root);
    const xls = xlsOf(VEHICLE, [good]);
    const encrypted = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(encrypted, "/EncryptionInfo", Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]));
    XLSX.CFB.utils.cfb_add(encrypted, "/EncryptedPackage", Buffer.alloc(64, 7));
    for (const [bytes, reason] of [
      [xls.subarray(0, 1024), "无法读取Excel文件内容"],
      [XLSX.CFB.write(encrypted, { type: "buffer" }) as Buffer, "文件已加密，请取消密码保护后重新上传"],
    ] as const) {
      const refused = await postFile(
        server.url,
        "importNerVehicleInfo",
        "/tsp-bss/nerVehicleExcel/import/vehicleInfo",
        { name: "车辆信息.xls", bytes },
        admin,
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        msg: "选择的文件格式不正确，请重新上传",
        data: { failDetail: [{ msg: reason }] },
      });
    }
    expect(
      differences(snapshot, await fingerprint(server.db as Kysely<unknown>, tables, server.ctx.objects.root)),
    ).toEqual([]);
  });

  it("reads the vehicle model import from an .xls; the SIM card import (.xlsx by its contract) refuses one and changes nothing", async () => {
    const headers = ["公告型号", "车辆名称", "车辆类型", "品牌", "生产企业", "整备质量(kg)", "最高车速(km/h)"];
    const model = ["XLS7001BEV", "纯电动轿车", "乘用车", "比亚迪", "比亚迪汽车工业有限公司", 1650, 150];
    const res = await postFile(
      server.url,
      "importNerVehicleModel",
      "/tsp-bss/nerVehicleExcel/import/vehicleModel",
      { name: "车型.xls", bytes: xlsOf(headers, [model]) },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ all: 1, success: 1, failed: 0 });
    const saved = await server.db
      .selectFrom("ner_vehicle_model")
      .select(["curb_weight", "max_speed"])
      .where("vehicle_model", "=", "XLS7001BEV")
      .execute();
    expect(saved).toEqual([{ curb_weight: 1650, max_speed: 150 }]);
    const cards = await server.db
      .selectFrom("bss_sim_card")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .execute();
    const sim = await postFile(
      server.url,
      "importSimCards",
      "/tsp-bss/simCard/import",
      { name: "SIM卡.xls", bytes: xlsOf(["ICCID"], [["89860012345678901234"]]) },
      admin,
    );
    expect(sim.status).toBe(400);
    expect(sim.body.msg).toBe("暂不支持Excel 97-2003（.xls）格式，请另存为.xlsx后重新上传");
    expect(
      await server.db
        .selectFrom("bss_sim_card")
        .select(({ fn }) => fn.countAll<number>().as("n"))
        .execute(),
    ).toEqual(cards);
  });
});
