import { analyseTrack, MSG_TRACK_RANGE_TOO_LONG } from "@tsp/domain";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_PARTITIONED, ensureDayPartitions } from "../../apps/server/src/gateway/stores/partitions";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { signIn } from "./support/contract";
import { TRACK_OPS } from "./support/owners";

/**
 * Contract of 车辆运营管理 › 机械轨迹查询 (/operate/tripQuery): a vehicle's track over at most a day
 * from the gateway's positions store — every fixed position in collection order (re-sent ones
 * in place, unfixed ones out), the figures of @tsp/domain `analyseTrack` over all of them, the
 * range and threshold rules, tenant isolation, and the two-sheet export behind its permission.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;
let operator: string;
let tenant2: string;
let vin: string;
const ledger = new CallLedger(() => server.url);
const MIN = 60_000;
/** A quiet day in the past where the test writes its own drive (the seed's days are recent). */
const T0 = Date.UTC(2026, 0, 5, 1, 0, 0);
const KM_LAT = 1 / 111.195;

/** A sample `m` minutes after T0, `km` north; `resentAfterMs` late when re-sent. */
const sample = (m: number, km: number, speed: number, fix = true, resentAfterMs = 0) => ({
  at: T0 + m * MIN,
  lng: 121,
  lat: 31 + km * KM_LAT,
  speedKmh: speed,
  mileageKm: 5000 + km,
  fix,
  resentAfterMs,
});
/** The drive: 3 km north at 60 km/h, a 10-minute stop, 3 km at 90–95 km/h; one re-sent late, one unfixed. */
function drive(): ReturnType<typeof sample>[] {
  return [
    sample(0, 0, 0),
    sample(1, 1, 60),
    sample(2, 2, 60, true, 3 * 3_600_000), // re-sent three hours later
    sample(3, 3, 60),
    sample(4, 3.01, 0),
    sample(9, 3.02, 0),
    sample(14, 3.01, 0),
    sample(14.5, 3.3, 0, false), // no fix: left out
    sample(15, 4.5, 90),
    sample(16, 6, 95),
  ];
}

/** The test's day: the drive and more (every query in the suite). */
const day = () => ({ vin, startTime: T0 - 3_600_000, endTime: T0 + 20 * 3_600_000 });

describe.skipIf(engine.skip)(`vehicle track (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 2, journalPerVehicle: 1 } } });
    admin = (await signIn(server.url, "admin", "Admin@123456")).token;
    operator = (await signIn(server.url, "operator", "Operator@123456")).token;
    tenant2 = (await signIn(server.url, "tenant2admin", "Admin@123456")).token;
    const mine = await server.db
      .selectFrom("vehicle")
      .innerJoin("tenant", "tenant.id", "vehicle.tenant_id")
      .select("vin")
      .where("tenant.code", "=", "T0001")
      .orderBy("vin")
      .executeTakeFirstOrThrow();
    vin = mine.vin;
    const rows = drive().map((s, i) => ({
      frame_id: 900_000 + i,
      seq: 0,
      received_at: s.at + 5_000 + s.resentAfterMs,
      vin,
      protocol: "gbt32960",
      collected_at: s.at,
      resent: s.resentAfterMs > 0,
      fix_valid: s.fix,
      longitude: s.lng,
      latitude: s.lat,
      speed_kmh: s.speedKmh,
      mileage_km: s.mileageKm,
      soc: 60,
    }));
    await ensureDayPartitions(
      server.db,
      DAY_PARTITIONED,
      rows.map((r) => r.received_at),
      new Set(),
    );
    await server.db.insertInto("gateway_position").values(rows).execute();
  }, 120_000);
  afterAll(() => server?.stop());

  it("answers 401 without a token", async () => {
    for (const id of TRACK_OPS) expect((await ledger.call(id, { query: day() })).status, id).toBe(401);
  });

  it("answers every fixed position in collection order, with analyseTrack's figures over all of them", async () => {
    const res = await ledger.call("getVehicleTrack", { token: operator, query: day() });
    expect(res.status, res.body.msg).toBe(200);
    const t = res.body.data;
    const expected = drive().filter((s) => s.fix);
    expect(t.at).toEqual(expected.map((s) => s.at));
    expect(t.lat).toEqual(expected.map((s) => s.lat));
    expect(t.speed).toEqual(expected.map((s) => s.speedKmh));
    expect(t.mileage).toEqual(expected.map((s) => s.mileageKm));
    expect(t.lng).toHaveLength(expected.length);
    const figures = analyseTrack(expected, { speedLimitKmh: 80, stopMinutes: 5 });
    expect(t.summary).toEqual({ ...figures, speedLimitKmh: 80, stopMinutes: 5 });
    expect(t.summary).toMatchObject({ distanceSource: "odometer", distanceKm: 6, maxSpeedKmh: 95 });
    expect(t.summary.stops).toHaveLength(1);
    expect(t.summary.stops[0]).toMatchObject({ from: T0 + 3 * MIN, to: T0 + 14 * MIN });
    expect(t.summary.overspeeds.map((o: { maxKmh: number }) => o.maxKmh)).toEqual([95]);
  });

  it("takes the thresholds: a higher limit has no overspeed, a longer stop minimum no stop", async () => {
    const res = await ledger.call("getVehicleTrack", {
      token: operator,
      query: { ...day(), speedLimit: 100, stopMinutes: 15 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toMatchObject({ overspeeds: [], stops: [], speedLimitKmh: 100, stopMinutes: 15 });
  });

  it("refuses a range over a day, a bad threshold, a bad VIN, and another tenant's vehicle", async () => {
    const long = await ledger.call("getVehicleTrack", {
      token: admin,
      query: { vin, startTime: T0, endTime: T0 + 24 * 3_600_000 + 1 },
    });
    expect(long.status).toBe(400);
    expect(long.body.data.failDetail[0]).toMatchObject({
      field: "startTime",
      msg: `startTime：${MSG_TRACK_RANGE_TOO_LONG}`,
    });
    const limit = await ledger.call("getVehicleTrack", { token: admin, query: { ...day(), speedLimit: 5 } });
    expect(limit.status).toBe(400);
    // The contract's own bounds (10–200, the rule's) refuse it first: the field is named either way.
    expect(limit.body.data.failDetail[0]).toMatchObject({ field: "speedLimit", msg: "speedLimit：不能小于10" });
    for (const id of TRACK_OPS) {
      expect((await ledger.call(id, { token: admin, query: { ...day(), vin: "SHORT" } })).status, id).toBe(400);
      const foreign = await ledger.call(id, { token: tenant2, query: day() });
      expect(foreign.status, id).toBe(400);
      expect(foreign.body.data.failDetail[0]).toMatchObject({ field: "vin", msg: "vin：未找到该VIN的车辆" });
    }
  });

  it("exports the points with their state and a sheet of stops and overspeeds, behind its permission", async () => {
    expect((await ledger.call("exportVehicleTrack", { token: operator, query: day() })).status).toBe(403);
    const submitted = await ledger.call("exportVehicleTrack", { token: admin, query: day() });
    expect(submitted.status, submitted.body.msg).toBe(200);
    await server.ctx.exports.idle();
    const file = await ledger.call("downloadExportFile", { token: admin, path: { id: submitted.body.data.taskId } });
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(file.bytes) as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(["轨迹点", "停车与超速"]);
    const points = book.worksheets[0];
    const states = Array.from(
      { length: (points?.rowCount ?? 1) - 1 },
      (_, i) => points?.getRow(i + 2).getCell(6).value,
    );
    expect(states).toEqual(["行驶", "行驶", "行驶", "停车", "停车", "停车", "停车", "超速", "超速"]);
    const events = book.worksheets[1];
    expect(events?.getRow(2).getCell(1).value).toBe("停车");
    expect(events?.getRow(2).getCell(4).value).toBe(11);
    expect(events?.getRow(3).getCell(1).value).toBe("超速");
    expect(events?.getRow(3).getCell(5).value).toBe(95);
    expect(events?.rowCount).toBe(3);
  });

  it("called every track operation with good and bad input", () => {
    ledger.expectCovered(TRACK_OPS);
  });
});
