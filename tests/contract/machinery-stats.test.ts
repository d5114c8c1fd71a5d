import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { signIn } from "./support/contract";
import { MACHINERY_STATS_OPS } from "./support/owners";

const engine = testEngine();
let server: TestServer;
let base: string;
const ledger = new CallLedger(() => base);
let admin: string;
let operator: string;
let other: string;
/** Tenant T0001's (and its sub-tenant's) farm machines (tractors and harvesters). */
let farm: string[];

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface Stat {
  key: string;
  machineDays: number;
  engineHours: number;
  workingHours: number;
  mileageKm: number;
  fuelL: number;
}

async function stats(token: string, query: Record<string, unknown>) {
  const res = await ledger.call("listFarmMachineryStats", { token, query });
  expect(res.status).toBe(200);
  return res.body.data as { rows: Stat[]; total: Stat };
}

async function exportedRows(kind: string): Promise<string[][]> {
  await server.ctx.exports.idle();
  const task = await server.db
    .selectFrom("export_task")
    .select(["status", "object_key"])
    .where("kind", "=", kind)
    .executeTakeFirstOrThrow();
  expect(task.status).toBe("done");
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(server.ctx.objects.pathOf(task.object_key ?? ""));
  const rows: string[][] = [];
  book.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? "")));
  });
  return rows;
}

describe.skipIf(engine.skip)(`农机数据统计, 统计报表, 大屏 (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 2, journalPerVehicle: 1 } } });
    base = server.url;
    ({ token: admin } = await signIn(base, "admin", "Admin@123456"));
    ({ token: operator } = await signIn(base, "operator", "Operator@123456"));
    ({ token: other } = await signIn(base, "tenant2admin", "Admin@123456"));
    const machines = await server.db
      .selectFrom("bss_machinery_info")
      .innerJoin("tenant", "tenant.id", "bss_machinery_info.tenant_id")
      .select(["vin", "tenant.code", "machinery_type"])
      .execute();
    farm = machines
      .filter((m) => m.code.startsWith("T0001") && ["tractor", "harvester"].includes(m.machinery_type))
      .map((m) => m.vin);
  }, 120_000);
  afterAll(() => server?.stop());

  it("sums a written day of reports: working ≥ 1000 rpm, engine > 0, speed × time, fuel × time, gaps left out", async () => {
    const vin = farm[0] as string;
    // A day long ago (no seed data): 09:00 China time, reports every 10 min; a 40-min silence counts nothing.
    const day = Date.UTC(2025, 0, 6, 1, 0, 0);
    const at = (min: number) => day + min * 60_000;
    const sample = (min: number, rpm: number, speed: number, fuel: number, alarm: string | null = null) => ({
      vin,
      collected_at: at(min),
      engine_rpm: rpm,
      speed_kmh: speed,
      fuel_rate_lph: fuel,
      longitude: 117.23,
      latitude: 31.82,
      alarm,
    });
    await server.db
      .insertInto("machine_sample")
      .values([
        sample(0, 1800, 6, 20), // 10 min working at 6 km/h, 20 L/h
        sample(10, 1800, 6, 20), // 10 min working
        sample(20, 750, 0, 3), // 10 min idling
        sample(30, 750, 0, 3), // then 40 min silent: not counted
        sample(70, 1800, 12, 24, "冷却液温度过高"), // 10 min working at 12 km/h
        sample(80, 0, 0, 0, "冷却液温度过高"), // the last report: no interval
      ])
      .execute();
    const range = { startTime: day - HOUR, endTime: day + 3 * HOUR, vin };
    const s = await stats(admin, { ...range, groupBy: "day" });
    expect(s.rows).toEqual([
      { key: "2025-01-06", machineDays: 1, engineHours: 0.7, workingHours: 0.5, mileageKm: 4, fuelL: 11.2 },
    ]);
    expect(s.total).toEqual({ ...s.rows[0], key: "合计" });
    const region = await stats(admin, { ...range, groupBy: "region" });
    expect(region.rows.map((r) => r.key)).toEqual(["117.5,31.5"]);

    const report = await ledger.call("listMachineDailyReport", { token: admin, query: { ...range, pageSize: 10 } });
    expect(report.status).toBe(200);
    expect(report.body.data.list).toEqual([
      expect.objectContaining({
        vin,
        day: "2025-01-06",
        onlineMs: 0,
        workingHours: 0.5,
        mileageKm: 4,
        alarmReports: 2,
        alarms: ["冷却液温度过高"],
      }),
    ]);
  });

  it("breaks the seeded days down by day, type, model and region; totals agree; tenants see their own", async () => {
    const now = Date.now();
    const range = { startTime: now - 4 * DAY, endTime: now };
    const byDay = await stats(admin, range);
    expect(byDay.rows.length).toBeGreaterThanOrEqual(4);
    expect(byDay.rows.map((r) => r.key)).toEqual(byDay.rows.map((r) => r.key).toSorted());
    expect(byDay.total.workingHours).toBeGreaterThan(10);
    expect(byDay.total.mileageKm).toBeGreaterThan(10);
    for (const groupBy of ["type", "model", "region"]) {
      const s = await stats(admin, { ...range, groupBy });
      expect(s.total, groupBy).toEqual(byDay.total);
      const sum = s.rows.reduce((a, r) => a + r.machineDays, 0);
      expect(sum, groupBy).toBeLessThanOrEqual(byDay.total.machineDays);
      expect(sum, groupBy).toBeGreaterThan(0);
    }
    const types = await stats(admin, { ...range, groupBy: "type" });
    expect(types.rows.map((r) => r.key).toSorted()).toEqual(["harvester", "tractor"]);
    const tractors = await stats(admin, { ...range, groupBy: "type", machineryType: "tractor" });
    expect(tractors.rows.map((r) => r.key)).toEqual(["tractor"]);
    const theirs = await stats(other, range);
    expect(theirs.total.machineDays).not.toBe(byDay.total.machineDays);

    const report = await ledger.call("listMachineDailyReport", {
      token: admin,
      query: { ...range, pageSize: 5, pageNum: 1 },
    });
    expect(report.status).toBe(200);
    const page = report.body.data as { list: { day: string; onlineMs: number }[]; total: number };
    expect(page.total).toBeGreaterThan(5);
    expect(page.list).toHaveLength(5);
    expect(page.list.some((r) => r.onlineMs > 0)).toBe(true);
  });

  it("refuses a reversed or over-long range, an unknown breakdown or type, and reads nothing", async () => {
    const now = Date.now();
    const reversed = await ledger.call("listFarmMachineryStats", {
      token: admin,
      query: { startTime: now, endTime: now - DAY },
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.data.failDetail[0].field).toBe("startTime");
    expect(reversed.body.data.failDetail[0].msg).toContain("开始时间不能晚于结束时间");
    const long = await ledger.call("listMachineDailyReport", {
      token: admin,
      query: { startTime: now - 40 * DAY, endTime: now },
    });
    expect(long.status).toBe(400);
    expect(long.body.data.failDetail[0].msg).toContain("不能超过31天");
    const range = { startTime: now - DAY, endTime: now };
    expect(
      (await ledger.call("listFarmMachineryStats", { token: admin, query: { ...range, groupBy: "brand" } })).status,
    ).toBe(400);
    expect(
      (await ledger.call("listFarmMachineryStats", { token: admin, query: { ...range, machineryType: "excavator" } }))
        .status,
    ).toBe(400);
  });

  it("exports both as tasks behind their permissions", async () => {
    const now = Date.now();
    const range = { startTime: now - 3 * DAY, endTime: now };
    expect((await ledger.call("exportFarmMachineryStats", { token: operator, query: range })).status).toBe(403);
    expect((await ledger.call("exportMachineDailyReport", { token: operator, query: range })).status).toBe(403);
    expect(
      (await ledger.call("exportFarmMachineryStats", { token: admin, query: { startTime: now, endTime: 0 } })).status,
    ).toBe(400);
    expect(
      (
        await ledger.call("exportMachineDailyReport", {
          token: admin,
          query: { startTime: now - 90 * DAY, endTime: now },
        })
      ).status,
    ).toBe(400);
    expect(
      (await ledger.call("exportFarmMachineryStats", { token: admin, query: { ...range, groupBy: "type" } })).status,
    ).toBe(200);
    const farmRows = await exportedRows("exportFarmMachineryStats");
    expect(farmRows[0]?.slice(0, 3)).toEqual(["统计维度", "作业台日", "作业时长(h)"]);
    expect(farmRows.map((r) => r[0])).toEqual(expect.arrayContaining(["机械类型", "拖拉机", "收获机", "合计"]));
    expect((await ledger.call("exportMachineDailyReport", { token: admin, query: range })).status).toBe(200);
    const report = await exportedRows("exportMachineDailyReport");
    expect(report[0]?.slice(0, 5)).toEqual(["日期", "机械PIN码", "机械类型", "产品型号", "在线时长(h)"]);
    expect(report.length).toBeGreaterThan(5);
  });

  it("answers the public 大屏 without a session: platform-wide aggregates only, nothing identifying", async () => {
    const res = await ledger.call("getBigScreen", {});
    expect(res.status).toBe(200);
    const b = res.body.data;
    const all = await server.db
      .selectFrom("vehicle")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(b.vehicles).toBe(Number(all.n));
    expect(b.online + b.offline + b.neverReported).toBe(b.vehicles);
    const machines = await server.db.selectFrom("bss_machinery_info").select("vin").distinct().execute();
    expect(Object.values(b.machines as Record<string, number>).reduce((a, n) => a + n, 0)).toBeGreaterThanOrEqual(
      machines.length,
    );
    expect(b.byCell.every((c: { vehicles: number }) => c.vehicles >= 3)).toBe(true);
    const text = JSON.stringify(b);
    const vins = await server.db.selectFrom("vehicle").select("vin").execute();
    expect(vins.some((v) => text.includes(v.vin))).toBe(false);
    expect(machines.some((m) => text.includes(m.vin))).toBe(false);
    expect(text).not.toMatch(/T000\d|tenant|brand/i);
    // Shared for 30 s: a second caller gets the same computation.
    const again = await ledger.call("getBigScreen", { token: "not-a-token" });
    expect(again.status).toBe(200);
    expect(again.body.data.at).toBe(b.at);
  });

  it("calls every owned operation with good and bad input", () => {
    ledger.expectCovered(MACHINERY_STATS_OPS);
  });
});
