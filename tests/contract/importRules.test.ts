import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { differences, fingerprint, tablesOf } from "../robustness/support/fingerprint";
import { adminToken, startSmallServer } from "../robustness/support/fuzzServer";
import { postFile, xlsxOf } from "./business-sheets";
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
  body: { msg: string; data: { all: number; success: number; failed: number; rows: unknown[] } };
}
async function importFile(group: string, headers: readonly string[], rows: unknown[][]): Promise<ImportAnswer> {
  const Cap = `${group.charAt(0).toUpperCase()}${group.slice(1)}`;
  const res = await postFile(
    server.url,
    `importNer${Cap}`,
    `/tsp-bss/nerVehicleExcel/import/${group}`,
    { name: `${group}.xlsx`, bytes: await xlsxOf(headers, rows) },
    admin,
  );
  return res as unknown as ImportAnswer;
}

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
    expect(res.body.data.rows).toEqual([{ row: 3, vin: b, reason: "文件中终端序列号重复" }]);
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
    expect(res.body.data.rows).toEqual([{ row: 3, vin: c, reason: "文件中ICCID重复" }]);
    expect(await recordOf(c, "terminalInfo")).toEqual(before.c);
    expect(await recordOf(a, "terminalInfo")).not.toEqual(before.a);
  });

  it("电机编码数量不能超过电机数量: more motor codes than motors is refused; as many codes as motors is saved", async () => {
    const [a, b] = vins as [string, string];
    const before = await recordOf(b, "driveInfo");
    const res = await importFile("driveInfo", DRIVE, [driveRow(a, 2, "M1，M2"), driveRow(b, 1, "M1，M2")]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ all: 2, success: 1, failed: 1 });
    expect(res.body.data.rows).toEqual([{ row: 3, vin: b, reason: "电机编码数量不能超过电机数量" }]);
    expect(await recordOf(b, "driveInfo")).toEqual(before);
    expect(await recordOf(a, "driveInfo")).toMatchObject({ motorCount: 2, motorCodes: ["M1", "M2"] });
  });

  it("填写统一社会信用代码时须填写运营单位: a credit code without the operator's name is refused; with it, saved", async () => {
    const [a, b] = vins as [string, string];
    const tables = await tablesOf(server.db as Kysely<unknown>);
    const refusedOnly = await fingerprint(server.db as Kysely<unknown>, tables, server.ctx.objects.root);
    const refused = await importFile("vehicleInfo", VEHICLE, [vehicleRow(b, "", CREDIT_CODE)]);
    expect(refused.status).toBe(200);
    expect(refused.body.data).toMatchObject({ all: 1, success: 0, failed: 1 });
    expect(refused.body.data.rows).toEqual([{ row: 2, vin: b, reason: "填写统一社会信用代码时须填写运营单位" }]);
    expect(
      differences(refusedOnly, await fingerprint(server.db as Kysely<unknown>, tables, server.ctx.objects.root)),
    ).toEqual([]);
    const saved = await importFile("vehicleInfo", VEHICLE, [vehicleRow(a, "深圳示例运营有限公司", CREDIT_CODE)]);
    expect(saved.body.data).toMatchObject({ all: 1, success: 1, failed: 0 });
    expect(await recordOf(a, "vehicleInfo")).toMatchObject({
      creditName: "深圳示例运营有限公司",
      creditCode: CREDIT_CODE,
    });
  });
});
