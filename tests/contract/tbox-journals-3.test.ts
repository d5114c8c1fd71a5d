import { frameProtocol } from "@tsp/domain";
import { cursorPages, items } from "@tsp/sdk";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { type Answer, signIn } from "./support/contract";
import { TBOX_JOURNAL_3_OPS } from "./support/owners";

const engine = testEngine();
let server: TestServer;
let base: string;
const ledger = new CallLedger(() => base);
let admin: string;
let operator: string;
let other: string;
let gbVin: string;
let jtVin: string;
let range: { startTime: number; endTime: number };
let seedDay: string;
const DAY = 24 * 3600 * 1000;
const CHINA = 8 * 3600 * 1000;

interface Fault {
  source: string;
  code: string;
  name: string | null;
}
interface Row {
  frameId: number;
  collectedAt: number;
  protocol: string;
  resent: boolean;
  alarms: string[];
  alarmLevel: { value: number | null } | null;
  faults: Fault[];
  call: { type: string; trigger: string; state: string; callId: number | null } | null;
  fixValid: boolean;
  longitude: number | null;
  content: string;
}
interface Trip {
  startTime: number;
  endTime: number;
  distanceKm: number;
  durationMinutes: number;
  maxSpeed: number;
  avgSpeed: number;
  socUsed: number | null;
  points: number;
}

async function readAll<T>(op: string, token: string, query: Record<string, unknown>, pageSize = 4): Promise<T[]> {
  const rows: T[] = [];
  const pages = cursorPages<T>(async (rowKey) => {
    const res = await ledger.call(op, { token, query: { ...query, pageSize, rowKey } });
    expect(res.status).toBe(200);
    return res.body.data;
  });
  for await (const row of items(pages)) rows.push(row);
  return rows;
}
const journal = (token: string, query: Record<string, unknown>) => readAll<Row>("getTboxJournal", token, query);

describe.skipIf(engine.skip)(
  `故障上报报文, ECALL/BCALL报文, 行程数据报文, 农机可靠性试验补发数据统计 (${engine.kind})`,
  () => {
    beforeAll(async () => {
      server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 8, journalPerVehicle: 2 } } });
      base = server.url;
      ({ token: admin } = await signIn(base, "admin", "Admin@123456"));
      ({ token: operator } = await signIn(base, "operator", "Operator@123456"));
      ({ token: other } = await signIn(base, "tenant2admin", "Admin@123456"));
      const mine = await server.db
        .selectFrom("vehicle")
        .innerJoin("tenant", "tenant.id", "vehicle.tenant_id")
        .select("vin")
        .where("tenant.code", "=", "T0001")
        .execute();
      const ours = new Set(mine.map((v) => v.vin));
      const frames = await server.db
        .selectFrom("gateway_frame")
        .select(["vin", "command", "raw_hex"])
        .where("status", "=", "ok")
        .execute();
      const vinsOf = (keep: (f: (typeof frames)[number]) => boolean) =>
        new Set(frames.filter((f) => f.vin !== null && ours.has(f.vin) && keep(f)).map((f) => f.vin as string));
      const jt = vinsOf((f) => f.command === 0x0200);
      const hj = vinsOf((f) => frameProtocol(f.raw_hex) === "hj1239");
      jtVin = [...jt].toSorted()[0] ?? "";
      // A GB/T 32960 vehicle without HJ 1239 frames: its days are the frames seed's and this seed's.
      gbVin = [...vinsOf((f) => f.command === 0x02)].filter((v) => !jt.has(v) && !hj.has(v)).toSorted()[0] ?? "";
      const now = server.ctx.now().getTime();
      range = { startTime: now - 14 * DAY, endTime: now };
      const todayChina = Math.floor((now + CHINA) / DAY);
      seedDay = new Date((todayChina - 9) * DAY).toISOString().slice(0, 10);
    }, 120_000);
    afterAll(() => server?.stop());

    it("故障上报报文: GB/T 32960 fault-code lists named by the dictionary, unknown codes unregistered, by source", async () => {
      const rows = await journal(admin, { journal: "errorReport", vin: gbVin, ...range });
      // Minutes 6–15 of the drive nine days ago, three of them re-sent.
      expect(rows).toHaveLength(10);
      expect(rows.filter((r) => r.resent)).toHaveLength(3);
      const worst = rows.find((r) => r.faults.length === 3) as Row;
      expect(worst.alarmLevel?.value).toBe(2);
      expect(worst.faults).toEqual([
        { source: "battery", code: "0000A001", name: "BMS内部通信故障" },
        { source: "motor", code: "0000B010", name: "旋变信号异常" },
        { source: "other", code: "0000C0FF", name: null },
      ]);
      expect(await journal(admin, { journal: "errorReport", vin: gbVin, ...range, faultSource: "motor" })).toHaveLength(
        5,
      );
      expect(await journal(admin, { journal: "errorReport", vin: gbVin, ...range, faultSource: "engine" })).toEqual([]);
      // JT/T 808: the component-fault bits (GNSS模块发生故障) by the standard's names.
      const jt = await journal(admin, { journal: "errorReport", vin: jtVin, ...range });
      expect(jt).toHaveLength(3);
      expect(jt.every((r) => r.protocol === "jt808" && r.faults[0]?.name === "GNSS模块发生故障")).toBe(true);
      expect(await journal(admin, { journal: "errorReport", vin: gbVin, ...range, protocol: "jt808" })).toEqual([]);
      // Another tenant's vehicle reads as an empty journal.
      expect(await journal(other, { journal: "errorReport", vin: gbVin, ...range })).toEqual([]);
    });

    it("ECALL/BCALL报文: the designed 0xEC item — type, trigger, state, call id — at the call's place", async () => {
      const rows = await journal(admin, { journal: "ecall", vin: jtVin, ...range, reportTimeDesc: false });
      expect(rows.map((r) => `${r.call?.type}${r.call?.trigger}${r.call?.state}`)).toEqual([
        "Eautodialing",
        "Eautoconnected",
        "Eautoended",
        "Bmanualdialing",
        "Bmanualconnected",
        "Bmanualended",
      ]);
      // 紧急报警 while the E-call is on; one call id per call; a fix with coordinates.
      expect(rows.map((r) => r.alarms.includes("紧急报警"))).toEqual([true, true, false, false, false, false]);
      expect(new Set(rows.map((r) => r.call?.callId)).size).toBe(2);
      expect(rows.every((r) => r.fixValid && r.longitude !== null)).toBe(true);
      expect(await journal(admin, { journal: "ecall", vin: jtVin, ...range, callType: "B" })).toHaveLength(3);
      expect(await journal(admin, { journal: "ecall", vin: gbVin, ...range })).toEqual([]);
      const bad = await ledger.call("getTboxJournal", {
        token: admin,
        query: { journal: "ecall", vin: jtVin, ...range, callType: "X" },
      });
      expect(bad.status).toBe(400);
    });

    it("行程数据报文: trips from the positions, paged by start time, with distance, duration, speeds and SOC", async () => {
      const trips = await readAll<Trip>("getTboxTrips", admin, { vin: gbVin, ...range }, 2);
      // Two trips a day on the frames seed's two days, one nine days ago.
      expect(trips).toHaveLength(5);
      expect(trips.map((t) => t.startTime)).toEqual(trips.map((t) => t.startTime).toSorted((a, b) => b - a));
      const oldest = trips.at(-1) as Trip;
      // The 20-minute drive: standing at minute 0, moving from 1, standing again from 18.
      expect(oldest.durationMinutes).toBe(18);
      expect(oldest.points).toBe(19);
      expect(oldest.distanceKm).toBeGreaterThan(5);
      expect(oldest.maxSpeed).toBeGreaterThanOrEqual(40);
      expect(oldest.socUsed).toBe(7);
      expect(trips.every((t) => t.distanceKm > 0 && t.avgSpeed > 0)).toBe(true);
      const asc = await readAll<Trip>("getTboxTrips", admin, { vin: gbVin, ...range, reportTimeDesc: false }, 3);
      expect(asc).toEqual(trips.toReversed());
      expect(await readAll<Trip>("getTboxTrips", other, { vin: gbVin, ...range })).toEqual([]);
      const forged = await ledger.call("getTboxTrips", {
        token: admin,
        query: { vin: gbVin, ...range, rowKey: "x.y" },
      });
      expect(forged.status).toBe(400);
      const long = await ledger.call("getTboxTrips", {
        token: admin,
        query: { vin: gbVin, startTime: 0, endTime: 40 * DAY },
      });
      expect((long.body as Answer).data.failDetail[0].msg).toContain("31天");
    });

    it("农机可靠性试验补发数据统计: real-time and re-sent frames per machine and day, the ratio and the gaps", async () => {
      const res = await ledger.call("getReliabilityStats", { token: admin, query: { vin: gbVin, ...range } });
      expect(res.status).toBe(200);
      const days = res.body.data.list as {
        day: string;
        realtimeFrames: number;
        resentFrames: number;
        resentRatio: number;
        gaps: number;
        longestGapMinutes: number;
      }[];
      expect(res.body.data.total).toBe(3);
      const nine = days.find((d) => d.day === seedDay);
      // 17 real-time units and 3 re-sent: one gap of four minutes where the re-sent ones belong.
      expect(nine).toMatchObject({ realtimeFrames: 17, resentFrames: 3, resentRatio: 0.15, gaps: 1 });
      expect(nine?.longestGapMinutes).toBeGreaterThanOrEqual(3.9);
      // The frames seed's days: two trips of 30 units, 3 re-sent each.
      expect(days.filter((d) => d.day !== seedDay).map((d) => [d.realtimeFrames, d.resentFrames, d.gaps])).toEqual([
        [54, 6, 2],
        [54, 6, 2],
      ]);
      // Every machine of the tenants, paged; another tenant sees none of this vehicle.
      const all = await ledger.call("getReliabilityStats", {
        token: admin,
        query: { ...range, pageSize: 5, pageNum: 2 },
      });
      expect(all.body.data.list).toHaveLength(5);
      expect(all.body.data.total).toBeGreaterThan(10);
      const past = await ledger.call("getReliabilityStats", { token: admin, query: { ...range, pageNum: 999 } });
      expect(past.body.data).toEqual({ list: [], total: all.body.data.total });
      const foreign = await ledger.call("getReliabilityStats", { token: other, query: { vin: gbVin, ...range } });
      expect(foreign.body.data).toEqual({ list: [], total: 0 });
      const upside = await ledger.call("getReliabilityStats", {
        token: admin,
        query: { startTime: range.endTime, endTime: range.startTime },
      });
      expect(upside.status).toBe(400);
    });

    it("exports the four screens as tasks behind their own permissions, names and words as on screen", async () => {
      for (const [op, vin] of [
        ["exportErrorReports", gbVin],
        ["exportEcallMessages", jtVin],
        ["exportTripData", gbVin],
      ] as const) {
        expect((await ledger.call(op, { token: operator, query: { vin, ...range } })).status).toBe(403);
        expect((await ledger.call(op, { token: other, query: { vin, ...range } })).status).toBe(400);
        expect((await ledger.call(op, { token: admin, query: { vin, ...range } })).status).toBe(200);
      }
      expect((await ledger.call("exportReliabilityStats", { token: operator, query: range })).status).toBe(403);
      expect(
        (await ledger.call("exportReliabilityStats", { token: admin, query: { vin: gbVin, ...range } })).status,
      ).toBe(200);
      const bad = await ledger.call("exportReliabilityStats", {
        token: admin,
        query: { startTime: 0, endTime: 40 * DAY },
      });
      expect(bad.status).toBe(400);
      await server.ctx.exports.idle();
      const tasks = await server.db
        .selectFrom("export_task")
        .select(["kind", "status", "row_count", "object_key"])
        .execute();
      expect(tasks.find((t) => t.kind === "exportEcallMessages")).toMatchObject({ status: "done", row_count: 6 });
      expect(tasks.find((t) => t.kind === "exportTripData")).toMatchObject({ status: "done", row_count: 5 });
      expect(tasks.find((t) => t.kind === "exportReliabilityStats")).toMatchObject({ status: "done", row_count: 3 });
      const faults = tasks.find((t) => t.kind === "exportErrorReports");
      expect(faults).toMatchObject({ status: "done", row_count: 10 });
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(server.ctx.objects.pathOf(faults?.object_key ?? ""));
      const sheet = book.worksheets[0];
      if (!sheet) throw new Error("the export has no sheet");
      const header = (sheet.getRow(1).values as string[]).filter(Boolean);
      expect(header).toEqual(expect.arrayContaining(["故障来源", "故障", "最高报警等级"]));
      const col = header.indexOf("故障") + 1;
      const cells: string[] = [];
      sheet.eachRow((row, n) => {
        if (n > 1) cells.push(String(row.getCell(col).value ?? ""));
      });
      expect(cells).toContain("0000A001 BMS内部通信故障、0000B010 旋变信号异常、0000C0FF（未登记的故障码）");
    });

    it("calls every owned operation with good and bad input", () => {
      ledger.expectCovered(TBOX_JOURNAL_3_OPS);
    });
  },
);
