import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { call, signIn } from "./support/contract";

/**
 * The master-data search panel's update person and operating unit (issue 14, NerQuery
 * `updateBy` / `creditName`): each narrows the group lists, the base-info view and the
 * exports' filter to exactly the vehicles it names.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;

type Row = { vin: string; updateBy: string | null; creditName?: string | null };
const page = async (operationId: string, body: Record<string, unknown>) => {
  const res = await call(server.url, operationId, { token: admin, body: { pageNum: 1, pageSize: 100, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { list: Row[]; total: number };
};

describe.skipIf(engine.skip)(`master-data search filters (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer();
    admin = (await signIn(server.url, "admin", "Admin@123456")).token;
  }, 120_000);
  afterAll(() => server?.stop());

  it("updateBy keeps the records that account saved last, in the group and in the base-info view", async () => {
    const people = (await call(server.url, "getParamUpdateName", { token: admin })).body.data as { value: string }[];
    expect(people.length).toBeGreaterThan(0);
    const all = await page("queryNerBatteryInfo", {});
    const who = all.list[0]?.updateBy;
    expect(who).toBeTruthy();
    const mine = await page("queryNerBatteryInfo", { updateBy: who });
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.total).toBeLessThanOrEqual(all.total);
    for (const r of mine.list) expect(r.updateBy).toBe(who);
    // Someone else's battery records are left out.
    const others = all.list.filter((r) => r.updateBy !== who).map((r) => r.vin);
    for (const vin of others) expect(mine.list.map((r) => r.vin)).not.toContain(vin);
    // The base-info view: vehicles with any group saved by that account.
    const base = await page("queryNerBaseInfo", { updateBy: who });
    expect(base.total).toBeGreaterThanOrEqual(mine.total);
    const nobody = await page("queryNerBaseInfo", { updateBy: "no-such-account" });
    expect(nobody).toEqual({ list: [], total: 0 });
  });

  it("creditName keeps the vehicles filed under that operating unit", async () => {
    const units = (await call(server.url, "getCreditNameList", { token: admin })).body.data.list as {
      creditName: string;
      creditCode: string;
    }[];
    const unit = units[0];
    if (!unit) throw new Error("the seed has no operating unit");
    const info = await page("queryNerVehicleInfo", {});
    const target = info.list[0];
    if (!target) throw new Error("no vehicle info");
    const single = await call(server.url, "getNerSingleVehicleInfo", { token: admin, query: { vin: target.vin } });
    const {
      updateBy: _b,
      updateName: _n,
      updateTime: _t,
      vehicleModelId: _i,
      vehicleModel: _m,
      ...edit
    } = single.body.data as Record<string, unknown>;
    const saved = await call(server.url, "updateNerVehicleInfo", {
      token: admin,
      body: { ...edit, creditName: unit.creditName, creditCode: unit.creditCode },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const filed = await page("queryNerVehicleInfo", { creditName: unit.creditName });
    expect(filed.list.map((r) => r.vin)).toContain(target.vin);
    for (const r of filed.list) expect(r.creditName).toBe(unit.creditName);
    const base = await page("queryNerBaseInfo", { creditName: unit.creditName });
    expect(base.list.map((r) => r.vin)).toContain(target.vin);
    expect(base.total).toBe(filed.total);
  });

  it("refuses an empty or over-long filter value with 400 naming the field", async () => {
    for (const body of [{ updateBy: "" }, { creditName: "x".repeat(101) }]) {
      const res = await call(server.url, "queryNerBaseInfo", {
        token: admin,
        body: { pageNum: 1, pageSize: 10, ...body },
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.data?.failDetail ?? res.body)).toContain(Object.keys(body)[0]);
    }
  });
});
