import { type FleetFilter, MSG_FLEET_FILTER_NAME_TAKEN, MSG_FLEET_ONLINE_OFFLINE } from "@tsp/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticateToken } from "../../apps/server/src/platform/auth";
import { fleetQuery, selectFleet, toFleetRow } from "../../apps/server/src/services/tsp-bss/operate/filtersQuery";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { signIn } from "./support/contract";
import { OPERATE_OVERVIEW_OPS } from "./support/owners";

/**
 * Contract of 运营总览, 高级筛选 and 我的关注 (issue 18): the fleet's figures, the filter over
 * master data and latest state (SOC below x, offline longer than N hours) with followed vehicles
 * first, saved filters per account, the result put in a group, export, follow / unfollow —
 * tenant and account isolation throughout.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;
let operator: string;
let tenant2: string;
let mine: string[];
let foreign: string;
const ledger = new CallLedger(() => server.url);
const HOUR = 3_600_000;

interface FleetRow {
  vin: string;
  online: boolean;
  soc: number | null;
  followed: boolean;
  lastReportAt: number | null;
}

async function screen(token: string, query: Record<string, unknown> = {}) {
  const res = await ledger.call("listFleetScreen", { token, query: { pageSize: 100, ...query } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { list: FleetRow[]; total: number };
}

/** Writes a vehicle's connection state and newest SOC as the gateway would. */
async function state(vin: string, s: { online: boolean; reportedAgoH: number; soc: number; speed: number }) {
  const at = Date.now() - s.reportedAgoH * HOUR;
  const row = {
    vin,
    online: s.online,
    last_report_at: at,
    last_login_at: at,
    last_logout_at: null,
    longitude: 121.47,
    latitude: 31.23,
    speed_kmh: s.speed,
    soc: s.soc,
    mileage_km: 1000,
    updated_at: at,
  };
  await server.db
    .insertInto("gateway_vehicle_state")
    .values(row)
    .onConflict((c) => c.column("vin").doUpdateSet(row))
    .execute();
  await server.db
    .updateTable("gateway_latest_state")
    .set({ soc: s.soc, collected_at: at, longitude: 121.47, latitude: 31.23 })
    .where("vin", "=", vin)
    .execute();
  const has = await server.db
    .selectFrom("gateway_latest_state")
    .select("vin")
    .where("vin", "=", vin)
    .executeTakeFirst();
  if (!has)
    await server.db
      .insertInto("gateway_latest_state")
      .values({
        vin,
        collected_at: at,
        received_at: at,
        frame_id: 0,
        soc: s.soc,
        alarm_level: 0,
        charge_state: 3,
        longitude: 121.47,
        latitude: 31.23,
        snapshot: "{}",
      })
      .execute();
}

describe.skipIf(engine.skip)(`运营总览, 高级筛选, 我的关注 (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 6, journalPerVehicle: 1 } } });
    admin = (await signIn(server.url, "admin", "Admin@123456")).token;
    operator = (await signIn(server.url, "operator", "Operator@123456")).token;
    tenant2 = (await signIn(server.url, "tenant2admin", "Admin@123456")).token;
    const vehicles = await server.db
      .selectFrom("vehicle")
      .innerJoin("tenant", "tenant.id", "vehicle.tenant_id")
      .select(["vin", "tenant.code"])
      .orderBy("vin")
      .execute();
    mine = vehicles.filter((v) => v.code.startsWith("T0001")).map((v) => v.vin);
    foreign = vehicles.find((v) => !v.code.startsWith("T0001"))?.vin ?? "";
    // Every vehicle of tenant 1 online at 80 %, then two low and long offline, one low but online.
    for (const vin of mine) await state(vin, { online: true, reportedAgoH: 0, soc: 80, speed: 40 });
    await state(mine[0] as string, { online: false, reportedAgoH: 48, soc: 12, speed: 0 });
    await state(mine[1] as string, { online: false, reportedAgoH: 30, soc: 15, speed: 0 });
    await state(mine[2] as string, { online: true, reportedAgoH: 0, soc: 10, speed: 62 });
  }, 120_000);
  afterAll(() => server?.stop());

  it("answers 401 without a token on every operation", async () => {
    for (const id of OPERATE_OVERVIEW_OPS) expect((await ledger.call(id, {})).status, id).toBe(401);
  });

  it("counts the fleet: online, offline, alarms, per brand and per cell, nothing identifying", async () => {
    const res = await ledger.call("getOperateOverview", { token: admin });
    expect(res.status).toBe(200);
    const o = res.body.data;
    expect(o.vehicles).toBe(mine.length);
    expect(o.online + o.offline + o.neverReported).toBe(mine.length);
    expect(o.offline).toBe(2);
    expect(o.online).toBe(mine.length - 2);
    expect(o.byBrand.reduce((s: number, b: { vehicles: number }) => s + b.vehicles, 0)).toBe(mine.length);
    expect(o.byCell).toEqual([
      { lng: 121.5, lat: 31.5, vehicles: mine.length, online: mine.length - 2, alarming: o.alarming },
    ]);
    expect(JSON.stringify(o)).not.toContain(mine[0]);
    // 首页's terminal count is the T-BOX register's (not the SIM cards').
    const terminals = await server.db
      .selectFrom("bss_tbox")
      .innerJoin("tenant", "tenant.id", "bss_tbox.tenant_id")
      .select(server.db.fn.countAll<number>().as("n"))
      .where("tenant.code", "like", "T0001%")
      .where("state", "<>", "deregistered")
      .executeTakeFirstOrThrow();
    const home = await ledger.call("getHomeOverview", { token: admin });
    expect(home.body.data.terminalCount).toBe(Number(terminals.n));
    // Tenant 2 sees its own fleet only.
    const other = (await ledger.call("getOperateOverview", { token: tenant2 })).body.data;
    expect(other.vehicles).toBeLessThan(mine.length + 1);
    expect(other.vehicles).not.toBe(0);
  });

  it("filters by SOC below 20 % and offline longer than 24 h, in SQL, paged", async () => {
    const low = await screen(admin, { socMax: 20 });
    expect(low.list.map((r) => r.vin).toSorted()).toEqual([mine[0], mine[1], mine[2]].toSorted());
    const lowOffline = await screen(admin, { socMax: 20, offlineHours: 24 });
    expect(lowOffline.list.map((r) => r.vin).toSorted()).toEqual([mine[0], mine[1]].toSorted());
    expect((await screen(admin, { socMax: 20, offlineHours: 36 })).list.map((r) => r.vin)).toEqual([mine[0]]);
    expect((await screen(admin, { speedMin: 60 })).list.map((r) => r.vin)).toEqual([mine[2]]);
    const page = await screen(admin, { pageSize: 2, pageNum: 2 });
    expect(page.total).toBe(mine.length);
    expect(page.list).toHaveLength(2);
    // Past the last page: no rows, and still the total (the one statement has no row to carry it).
    expect(await screen(admin, { pageNum: 99 })).toEqual({ list: [], total: mine.length });
    expect(await screen(admin, { vin: "NOSUCHVIN" })).toEqual({ list: [], total: 0 });
    // Impossible conditions: 400 with the domain's message.
    const bad = await ledger.call("listFleetScreen", { token: admin, query: { online: "online", offlineHours: 2 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(MSG_FLEET_ONLINE_OFFLINE);
    expect((await ledger.call("listFleetScreen", { token: admin, query: { socMin: 30, socMax: 20 } })).status).toBe(
      400,
    );
    // Tenant 2 never sees tenant 1's vehicles.
    expect((await screen(tenant2, { vin: mine[0] })).total).toBe(0);
  });

  it("answers the rows, order and total of the whole join (the one narrow statement is a plan, not a change)", async () => {
    const principal = await authenticateToken(server.db, admin, new Date());
    if (!principal) throw new Error("admin token");
    const model = await server.db
      .selectFrom("vehicle as v")
      .innerJoin("bss_model as m", "m.id", "v.model_id")
      .innerJoin("bss_series as s", "s.id", "m.series_id")
      .select(["m.id as modelId", "s.id as seriesId", "s.brand_id as brandId"])
      .where("v.vin", "=", mine[0] as string)
      .executeTakeFirstOrThrow();
    const filters: FleetFilter[] = [
      {},
      { socMax: 20 },
      { brandId: model.brandId },
      { seriesId: model.seriesId, online: "offline" },
      { modelId: model.modelId, brandId: model.brandId, socMin: 5 },
      { brandId: 999_999 },
      { offlineHours: 24, speedMax: 10 },
      { alarmLevel: 0 },
    ];
    for (const filter of filters) {
      const want = await selectFleet(fleetQuery(server.db, principal, filter, Date.now())).execute();
      const got = await screen(admin, { ...filter, pageSize: 100 });
      expect(got.total, JSON.stringify(filter)).toBe(want.length);
      expect(got.list, JSON.stringify(filter)).toEqual(want.slice(0, 100).map(toFleetRow));
    }
  });

  it("follows a vehicle, lists it first everywhere, and unfollows it", async () => {
    const last = mine[mine.length - 1] as string;
    expect((await ledger.call("followVehicle", { token: operator, body: { vin: last } })).status).toBe(200);
    expect((await ledger.call("followVehicle", { token: operator, body: { vin: last } })).status).toBe(200);
    const first = (await screen(operator)).list[0];
    expect(first).toMatchObject({ vin: last, followed: true });
    const follows = await ledger.call("listFollowedVehicles", { token: operator, query: { pageNum: 1, pageSize: 10 } });
    expect(follows.body.data.list.map((r: { vin: string }) => r.vin)).toEqual([last]);
    // Another account's follows are its own.
    expect((await screen(admin)).list.find((r) => r.vin === last)?.followed).toBe(!!(await isFollowedByAdmin(last)));
    expect((await ledger.call("followVehicle", { token: tenant2, body: { vin: last } })).status).toBe(404);
    expect((await ledger.call("followVehicle", { token: admin, body: { vin: "NOTAVIN" } })).status).toBe(400);
    expect((await ledger.call("unfollowVehicle", { token: operator, body: { vin: last } })).status).toBe(200);
    expect((await ledger.call("unfollowVehicle", { token: operator, body: { vin: last } })).status).toBe(404);
    expect((await ledger.call("listFollowedVehicles", { token: operator, query: { pageSize: 0 } })).status).toBe(400);
    expect(foreign).not.toBe("");
    expect((await ledger.call("followVehicle", { token: admin, body: { vin: foreign } })).status).toBe(404);
  });

  it("saves, renames and deletes an account's filters; another account sees none of them", async () => {
    const made = await ledger.call("createFleetFilter", {
      token: operator,
      body: { name: " 低电量离线 ", filter: { socMax: 20, offlineHours: 24 } },
    });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ name: "低电量离线", filter: { socMax: 20, offlineHours: 24 } });
    const id = made.body.data.id as number;
    const taken = await ledger.call("createFleetFilter", {
      token: operator,
      body: { name: "低电量离线", filter: { socMax: 30 } },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe(MSG_FLEET_FILTER_NAME_TAKEN);
    expect((await ledger.call("createFleetFilter", { token: operator, body: { name: "空", filter: {} } })).status).toBe(
      400,
    );
    const listed = await ledger.call("listFleetFilters", { token: operator });
    expect(listed.body.data.map((f: { name: string }) => f.name)).toEqual(["低电量离线"]);
    expect((await ledger.call("listFleetFilters", { token: tenant2 })).body.data).toEqual([]);
    expect((await ledger.call("renameFleetFilter", { token: admin, body: { id, name: "偷改" } })).status).toBe(404);
    const renamed = await ledger.call("renameFleetFilter", { token: operator, body: { id, name: "低电量长离线" } });
    expect(renamed.body.data.name).toBe("低电量长离线");
    expect((await ledger.call("renameFleetFilter", { token: operator, body: { id, name: "" } })).status).toBe(400);
    expect((await ledger.call("deleteFleetFilter", { token: tenant2, body: { id } })).status).toBe(404);
    expect((await ledger.call("deleteFleetFilter", { token: operator, body: { id } })).status).toBe(200);
    expect((await ledger.call("listFleetFilters", { token: operator })).body.data).toEqual([]);
  });

  it("puts the result in a group and exports it as a task", async () => {
    const group = await ledger.call("createVehicleGroup", { token: admin, body: { name: "低电量离线车" } });
    const groupId = group.body.data.id as number;
    const filter = { socMax: 20, offlineHours: 24 };
    const put = await ledger.call("groupFleetScreen", { token: admin, body: { groupId, filter } });
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual({ matched: 2, added: 2, alreadyMembers: 0, refused: 0 });
    const again = await ledger.call("groupFleetScreen", { token: admin, body: { groupId, filter } });
    expect(again.body.data).toEqual({ matched: 2, added: 0, alreadyMembers: 2, refused: 0 });
    expect((await ledger.call("groupFleetScreen", { token: tenant2, body: { groupId, filter } })).status).toBe(404);
    const bad = await ledger.call("groupFleetScreen", {
      token: admin,
      body: { groupId, filter: { speedMin: 90, speedMax: 10 } },
    });
    expect(bad.status).toBe(400);
    const task = await ledger.call("exportFleetScreen", { token: admin, query: { socMax: 20 } });
    expect(task.status).toBe(200);
    expect(task.body.data.taskId).toBeTruthy();
    expect((await ledger.call("exportFleetScreen", { token: operator, query: { socMax: 20 } })).status).toBe(403);
    expect((await ledger.call("exportFleetScreen", { token: admin, query: { socMax: 101 } })).status).toBe(400);
  });

  it("calls every owned operation with good and bad input", () => {
    ledger.expectCovered(OPERATE_OVERVIEW_OPS);
  });
});

async function isFollowedByAdmin(vin: string) {
  return server.db
    .selectFrom("operate_vehicle_follow")
    .innerJoin("account", "account.id", "operate_vehicle_follow.account_id")
    .select("vin")
    .where("account.username", "=", "admin")
    .where("vin", "=", vin)
    .executeTakeFirst();
}
