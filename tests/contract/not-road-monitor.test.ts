import { MACHINE_STATES, onlineByDay, pairSessions } from "@tsp/domain";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { signIn } from "./support/contract";
import { NOT_ROAD_MONITOR_OPS } from "./support/owners";

const engine = testEngine();
let server: TestServer;
let base: string;
const ledger = new CallLedger(() => base);
let admin: string;
let operator: string;
let other: string;
/** Tenant T0001's (and its sub-tenant's) machines. */
let mine: string[];
let theirs: string[];

interface Row {
  vin: string;
  machineryType: string;
  model: string;
  online: boolean;
  state: (typeof MACHINE_STATES)[number];
  lastReportAt: number | null;
  engineRpm: number | null;
  coolantC: number | null;
  workingHours: number | null;
  longitude: number | null;
  alarm: string | null;
}
type Counts = Record<(typeof MACHINE_STATES)[number], number>;

async function list(token: string, query: Record<string, unknown> = {}) {
  const res = await ledger.call("listMachineStates", { token, query: { pageSize: 100, ...query } });
  expect(res.status).toBe(200);
  return res.body.data as { list: Row[]; total: number; counts: Counts };
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

const DAY = 86_400_000;

describe.skipIf(engine.skip)(`非道路机械监控: map, latest state, history, online time (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 2, journalPerVehicle: 1 } } });
    base = server.url;
    ({ token: admin } = await signIn(base, "admin", "Admin@123456"));
    ({ token: operator } = await signIn(base, "operator", "Operator@123456"));
    ({ token: other } = await signIn(base, "tenant2admin", "Admin@123456"));
    const machines = await server.db
      .selectFrom("bss_machinery_info")
      .innerJoin("tenant", "tenant.id", "bss_machinery_info.tenant_id")
      .select(["vin", "tenant.code"])
      .execute();
    mine = machines.filter((m) => m.code.startsWith("T0001")).map((m) => m.vin);
    theirs = machines.filter((m) => m.code.startsWith("T0002")).map((m) => m.vin);
  }, 120_000);
  afterAll(() => server?.stop());

  it("lists every machine of the caller's tenants in every state, newest report first, counts per state", async () => {
    const page = await list(admin);
    expect(page.total).toBe(mine.length);
    expect(page.list.map((r) => r.vin).toSorted()).toEqual(mine.toSorted());
    // The seed gives each role: working now, idling, logged out, in alarm; and machines that never reported.
    for (const s of MACHINE_STATES) expect(page.counts[s], s).toBeGreaterThan(0);
    expect(Object.values(page.counts).reduce((a, b) => a + b, 0)).toBe(page.total);
    const never = page.list.filter((r) => r.lastReportAt === null);
    expect(never.length).toBeGreaterThan(0);
    expect(never.every((r) => r.state === "offline" && r.engineRpm === null)).toBe(true);
    const times = page.list.map((r) => r.lastReportAt ?? -1);
    expect(times).toEqual(times.toSorted((a, b) => b - a));
    const working = page.list.filter((r) => r.state === "working");
    expect(working.every((r) => r.online && (r.engineRpm ?? 0) >= 1000)).toBe(true);
    const alarms = page.list.filter((r) => r.state === "alarm");
    expect(alarms.every((r) => r.alarm !== null)).toBe(true);
    expect(alarms.some((r) => r.alarm === "冷却液温度过高" && (r.coolantC ?? 0) > 100)).toBe(true);
    // Another tenant sees only its own.
    const foreign = await list(other);
    expect(foreign.list.map((r) => r.vin).toSorted()).toEqual(theirs.toSorted());
  });

  it("filters by state, type, model and PIN; the map answers the placed machines as parallel arrays", async () => {
    const all = (await list(admin)).list;
    const offline = await list(admin, { state: "offline" });
    expect(offline.list.every((r) => r.state === "offline")).toBe(true);
    expect(offline.total).toBe(all.filter((r) => r.state === "offline").length);
    const first = all[0] as Row;
    const byType = await list(admin, { machineryType: first.machineryType });
    expect(byType.total).toBe(all.filter((r) => r.machineryType === first.machineryType).length);
    const byModel = await list(admin, { model: first.model });
    expect(byModel.list.every((r) => r.model === first.model)).toBe(true);
    const byPin = await list(admin, { vin: first.vin.slice(-6).toLowerCase() });
    expect(byPin.list.map((r) => r.vin)).toContain(first.vin);
    const paged = await list(admin, { pageSize: 5, pageNum: 2 });
    expect(paged.list.map((r) => r.vin)).toEqual(all.slice(5, 10).map((r) => r.vin));

    const map = await ledger.call("listMachineMap", { token: admin, query: {} });
    expect(map.status).toBe(200);
    const m = map.body.data;
    const placed = all.filter((r) => r.longitude !== null);
    expect(m.vin.toSorted()).toEqual(placed.map((r) => r.vin).toSorted());
    expect([m.lng.length, m.lat.length, m.state.length]).toEqual([m.vin.length, m.vin.length, m.vin.length]);
    expect(m.counts).toEqual((await list(admin)).counts);
    const alarmMap = (await ledger.call("listMachineMap", { token: admin, query: { state: "alarm" } })).body.data;
    expect(alarmMap.state.every((s: string) => s === "alarm")).toBe(true);
    expect((await ledger.call("listMachineMap", { token: admin, query: { state: "busy" } })).status).toBe(400);
    expect((await ledger.call("listMachineStates", { token: admin, query: { machineryType: "car" } })).status).toBe(
      400,
    );
  });

  it("answers one machine's card; 404 for another tenant's, 400 for a malformed PIN", async () => {
    const row = (await list(admin)).list.find((r) => r.lastReportAt !== null) as Row;
    const res = await ledger.call("getMachineState", { token: admin, query: { vin: row.vin } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ vin: row.vin, state: row.state });
    expect(res.body.data.mein).not.toBe("");
    expect(res.body.data.lastLoginAt).toBeGreaterThan(0);
    expect((await ledger.call("getMachineState", { token: other, query: { vin: row.vin } })).status).toBe(404);
    expect((await ledger.call("getMachineState", { token: admin, query: { vin: "SHORT" } })).status).toBe(400);
  });

  it("pages one machine's reports over at most 7 days, newest first", async () => {
    const vin = (await list(admin)).list.find((r) => r.lastReportAt !== null)?.vin ?? "";
    const now = Date.now();
    const query = { vin, startTime: now - 4 * DAY, endTime: now, pageSize: 20 };
    const res = await ledger.call("listMachineHistory", { token: admin, query });
    expect(res.status).toBe(200);
    const stored = await server.db
      .selectFrom("machine_sample")
      .select("collected_at")
      .where("vin", "=", vin)
      .where("collected_at", ">=", query.startTime)
      .execute();
    expect(res.body.data.total).toBe(stored.length);
    const at = res.body.data.list.map((s: { collectedAt: number }) => s.collectedAt);
    expect(at).toEqual(at.toSorted((a: number, b: number) => b - a));
    expect(at[0]).toBe(Math.max(...stored.map((s) => Number(s.collected_at))));
    const tooLong = await ledger.call("listMachineHistory", {
      token: admin,
      query: { vin, startTime: now - 8 * DAY, endTime: now },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.data.failDetail[0].msg).toContain("不能超过7天");
    const foreign = await ledger.call("listMachineHistory", { token: admin, query: { ...query, vin: theirs[0] } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.data.failDetail[0].msg).toContain("未找到该PIN码的机械");
  });

  it("sums online time per machine and day from the login/logout pairs", async () => {
    const now = Date.now();
    const query = { startTime: now - 5 * DAY, endTime: now, pageSize: 500 };
    const res = await ledger.call("listMachineOnlineTime", { token: admin, query });
    expect(res.status).toBe(200);
    const rows = res.body.data.list as { vin: string; day: string; onlineMs: number; sessions: number }[];
    expect(res.body.data.total).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(mine.length);
    // One machine's days as the domain pairs its stored connection log.
    const vin = rows[0]?.vin ?? "";
    const events = await server.db
      .selectFrom("machine_connection")
      .select(["at", "kind"])
      .where("vin", "=", vin)
      .execute();
    const expected = onlineByDay(
      pairSessions(events.map((e) => ({ at: Number(e.at), kind: e.kind }))),
      { from: query.startTime, to: query.endTime + 1 },
      Date.now(),
    );
    const got = rows.filter((r) => r.vin === vin);
    expect(got.map((r) => r.day).toSorted()).toEqual(expected.map((d) => d.day));
    // A past shift day: two sessions (morning and afternoon) of about 8–9 hours together.
    const past = got.find((r) => r.sessions === 2);
    expect(past?.onlineMs).toBeGreaterThan(7 * 3_600_000);
    expect(rows.every((r) => mine.includes(r.vin))).toBe(true);
    const tooLong = await ledger.call("listMachineOnlineTime", {
      token: admin,
      query: { startTime: now - 40 * DAY, endTime: now },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.data.failDetail[0].msg).toContain("不能超过31天");
  });

  it("exports the three lists as tasks behind their permissions", async () => {
    const now = Date.now();
    const vin = (await list(admin)).list.find((r) => r.lastReportAt !== null)?.vin ?? "";
    const range = { startTime: now - 2 * DAY, endTime: now };
    expect((await ledger.call("exportMachineStates", { token: operator, query: {} })).status).toBe(403);
    expect((await ledger.call("exportMachineHistory", { token: operator, query: { vin, ...range } })).status).toBe(403);
    expect((await ledger.call("exportMachineOnlineTime", { token: operator, query: range })).status).toBe(403);
    expect((await ledger.call("exportMachineStates", { token: admin, query: { state: "x" } })).status).toBe(400);
    expect(
      (await ledger.call("exportMachineHistory", { token: admin, query: { vin, startTime: now, endTime: now - 1 } }))
        .status,
    ).toBe(400);
    expect(
      (
        await ledger.call("exportMachineOnlineTime", {
          token: admin,
          query: { startTime: now - 90 * DAY, endTime: now },
        })
      ).status,
    ).toBe(400);

    expect((await ledger.call("exportMachineStates", { token: admin, query: {} })).status).toBe(200);
    const states = await exportedRows("exportMachineStates");
    expect(states[0]?.slice(0, 5)).toEqual(["机械PIN码", "机械类型", "品牌", "产品型号", "状态"]);
    expect(states.length - 1).toBe(mine.length);
    expect((await ledger.call("exportMachineHistory", { token: admin, query: { vin, ...range } })).status).toBe(200);
    const history = await exportedRows("exportMachineHistory");
    expect(history[0]?.[0]).toBe("采集时间");
    expect(history.length).toBeGreaterThan(10);
    expect((await ledger.call("exportMachineOnlineTime", { token: admin, query: range })).status).toBe(200);
    const online = await exportedRows("exportMachineOnlineTime");
    expect(online[0]?.slice(0, 5)).toEqual(["日期", "机械PIN码", "机械类型", "产品型号", "在线时长(h)"]);
    expect(online.slice(1).every((r) => /^\d+\.\d$/.test(r[4] ?? ""))).toBe(true);
  });

  it("calls every owned operation with good and bad input", () => {
    ledger.expectCovered(NOT_ROAD_MONITOR_OPS);
  });
});
