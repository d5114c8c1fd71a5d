import {
  MSG_NER_CREDIT_CHECK,
  MSG_NER_CREDIT_NAME_REQUIRED,
  MSG_NER_MOTOR_CODES,
  MSG_NER_PACK_CODES,
  MSG_NER_PEAK_POWER,
  msgNerStale,
  NER_GROUPS,
  type NerGroup,
} from "@tsp/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { postFile, sheetRows, xlsxOf } from "./business-sheets";
import { call, signIn } from "./support/contract";
import { modelRow } from "./support/nerSheets";

/**
 * The master-data edits beyond the schema (issue 14): @tsp/domain's rules answered by the
 * server with the field of each reason; optimistic concurrency on `updateTime` (409 naming the
 * group, nothing changed, two saves of one version cannot both pass); and who may overwrite
 * a vehicle model of the shared catalogue, with two tenants. The operations are owned by
 * business-ner.test.ts (support/owners.ts); every call here is still validated against openapi/.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;
let tenant2: string;
/** A demo-tenant (T0001) vehicle with all four groups, and one whose battery group is empty. */
let filledVin: string;
let emptyVin: string;

const Cap = (g: NerGroup) => `${g.charAt(0).toUpperCase()}${g.slice(1)}`;
const updateOp = (g: NerGroup) => (g === "driveInfo" ? "updateNerDriveInfo" : `updateNer${Cap(g)}`);
const singleOp = (g: NerGroup) => `getNerSingle${Cap(g)}`;

/** The editable fields of a group record as the single read answers it (no version: each test says which it sends). */
function editOf(record: Record<string, unknown>): Record<string, unknown> {
  const {
    updateBy: _by,
    updateName: _name,
    updateTime: _t,
    vehicleModelId: _id,
    vehicleModel: _model,
    ...edit
  } = record;
  return edit;
}

async function read(group: NerGroup, vin: string) {
  const res = await call(server.url, singleOp(group), { token: admin, query: { vin } });
  expect(res.status, `${group} ${vin}`).toBe(200);
  return res.body.data as (Record<string, unknown> & { updateTime: number }) | null;
}

const save = (group: NerGroup, body: Record<string, unknown>, token = admin) =>
  call(server.url, updateOp(group), { token, body });

async function logCount(vin: string) {
  const row = await server.db
    .selectFrom("ner_change_log")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("vin", "=", vin)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const battery = (vin: string, over: Record<string, unknown> = {}) => ({
  vin,
  batteryModel: "CATL-LFP-350",
  batteryType: "磷酸铁锂",
  manufacturer: "宁德时代新能源科技股份有限公司",
  ratedVoltage: 537.6,
  ratedCapacity: 202,
  ratedEnergy: 108.6,
  packCount: 2,
  packCodes: ["P-001", "P-002"],
  productionDate: "2024-01-05",
  ...over,
});

/** A model as the shared parameter list answers it to a tenant. */
const modelOf = async (token: string, code: string) =>
  (
    (await call(server.url, "getParamVehicleModelParam", { token })).body.data as {
      vehicleModel: string;
      curbWeight: number;
    }[]
  ).find((m) => m.vehicleModel === code);
/** The code of the tenant that created a model (null: the platform's catalogue). */
const ownerOf = async (code: string) =>
  (
    await server.db
      .selectFrom("ner_vehicle_model as m")
      .leftJoin("tenant as t", "t.id", "m.owner_tenant_id")
      .select("t.code")
      .where("m.vehicle_model", "=", code)
      .executeTakeFirstOrThrow()
  ).code;

describe.skipIf(engine.skip)(
  `NER edits: domain rules, optimistic concurrency, model ownership (${engine.kind})`,
  () => {
    beforeAll(async () => {
      server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 8, journalPerVehicle: 1 } } });
      admin = (await signIn(server.url, "admin", "Admin@123456")).token;
      tenant2 = (await signIn(server.url, "tenant2admin", "Admin@123456")).token;
      const filled = await server.db
        .selectFrom("ner_record as r")
        .innerJoin("vehicle as v", "v.vin", "r.vin")
        .innerJoin("tenant as t", "t.id", "v.tenant_id")
        .select(["r.vin", (eb) => eb.fn.countAll<string>().as("n")])
        .where("t.code", "=", "T0001")
        .groupBy("r.vin")
        .orderBy("r.vin")
        .execute();
      const full = filled.filter((r) => Number(r.n) === 4).map((r) => r.vin);
      expect(full.length).toBeGreaterThanOrEqual(2);
      filledVin = full[0] as string;
      emptyVin = full[1] as string;
      // The one setup step not done through the API: a vehicle whose battery group is empty.
      await server.db.deleteFrom("ner_record").where("vin", "=", emptyVin).where("grp", "=", "batteryInfo").execute();
    }, 120_000);
    afterAll(() => server?.stop());

    describe("the domain's rules, on the field they are about", () => {
      it.each([
        [
          "vehicleInfo",
          { creditName: "示例单位", creditCode: "91440300192317459F" },
          "creditCode",
          MSG_NER_CREDIT_CHECK,
        ],
        [
          "vehicleInfo",
          { creditName: null, creditCode: "91440300192317458F" },
          "creditName",
          MSG_NER_CREDIT_NAME_REQUIRED,
        ],
        ["batteryInfo", { packCount: 3, packCodes: ["A", "B"] }, "packCodes", MSG_NER_PACK_CODES],
        ["driveInfo", { ratedPower: 100, peakPower: 99.5 }, "peakPower", MSG_NER_PEAK_POWER],
        ["driveInfo", { motorCount: 1, motorCodes: ["M1", "M2"] }, "motorCodes", MSG_NER_MOTOR_CODES],
      ] as const)("%s %j: 400 %s, nothing changed", async (group, over, field, msg) => {
        const before = await read(group, filledVin);
        const logs = await logCount(filledVin);
        const res = await save(group, { ...editOf(before ?? {}), ...over });
        expect(res.status).toBe(400);
        expect(res.body.msg).toBe(msg);
        expect(res.body.data.failDetail).toEqual([{ field, msg }]);
        expect(await read(group, filledVin)).toEqual(before);
        expect(await logCount(filledVin)).toBe(logs);
      });

      it("passes a credit code with its check character and an operating unit", async () => {
        const before = await read("vehicleInfo", filledVin);
        const res = await save("vehicleInfo", {
          ...editOf(before ?? {}),
          creditName: "深圳示例出行服务有限公司",
          creditCode: "91440300192317458F",
        });
        expect(res.status).toBe(200);
        expect(res.body.data.creditCode).toBe("91440300192317458F");
      });
    });

    describe("optimistic concurrency on updateTime", () => {
      it.each(NER_GROUPS)("%s: a stale version answers 409 naming the group and changes nothing", async (group) => {
        const before = await read(group, filledVin);
        expect(before).not.toBeNull();
        const logs = await logCount(filledVin);
        const res = await save(group, { ...editOf(before ?? {}), updateTime: (before?.updateTime ?? 0) - 1 });
        expect(res.status).toBe(409);
        expect(res.body.msg).toBe(msgNerStale(group));
        expect(await read(group, filledVin)).toEqual(before);
        expect(await logCount(filledVin)).toBe(logs);
      });

      it("the version read saves and moves on; the same version again is refused; none = last write wins", async () => {
        const first = await read("driveInfo", filledVin);
        const edit = editOf(first ?? {});
        const saved = await save("driveInfo", { ...edit, maxSpeed: 15000, updateTime: first?.updateTime });
        expect(saved.status).toBe(200);
        expect(saved.body.data.maxSpeed).toBe(15000);
        expect(saved.body.data.updateTime).toBeGreaterThan(first?.updateTime ?? 0);
        // A second editor who read the same version (the first save is in between).
        const logs = await logCount(filledVin);
        const stale = await save("driveInfo", { ...edit, maxSpeed: 14000, updateTime: first?.updateTime });
        expect(stale.status).toBe(409);
        expect((await read("driveInfo", filledVin))?.maxSpeed).toBe(15000);
        expect(await logCount(filledVin)).toBe(logs);
        // With the version of the first save it passes; without any version too (imports, scripts).
        expect(
          (await save("driveInfo", { ...edit, maxSpeed: 14000, updateTime: saved.body.data.updateTime })).status,
        ).toBe(200);
        expect((await save("driveInfo", { ...edit, maxSpeed: 13000 })).status).toBe(200);
        expect((await read("driveInfo", filledVin))?.maxSpeed).toBe(13000);
      });

      it("saves of one version at once: exactly one wins, the others are 409 and leave the winner's values", async () => {
        // Several rounds of four editors who read the same version: without the lock both the
        // check and the write of two of them interleave and more than one would pass.
        for (let round = 0; round < 5; round++) {
          const current = await read("batteryInfo", filledVin);
          const edit = editOf(current ?? {});
          const models = ["A", "B", "C", "D"].map((x) => `RACE-${round}-${x}`);
          const answers = await Promise.all(
            models.map((batteryModel) =>
              save("batteryInfo", { ...edit, batteryModel, updateTime: current?.updateTime }),
            ),
          );
          expect(answers.map((a) => a.status).toSorted(), `round ${round}`).toEqual([200, 409, 409, 409]);
          const winner = models[answers.findIndex((a) => a.status === 200)];
          expect((await read("batteryInfo", filledVin))?.batteryModel).toBe(winner);
        }
      });

      it("an empty group: null saves the first record, null again is refused, a version for an empty group too", async () => {
        expect(await read("batteryInfo", emptyVin)).toBeNull();
        const wrong = await save("batteryInfo", battery(emptyVin, { updateTime: 1741912205000 }));
        expect(wrong.status).toBe(409);
        expect(await read("batteryInfo", emptyVin)).toBeNull();
        const first = await save("batteryInfo", battery(emptyVin, { updateTime: null }));
        expect(first.status).toBe(200);
        const again = await save("batteryInfo", battery(emptyVin, { batteryModel: "LATE", updateTime: null }));
        expect(again.status).toBe(409);
        expect(again.body.msg).toBe("该车辆的动力电池信息已被他人修改，请刷新后重新编辑");
        expect((await read("batteryInfo", emptyVin))?.batteryModel).toBe("CATL-LFP-350");
      });

      it("a change of the vehicle's model moves the vehicle info's version (an open form is then stale)", async () => {
        const before = await read("vehicleInfo", filledVin);
        const models = (await call(server.url, "getParamVehicleModelParam", { token: admin })).body.data as {
          vehicleModelId: number;
        }[];
        const other = models.find((m) => m.vehicleModelId !== before?.vehicleModelId);
        const changed = await call(server.url, "updateNerVehicleModel", {
          token: admin,
          query: { vin: filledVin, vehicleModelId: other?.vehicleModelId },
        });
        expect(changed.status).toBe(200);
        expect(changed.body.data.updateTime).toBeGreaterThan(before?.updateTime ?? 0);
        const stale = await save("vehicleInfo", { ...editOf(before ?? {}), updateTime: before?.updateTime });
        expect(stale.status).toBe(409);
      });

      it("refuses a version that is not a timestamp (400), before anything else", async () => {
        const before = await read("terminalInfo", filledVin);
        for (const updateTime of ["1741912205000", -1, 1.5]) {
          const res = await save("terminalInfo", { ...editOf(before ?? {}), updateTime });
          expect(res.status, JSON.stringify(updateTime)).toBe(400);
          expect(res.body.data.failDetail[0].field).toBe("updateTime");
        }
        expect(await read("terminalInfo", filledVin)).toEqual(before);
      });
    });

    describe("the vehicle model catalogue: shared reads, overwritten only by its creator or the platform", () => {
      const path = "/tsp-bss/nerVehicleExcel/import/vehicleModel";
      let headers: string[];
      const importModels = async (token: string, rows: unknown[][], allowCover: boolean) =>
        postFile(
          server.url,
          "importNerVehicleModel",
          path,
          { name: "models.xlsx", bytes: await xlsxOf(headers, rows) },
          token,
          allowCover ? { allowCover: "true" } : {},
        );
      beforeAll(async () => {
        const template = await call(server.url, "downloadNerVehicleModelTemplate", { token: admin });
        headers = (await sheetRows(Buffer.from(template.bytes)))[0] as string[];
      });

      it("tenant B cannot overwrite tenant A's model (A's model unchanged); A may; both read it", async () => {
        const created = await importModels(admin, [modelRow("OWNA5040XXY", 3200)], false);
        expect(created.body.data).toMatchObject({ all: 1, success: 1, failed: 0 });
        expect(await ownerOf("OWNA5040XXY")).toBe("T0001");
        // Reads are shared: the other tenant lists the model.
        expect((await modelOf(tenant2, "OWNA5040XXY"))?.curbWeight).toBe(3200);

        const refused = await importModels(
          tenant2,
          [modelRow("OWNA5040XXY", 9999), modelRow("OWNB5040XXY", 2500)],
          true,
        );
        expect(refused.status).toBe(200);
        expect(refused.body.data).toMatchObject({ all: 2, success: 1, failed: 1 });
        expect(refused.body.data.rows).toMatchObject([
          { row: 2, vin: "", key: "OWNA5040XXY", reason: "车型已存在，由其他单位创建，不能覆盖" },
        ]);
        // The refused row comes back with its cells, so the failed-rows sheet can be rebuilt.
        expect(refused.body.data.rows[0].data).toMatchObject({ 公告型号: "OWNA5040XXY", "整备质量(kg)": 9999 });
        expect((await modelOf(admin, "OWNA5040XXY"))?.curbWeight).toBe(3200);
        expect(await ownerOf("OWNA5040XXY")).toBe("T0001");
        expect(await ownerOf("OWNB5040XXY")).toBe("T0002");

        const own = await importModels(admin, [modelRow("OWNA5040XXY", 3300)], true);
        expect(own.body.data).toMatchObject({ success: 1, failed: 0 });
        expect((await modelOf(tenant2, "OWNA5040XXY"))?.curbWeight).toBe(3300);
        expect(await ownerOf("OWNA5040XXY")).toBe("T0001");
      });

      it("a tenant outside the platform overwrites its own models, not the seeded catalogue; without allowCover nobody does", async () => {
        const mine = await importModels(tenant2, [modelRow("OWNB5040XXY", 2600)], true);
        expect(mine.body.data).toMatchObject({ success: 1, failed: 0 });
        expect((await modelOf(admin, "OWNB5040XXY"))?.curbWeight).toBe(2600);

        const seeded = await server.db
          .selectFrom("ner_vehicle_model")
          .select(["vehicle_model", "curb_weight"])
          .where("owner_tenant_id", "is", null)
          .orderBy("id")
          .executeTakeFirstOrThrow();
        const refused = await importModels(tenant2, [modelRow(seeded.vehicle_model, 1)], true);
        expect(refused.body.data.rows).toMatchObject([
          { row: 2, vin: "", key: seeded.vehicle_model, reason: "车型已存在，由其他单位创建，不能覆盖" },
        ]);
        expect((await modelOf(admin, seeded.vehicle_model))?.curbWeight).toBe(seeded.curb_weight);

        const exists = await importModels(tenant2, [modelRow("OWNB5040XXY", 2700)], false);
        expect(exists.body.data.rows).toMatchObject([{ row: 2, vin: "", key: "OWNB5040XXY", reason: "车型已存在" }]);
        expect((await modelOf(tenant2, "OWNB5040XXY"))?.curbWeight).toBe(2600);
      });

      it("the platform tenant overwrites any model (the seeded catalogue and another tenant's), keeping its creator", async () => {
        const res = await importModels(admin, [modelRow("OWNB5040XXY", 2800)], true);
        expect(res.body.data).toMatchObject({ success: 1, failed: 0 });
        expect((await modelOf(tenant2, "OWNB5040XXY"))?.curbWeight).toBe(2800);
        expect(await ownerOf("OWNB5040XXY")).toBe("T0002");
      });
    });
  },
);
