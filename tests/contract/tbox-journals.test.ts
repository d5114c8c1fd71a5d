import { tboxJournalEntries } from "@tsp/domain";
import { cursorPages, items } from "@tsp/sdk";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { type Answer, signIn } from "./support/contract";
import { TBOX_JOURNAL_OPS } from "./support/owners";
import { drivenVins } from "./support/seedDrives";

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
const DAY = 24 * 3600 * 1000;

interface Reading {
  status: "valid" | "abnormal" | "invalid";
  value: number | null;
  unit: string;
}
interface Row {
  frameId: number;
  receivedAt: number;
  collectedAt: number;
  protocol: "gbt32960" | "jt808";
  resent: boolean;
  fixValid: boolean;
  longitude: number | null;
  soc: Reading | null;
  speed: Reading | null;
  alarmLevel: Reading | null;
  alarms: string[];
  content: string;
}

/** Every row of a journal, read through the SDK's cursor iterator (each page a real call). */
async function readAll(token: string, query: Record<string, unknown>, pageSize = 7): Promise<Row[]> {
  const rows: Row[] = [];
  const pages = cursorPages<Row>(async (rowKey) => {
    const res = await ledger.call("getTboxJournal", { token, query: { ...query, pageSize, rowKey } });
    expect(res.status).toBe(200);
    return res.body.data;
  });
  for await (const row of items(pages)) rows.push(row);
  return rows;
}

interface Episode {
  id: number;
  protocol: string;
  name: string;
  level: number | null;
  startedAt: number;
  endedAt: number | null;
  content: string;
}

const EXPORTS = [
  ["exportLocationMessages", "location"],
  ["exportLocationResendMessages", "locationResend"],
  ["exportWarnMessages", "warn"],
  ["exportEnergyCarData", "energyCar"],
  ["exportWarnData", "warnsearch"],
] as const;

describe.skipIf(engine.skip)(`TBOX message journals over the gateway's frames (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 4, journalPerVehicle: 2 } } });
    base = server.url;
    ({ token: admin } = await signIn(base, "admin", "Admin@123456"));
    ({ token: operator } = await signIn(base, "operator", "Operator@123456"));
    ({ token: other } = await signIn(base, "tenant2admin", "Admin@123456"));
    const vehicles = await server.db
      .selectFrom("vehicle")
      .innerJoin("tenant", "tenant.id", "vehicle.tenant_id")
      .select(["vin", "tenant.code"])
      .orderBy("vehicle.vin")
      .execute();
    const frames = await server.db
      .selectFrom("gateway_frame")
      .select(["vin", "command", "raw_hex"])
      .where("status", "=", "ok")
      .execute();
    // Vehicles with the frames seed's trips (other seeds store a handful of frames for others).
    const driven = drivenVins(frames);
    const mine = vehicles.filter((v) => v.code.startsWith("T0001"));
    gbVin = mine.find((v) => driven.gbt32960.has(v.vin) && !driven.jt808.has(v.vin))?.vin ?? "";
    jtVin = mine.find((v) => driven.jt808.has(v.vin))?.vin ?? "";
    const now = server.ctx.now().getTime();
    range = { startTime: now - 7 * DAY, endTime: now };
  }, 120_000);
  afterAll(() => server?.stop());

  it("车辆位置报文 and 位置补发报文 split a vehicle's positions by re-sending, for either standard", async () => {
    for (const vin of [gbVin, jtVin]) {
      const live = await readAll(admin, { journal: "location", vin, ...range });
      const resent = await readAll(admin, { journal: "locationResend", vin, ...range });
      // The seed: 120 positions over two days, 12 of them re-sent after a tunnel.
      expect(live.length).toBe(108);
      expect(resent.length).toBe(12);
      expect(live.every((r) => !r.resent) && resent.every((r) => r.resent)).toBe(true);
      expect(new Set([...live, ...resent].map((r) => r.protocol))).toEqual(
        new Set([vin === jtVin ? "jt808" : "gbt32960"]),
      );
      // Newest first by default, each row the decoding of its own raw frame.
      const received = live.map((r) => r.receivedAt);
      expect(received).toEqual([...received].toSorted((a, b) => b - a));
      for (const r of live.slice(0, 5)) expect(tboxJournalEntries(r.content)[0]?.collectedAt).toBe(r.collectedAt);
      const oldest = await readAll(admin, { journal: "location", vin, ...range, reportTimeDesc: false }, 50);
      expect(oldest.map((r) => r.frameId)).toEqual(live.map((r) => r.frameId).toReversed());
    }
    const onlyJt = await readAll(admin, { journal: "location", vin: gbVin, ...range, protocol: "jt808" });
    expect(onlyJt).toEqual([]);
  });

  it("新能源国标数据 keeps an unreadable SOC as 无效, never a number", async () => {
    const rows = await readAll(admin, { journal: "energyCar", vin: gbVin, ...range }, 40);
    expect(rows.length).toBe(120);
    const invalid = rows.filter((r) => r.soc?.status === "invalid");
    // Once a trip, four trips.
    expect(invalid.length).toBe(4);
    expect(invalid.every((r) => r.soc?.value === null && r.soc.unit === "%")).toBe(true);
    expect(rows.filter((r) => r.soc?.status === "valid").every((r) => typeof r.soc?.value === "number")).toBe(true);
    expect(rows.every((r) => r.speed?.unit === "km/h")).toBe(true);
    // A JT/T 808 vehicle sends no new-energy data.
    expect(await readAll(admin, { journal: "energyCar", vin: jtVin, ...range })).toEqual([]);
  });

  it("车辆报警报文 and 报警数据查询 read the alarms by the standards' names and level", async () => {
    const gb = await readAll(admin, { journal: "warn", vin: gbVin, ...range });
    expect(gb.length).toBe(4);
    expect(gb.every((r) => r.alarms.includes("绝缘报警"))).toBe(true);
    expect(gb.map((r) => r.alarmLevel?.value).toSorted()).toEqual([1, 1, 2, 2]);
    const jt = await readAll(admin, { journal: "warn", vin: jtVin, ...range });
    expect(jt.length).toBe(4);
    expect(jt.every((r) => r.alarms.includes("超速报警") && r.alarmLevel === null)).toBe(true);
    const level2 = await readAll(admin, { journal: "warnsearch", vin: gbVin, ...range, level: 2 });
    expect(level2.map((r) => r.alarms)).toEqual([
      ["电池高温报警", "绝缘报警"],
      ["电池高温报警", "绝缘报警"],
    ]);
    const tired = await readAll(admin, { journal: "warnsearch", vin: jtVin, ...range, alarm: "疲劳驾驶" });
    expect(tired.length).toBe(2);
    // Level and alarm are 报警数据查询's filters only.
    expect(await readAll(admin, { journal: "warn", vin: gbVin, ...range, level: 3 })).toHaveLength(4);
  });

  it("报警数据查询 reads the alarm episodes of the decoded store: start, end, level and the frame that started it", async () => {
    const read = async (token: string, query: Record<string, unknown>) => {
      const rows: Episode[] = [];
      const pages = cursorPages<Episode>(async (rowKey) => {
        const res = await ledger.call("getAlarmEpisodes", { token, query: { ...query, pageSize: 1, rowKey } });
        expect(res.status).toBe(200);
        return res.body.data;
      });
      for await (const row of items(pages)) rows.push(row);
      return rows;
    };
    const gb = await read(admin, { vin: gbVin, ...range });
    // 绝缘报警 for four minutes (level 1 at its start), 电池高温报警 for the last two (level 2).
    expect(gb.map((e) => [e.name, e.level, (Number(e.endedAt) - e.startedAt) / 60_000])).toEqual([
      ["电池高温报警", 2, 2],
      ["绝缘报警", 1, 4],
    ]);
    const [hot] = gb;
    const started = tboxJournalEntries(hot?.content ?? "")[0];
    expect(started?.collectedAt).toBe(hot?.startedAt);
    expect(started?.alarms).toContain("电池高温报警");
    const jt = await read(admin, { vin: jtVin, ...range, alarm: "疲劳驾驶" });
    expect(jt).toHaveLength(1);
    expect(jt[0]).toMatchObject({ protocol: "jt808", level: null });
    expect(await read(admin, { vin: gbVin, ...range, level: 3 })).toEqual([]);
    expect(await read(other, { vin: gbVin, ...range })).toEqual([]);
    const forged = await ledger.call("getAlarmEpisodes", {
      token: admin,
      query: { vin: gbVin, ...range, rowKey: "a.b" },
    });
    expect(forged.status).toBe(400);
    const bad = await ledger.call("getAlarmEpisodes", { token: admin, query: { vin: gbVin, ...range, level: 0 } });
    expect(bad.status).toBe(400);
  });

  it("a cursor is bound to its query; another tenant's VIN reads empty; bad input is refused in Chinese", async () => {
    const first = await ledger.call("getTboxJournal", {
      token: admin,
      query: { journal: "location", vin: gbVin, ...range, pageSize: 5 },
    });
    const key = first.body.data.nextKey as string;
    expect(key).toBeTruthy();
    const moved = await ledger.call("getTboxJournal", {
      token: admin,
      query: { journal: "locationResend", vin: gbVin, ...range, pageSize: 5, rowKey: key },
    });
    expect(moved.status).toBe(400);
    expect((moved.body as Answer).data.failDetail[0].msg).toContain("游标无效");
    const hidden = await ledger.call("getTboxJournal", {
      token: other,
      query: { journal: "location", vin: gbVin, ...range },
    });
    expect(hidden.body.data).toEqual({ list: [], nextKey: null });
    const reversed = await ledger.call("getTboxJournal", {
      token: admin,
      query: { journal: "warn", vin: gbVin, startTime: range.endTime, endTime: range.startTime },
    });
    expect(reversed.status).toBe(400);
    expect((reversed.body as Answer).data.failDetail[0].msg).toBe("结束时间不能早于开始时间");
    const long = await ledger.call("getTboxJournal", {
      token: admin,
      query: { journal: "warn", vin: gbVin, startTime: 0, endTime: 40 * DAY },
    });
    expect((long.body as Answer).data.failDetail[0].msg).toBe("查询时间跨度不能超过31天");
    for (const query of [
      { journal: "nope", vin: gbVin, ...range },
      { journal: "warnsearch", vin: gbVin, ...range, level: 4 },
      { journal: "location", vin: "SHORT", ...range },
    ]) {
      expect((await ledger.call("getTboxJournal", { token: admin, query })).status).toBe(400);
    }
  });

  it("exports each journal as a task behind its own permission, values with units and 无效 as a word", async () => {
    for (const [op] of EXPORTS) {
      expect((await ledger.call(op, { token: operator, query: { vin: gbVin, ...range } })).status).toBe(403);
      const res = await ledger.call(op, { token: admin, query: { vin: gbVin, ...range } });
      expect(res.status).toBe(200);
    }
    const foreign = await ledger.call("exportWarnMessages", { token: other, query: { vin: gbVin, ...range } });
    expect(foreign.status).toBe(400);
    await server.ctx.exports.idle();
    const tasks = await server.db
      .selectFrom("export_task")
      .select(["kind", "status", "row_count", "object_key"])
      .execute();
    const count = (kind: string) => tasks.find((t) => t.kind === kind);
    expect(count("exportLocationMessages")).toMatchObject({ status: "done", row_count: 108 });
    expect(count("exportLocationResendMessages")).toMatchObject({ status: "done", row_count: 12 });
    expect(count("exportWarnMessages")).toMatchObject({ status: "done", row_count: 4 });
    expect(count("exportEnergyCarData")).toMatchObject({ status: "done", row_count: 120 });
    // 报警数据查询 exports episodes: 绝缘报警 and 电池高温报警.
    expect(count("exportWarnData")).toMatchObject({ status: "done", row_count: 2 });
    const energy = count("exportEnergyCarData");
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(server.ctx.objects.pathOf(energy?.object_key ?? ""));
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error("the export has no sheet");
    const header = (sheet.getRow(1).values as string[]).filter(Boolean);
    expect(header).toContain("SOC");
    const socCol = header.indexOf("SOC") + 1;
    const socs: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) socs.push(String(row.getCell(socCol).value));
    });
    expect(socs.filter((s) => s === "无效").length).toBe(4);
    expect(socs.filter((s) => s.endsWith(" %")).length).toBe(116);
  });

  it("calls every owned operation with good and bad input", () => {
    ledger.expectCovered(TBOX_JOURNAL_OPS);
  });
});
