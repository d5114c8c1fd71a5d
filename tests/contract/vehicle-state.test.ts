import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { signIn } from "./support/contract";
import { VEHICLE_STATE_OPS } from "./support/owners";

const engine = testEngine();
let server: TestServer;
let base: string;
const ledger = new CallLedger(() => base);
let admin: string;
let operator: string;
let other: string;
/** Tenant T0001's (and its sub-tenant's) vehicles. */
let mine: string[];
/** A vehicle of T0001 whose seeded frames are GB/T 32960 (it has a new-energy state). */
let gbVin: string;

interface Reading {
  status: "valid" | "abnormal" | "invalid";
  value: number | null;
  unit: string;
}
interface Row {
  vin: string;
  online: boolean;
  lastReportAt: number | null;
  collectedAt: number | null;
  soc: Reading | null;
  speed: Reading | null;
  chargeState: { code: number | null; text: string } | null;
  alarmLevel: Reading | null;
  longitude: number | null;
}

async function list(token: string, query: Record<string, unknown> = {}): Promise<{ list: Row[]; total: number }> {
  const res = await ledger.call("listVehicleStates", { token, query: { pageSize: 100, ...query } });
  expect(res.status).toBe(200);
  return res.body.data;
}

describe.skipIf(engine.skip)(`车辆实时状态: the fleet's latest state (${engine.kind})`, () => {
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
      .execute();
    mine = vehicles.filter((v) => v.code.startsWith("T0001")).map((v) => v.vin);
    const states = await server.db.selectFrom("gateway_latest_state").select("vin").execute();
    gbVin = states.map((s) => s.vin).find((v) => mine.includes(v)) ?? "";
  }, 120_000);
  afterAll(() => server?.stop());

  it("lists every vehicle of the caller's tenants, the seeded GB/T 32960 ones with their newest unit", async () => {
    expect(gbVin).not.toBe("");
    const page = await list(admin);
    expect(page.total).toBe(mine.length);
    expect(page.list.map((r) => r.vin).toSorted()).toEqual(mine.toSorted());
    const gb = page.list.find((r) => r.vin === gbVin);
    // The seed's frames went through the gateway's writer: the newest unit's values, with units.
    expect(gb?.collectedAt).toBeGreaterThan(0);
    expect(gb?.soc?.unit).toBe("%");
    expect(gb?.speed?.unit).toBe("km/h");
    expect(gb?.longitude).not.toBeNull();
    const stored = await server.db
      .selectFrom("gateway_latest_state")
      .selectAll()
      .where("vin", "=", gbVin)
      .executeTakeFirst();
    expect(gb?.collectedAt).toBe(Number(stored?.collected_at));
    // Ordered by the last report, newest first; never-reported vehicles last.
    const times = page.list.map((r) => r.lastReportAt ?? -1);
    expect(times).toEqual(times.toSorted((a, b) => b - a));
    // Another tenant sees none of them.
    const foreign = await list(other);
    expect(foreign.list.filter((r) => mine.includes(r.vin))).toEqual([]);
  });

  it("filters by VIN, online, SOC range (upper bound exclusive), alarm level and charge state", async () => {
    const all = (await list(admin)).list;
    const socs = all.map((r) => r.soc?.value).filter((s): s is number => typeof s === "number");
    expect(socs.length).toBeGreaterThan(0);
    const cut = Math.max(...socs);
    const below = await list(admin, { socMax: cut });
    expect(below.list.every((r) => r.soc?.status === "valid" && (r.soc.value ?? 100) < cut)).toBe(true);
    expect(below.total).toBe(socs.filter((s) => s < cut).length);
    const atLeast = await list(admin, { socMin: cut });
    expect(atLeast.total).toBe(socs.filter((s) => s >= cut).length);
    const byVin = await list(admin, { vin: gbVin.slice(-6).toLowerCase() });
    expect(byVin.list.map((r) => r.vin)).toContain(gbVin);
    const offline = await list(admin, { online: "offline" });
    const online = await list(admin, { online: "online" });
    expect(offline.total + online.total).toBe(all.length);
    expect(offline.list.every((r) => !r.online) && online.list.every((r) => r.online)).toBe(true);
    const level0 = await list(admin, { alarmLevel: 0 });
    expect(level0.list.every((r) => r.alarmLevel?.value === 0)).toBe(true);
    const code = all.find((r) => r.chargeState?.code != null)?.chargeState?.code ?? 3;
    const charging = await list(admin, { chargeState: code });
    expect(charging.total).toBe(all.filter((r) => r.chargeState?.code === code).length);
  });

  it("refuses a reversed or out-of-range SOC and unknown codes, before anything is read", async () => {
    const reversed = await ledger.call("listVehicleStates", { token: admin, query: { socMin: 60, socMax: 20 } });
    expect(reversed.status).toBe(400);
    expect(reversed.body.data.failDetail[0].msg).toContain("SOC下限不能大于上限");
    for (const query of [{ socMax: 101 }, { alarmLevel: 4 }, { chargeState: 0 }, { online: "maybe" }]) {
      expect((await ledger.call("listVehicleStates", { token: admin, query })).status).toBe(400);
    }
  });

  it("answers one VIN's every value, 404 for another tenant's or an unknown vehicle", async () => {
    const res = await ledger.call("getVehicleState", { token: admin, query: { vin: gbVin } });
    expect(res.status).toBe(200);
    const detail = res.body.data;
    expect(detail.vin).toBe(gbVin);
    expect(detail.receivedAt).toBeGreaterThanOrEqual(detail.collectedAt);
    expect(Array.isArray(detail.motors) && Array.isArray(detail.alarms)).toBe(true);
    // The last login: the newest of the gateway's connection state and the login journal.
    const journal = await server.db
      .selectFrom("vehicle_login_log")
      .select("ts")
      .where("vin", "=", gbVin)
      .orderBy("ts", "desc")
      .executeTakeFirst();
    expect(detail.lastLoginAt).toBe(journal ? Number(journal.ts) : null);
    expect((await ledger.call("getVehicleState", { token: other, query: { vin: gbVin } })).status).toBe(404);
    expect((await ledger.call("getVehicleState", { token: admin, query: { vin: "LSVAU2180N2100000" } })).status).toBe(
      404,
    );
    expect((await ledger.call("getVehicleState", { token: admin, query: { vin: "SHORT" } })).status).toBe(400);
  });

  it("exports the list's filters as a task behind /newCarMonitor/latest/export, values with units", async () => {
    expect((await ledger.call("exportVehicleStates", { token: operator, query: {} })).status).toBe(403);
    expect((await ledger.call("exportVehicleStates", { token: admin, query: { socMin: 50, socMax: 10 } })).status).toBe(
      400,
    );
    const res = await ledger.call("exportVehicleStates", { token: admin, query: {} });
    expect(res.status).toBe(200);
    await server.ctx.exports.idle();
    const task = await server.db
      .selectFrom("export_task")
      .select(["status", "row_count", "object_key"])
      .where("kind", "=", "exportVehicleStates")
      .executeTakeFirstOrThrow();
    expect(task).toMatchObject({ status: "done", row_count: mine.length });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(server.ctx.objects.pathOf(task.object_key ?? ""));
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error("the export has no sheet");
    const header = (sheet.getRow(1).values as string[]).filter(Boolean);
    expect(header.slice(0, 6)).toEqual(["VIN", "车牌号", "车型", "在线状态", "最后上报时间", "SOC"]);
    const socCol = header.indexOf("SOC") + 1;
    const socs: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) socs.push(String(row.getCell(socCol).value));
    });
    expect(socs.length).toBe(mine.length);
    expect(socs.every((s) => s.endsWith(" %") || s === "—" || s === "无效" || s === "异常")).toBe(true);
    expect(socs.some((s) => s.endsWith(" %"))).toBe(true);
  });

  it("calls every owned operation with good and bad input", () => {
    ledger.expectCovered(VEHICLE_STATE_OPS);
  });
});
