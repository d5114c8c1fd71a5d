import { bytesToHex, encodeHj1239Realtime } from "@tsp/domain";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_PARTITIONED, ensureDayPartitions } from "../../apps/server/src/gateway/stores/partitions";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { signIn } from "./support/contract";
import { MACHINERY_RELIABILITY_OPS } from "./support/owners";

const engine = testEngine();
let server: TestServer;
let base: string;
const ledger = new CallLedger(() => base);
let admin: string;
let operator: string;
let other: string;
/** Tenant T0001's own farm machines in PIN order (the seed's roles go by this order). */
let farm: string[];

const MINUTE = 60_000;
const DAY = 86_400_000;

interface Row {
  key: string;
  units: number;
  reporting: number;
  passed: number;
  realtimeFrames: number;
  resentFrames: number;
  resentShare: number;
  gaps: number;
  gapMinutes: number;
  longestGapMinutes: number;
  workingHours: number;
  daysWithData: number;
  daysWithoutData: number;
}
interface Machine extends Omit<Row, "key" | "units" | "reporting" | "passed"> {
  vin: string;
  passed: boolean;
  reasons: string[];
  cell: string | null;
}
interface Stats {
  periodDays: number;
  rows: Row[];
  total: Row;
  machines: Machine[];
}

async function stats(token: string, query: Record<string, unknown>): Promise<Stats> {
  const res = await ledger.call("listMachineryReliability", { token, query });
  expect(res.status).toBe(200);
  return res.body.data as Stats;
}

/** The last three full China-time days, as the screen's default. */
function lastThreeDays() {
  const dayStart = Math.floor((Date.now() + 8 * 3_600_000) / DAY) * DAY - 8 * 3_600_000;
  return { startTime: dayStart - 3 * DAY, endTime: dayStart - 1 };
}

describe.skipIf(engine.skip)(`农机可靠性试验统计 (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 2, journalPerVehicle: 1 } } });
    base = server.url;
    ({ token: admin } = await signIn(base, "admin", "Admin@123456"));
    ({ token: operator } = await signIn(base, "operator", "Operator@123456"));
    ({ token: other } = await signIn(base, "tenant2admin", "Admin@123456"));
    const rows = await server.db
      .selectFrom("bss_machinery_info")
      .innerJoin("tenant", "tenant.id", "bss_machinery_info.tenant_id")
      .select(["vin", "tenant.code"])
      .where("machinery_type", "in", ["tractor", "harvester"])
      .where("tenant.code", "=", "T0001")
      .orderBy("vin")
      .execute();
    farm = rows.map((r) => r.vin);
  }, 120_000);
  afterAll(() => server?.stop());

  it("counts written frames by hand: re-sent share, gaps of 3–30 min, working hours, a day without data", async () => {
    const vin = farm[0] as string;
    // Two days long ago (no seed data), 09:00 China time: a frame a minute for 60 minutes on the first day.
    const day = Date.UTC(2025, 0, 6, 1, 0, 0);
    const minutes = [
      ...Array.from({ length: 20 }, (_, m) => m), // 0–19
      ...Array.from({ length: 20 }, (_, m) => 25 + m), // a 6-min gap, 25–44
      ...Array.from({ length: 10 }, (_, m) => 57 + m), // a 13-min gap, 57–66
      ...Array.from({ length: 10 }, (_, m) => 107 + m), // 41 min: switched off, no gap
    ];
    const frame = (min: number, resent: boolean, receivedLate = 0) => {
      const bytes = encodeHj1239Realtime(
        { vin, softwareVersion: 3 },
        { time: day + min * MINUTE, serial: min + 1, resent, items: [] },
      );
      if (!bytes.ok) throw new Error(bytes.error.message);
      return {
        received_at: day + min * MINUTE + receivedLate,
        vin,
        command: null,
        edition: null,
        raw_hex: bytesToHex(bytes.value),
        status: "ok" as const,
        reason: null,
        peer: "10.0.0.1:4000",
      };
    };
    await ensureDayPartitions(server.db, DAY_PARTITIONED, [day], new Set());
    await server.db
      .insertInto("gateway_frame")
      .values([...minutes.map((m) => frame(m, false, 800)), frame(20, true, 40 * MINUTE), frame(21, true, 40 * MINUTE)])
      .execute();
    // Working reports: 30 minutes at 1800 rpm.
    await server.db
      .insertInto("machine_sample")
      .values([0, 10, 20, 30].map((m) => ({ vin, collected_at: day + m * MINUTE, engine_rpm: m < 30 ? 1800 : 700 })))
      .execute();
    const start = Date.UTC(2025, 0, 5, 16, 0, 0); // 2025-01-06 00:00 China time
    const range = { startTime: start, endTime: start + 2 * DAY - 1, vins: vin };
    const s = await stats(admin, range);
    expect(s.periodDays).toBe(2);
    expect(s.machines).toEqual([
      expect.objectContaining({
        vin,
        realtimeFrames: 60,
        resentFrames: 2,
        resentShare: 0.0323,
        gaps: 2,
        gapMinutes: 19,
        longestGapMinutes: 13,
        workingHours: 0.5,
        daysWithData: 1,
        daysWithoutData: 1,
        passed: false,
        reasons: ["longestGap", "daysWithoutData"],
      }),
    ]);
    const byDay = await stats(admin, { ...range, groupBy: "day" });
    expect(byDay.rows.map((r) => [r.key, r.units, r.reporting, r.passed, r.daysWithoutData])).toEqual([
      ["2025-01-06", 1, 1, 0, 0],
      ["2025-01-07", 1, 0, 0, 1],
    ]);
    expect(byDay.total).toMatchObject({ key: "合计", units: 1, realtimeFrames: 60, resentFrames: 2 });
  });

  it("judges the seeded test: clean machines pass, a dead zone, a drop-out, a day off and silence fail", async () => {
    const s = await stats(admin, lastThreeDays());
    expect(s.periodDays).toBe(3);
    const vins = s.machines.map((m) => m.vin);
    for (const v of farm) expect(vins).toContain(v);
    const failing = (reason: string) => s.machines.filter((m) => m.reasons.includes(reason));
    // The seed's roles: a dead zone re-sent, a 15-minute drop-out, a machine that never reported, a day off.
    expect(failing("resentShare").some((m) => m.resentShare > 0.05 && m.resentFrames >= 20)).toBe(true);
    expect(failing("longestGap").some((m) => m.longestGapMinutes === 15)).toBe(true);
    expect(failing("noData").every((m) => m.realtimeFrames === 0 && m.reasons.length === 1)).toBe(true);
    expect(failing("noData").length).toBeGreaterThan(0);
    expect(failing("daysWithoutData").length).toBeGreaterThan(0);
    const passing = s.machines.filter((m) => m.passed);
    expect(passing.length).toBeGreaterThan(0);
    expect(passing.every((m) => m.resentShare <= 0.05 && m.longestGapMinutes <= 10 && m.daysWithoutData === 0)).toBe(
      true,
    );
    expect(s.total.units).toBe(s.machines.length);
    expect(s.total.passed).toBe(s.machines.filter((m) => m.passed).length);
    // Every breakdown's total is the machines'; the rows add up to it (a machine without a position in the total only).
    for (const groupBy of ["model", "region", "day"]) {
      const g = await stats(admin, { ...lastThreeDays(), groupBy });
      expect(g.total, groupBy).toEqual(s.total);
      const frames = g.rows.reduce((n, r) => n + r.realtimeFrames, 0);
      if (groupBy !== "region") expect(frames, groupBy).toBe(s.total.realtimeFrames);
    }
    const models = await stats(admin, { ...lastThreeDays(), groupBy: "model", machineryType: "harvester" });
    expect(models.rows.every((r) => r.key.startsWith("harvester|"))).toBe(true);
    const one = await stats(admin, { ...lastThreeDays(), model: "LX1204" });
    expect(one.machines.length).toBeGreaterThan(0);
    expect(one.machines.length).toBeLessThan(s.machines.length);
    // Another tenant sees none of T0001's machines.
    const theirs = await stats(other, lastThreeDays());
    expect(theirs.machines.some((m) => farm.includes(m.vin))).toBe(false);
    const none = await stats(other, { ...lastThreeDays(), vins: farm[0] });
    expect(none.machines).toEqual([]);
  });

  it("refuses a reversed or over-long range, an unknown breakdown and a malformed machine set", async () => {
    const now = Date.now();
    const reversed = await ledger.call("listMachineryReliability", {
      token: admin,
      query: { startTime: now, endTime: now - DAY },
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.data.failDetail[0].field).toBe("startTime");
    const long = await ledger.call("listMachineryReliability", {
      token: admin,
      query: { startTime: now - 40 * DAY, endTime: now },
    });
    expect(long.status).toBe(400);
    expect(long.body.data.failDetail[0].msg).toContain("不能超过31天");
    const range = { startTime: now - DAY, endTime: now };
    expect(
      (await ledger.call("listMachineryReliability", { token: admin, query: { ...range, groupBy: "brand" } })).status,
    ).toBe(400);
    expect(
      (await ledger.call("listMachineryReliability", { token: admin, query: { ...range, vins: "ABC,DEF" } })).status,
    ).toBe(400);
  });

  it("exports the breakdown and the verdicts as a task behind its permission", async () => {
    const range = lastThreeDays();
    expect((await ledger.call("exportMachineryReliability", { token: operator, query: range })).status).toBe(403);
    expect(
      (await ledger.call("exportMachineryReliability", { token: admin, query: { startTime: 5, endTime: 0 } })).status,
    ).toBe(400);
    const res = await ledger.call("exportMachineryReliability", {
      token: admin,
      query: { ...range, groupBy: "model" },
    });
    expect(res.status).toBe(200);
    await server.ctx.exports.idle();
    const task = await server.db
      .selectFrom("export_task")
      .select(["status", "object_key", "file_name"])
      .where("kind", "=", "exportMachineryReliability")
      .executeTakeFirstOrThrow();
    expect(task.status).toBe("done");
    expect(task.file_name).toMatch(/^农机可靠性试验统计_\d{8}-\d{8}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(server.ctx.objects.pathOf(task.object_key ?? ""));
    const sheet = (n: number) => {
      const rows: string[][] = [];
      book.worksheets[n]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ""))));
      return rows;
    };
    const [breakdown, machines] = [sheet(0), sheet(1)];
    expect(breakdown[0]?.slice(0, 4)).toEqual(["统计维度", "机械数", "有数据", "合格"]);
    expect(breakdown.map((r) => r[0])).toEqual(expect.arrayContaining(["机械类型|产品型号", "合计"]));
    expect(breakdown.some((r) => /^(拖拉机|收获机) /.test(r[0] ?? ""))).toBe(true);
    expect(machines[0]).toEqual(expect.arrayContaining(["机械PIN码", "判定", "不合格原因"]));
    expect(machines.some((r) => r.includes("不合格") && r.some((c) => c.includes("补发率超过5%")))).toBe(true);
    expect(machines.some((r) => r.includes("合格"))).toBe(true);
  });

  it("calls every owned operation with good and bad input", () => {
    ledger.expectCovered(MACHINERY_RELIABILITY_OPS);
  });
});
