import { decodeHj1239Message } from "@tsp/domain";
import { cursorPages, items } from "@tsp/sdk";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { type Answer, signIn } from "./support/contract";
import { TBOX_JOURNAL_2_OPS } from "./support/owners";
import { drivenVins } from "./support/seedDrives";

const engine = testEngine();
let server: TestServer;
let base: string;
const ledger = new CallLedger(() => base);
let admin: string;
let operator: string;
let other: string;
let truckVin: string;
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
  protocol: "gbt32960" | "jt808" | "hj1239";
  resent: boolean;
  fixValid: boolean;
  longitude: number | null;
  speed: Reading | null;
  mileage: Reading | null;
  items: string[];
  gear: { code: number; name: string; short: string; drivingForce: boolean; brakingForce: boolean } | null;
  diesel: Record<string, Reading> | null;
  obd: { protocol: string; mil: string; calibrationId: string | null; faultCodes: string[] } | null;
  content: string;
}

async function readAll(token: string, query: Record<string, unknown>, pageSize = 25): Promise<Row[]> {
  const rows: Row[] = [];
  const pages = cursorPages<Row>(async (rowKey) => {
    const res = await ledger.call("getTboxJournal", { token, query: { ...query, pageSize, rowKey } });
    expect(res.status).toBe(200);
    return res.body.data;
  });
  for await (const row of items(pages)) rows.push(row);
  return rows;
}

describe.skipIf(engine.skip)(`燃油车国标数据 and 档位车速报文 (${engine.kind})`, () => {
  beforeAll(async () => {
    // Six vehicles a tenant: tenant 1's fleet then holds an HJ 1239 truck the seed drives (the draw is deterministic).
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 6, journalPerVehicle: 2 } } });
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
    const reporting = (keep: (f: (typeof frames)[number]) => boolean) =>
      [
        ...new Set(frames.filter((f) => f.vin !== null && ours.has(f.vin) && keep(f)).map((f) => f.vin as string)),
      ].toSorted();
    // Vehicles the seed drives (other seeds store a handful of frames for others).
    const driven = drivenVins(frames);
    const jt = reporting((f) => driven.jt808.has(f.vin ?? ""));
    truckVin = reporting((f) => driven.hj1239.has(f.vin ?? ""))[0] ?? "";
    jtVin = jt[0] ?? "";
    // A vehicle with the frames seed's GB/T 32960 trips (real-time units, command 0x02).
    gbVin = reporting((f) => driven.gbt32960.has(f.vin ?? "")).find((v) => !jt.includes(v)) ?? "";
    const now = server.ctx.now().getTime();
    range = { startTime: now - 7 * DAY, endTime: now };
  }, 120_000);
  afterAll(() => server?.stop());

  it("the seed gives some diesel trucks (T-BOX filed as HJ 1239) a morning of HJ 1239 frames", () => {
    expect(truckVin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
    expect(gbVin).not.toBe("");
    expect(jtVin).not.toBe("");
  });

  it("燃油车国标数据: every OBD and diesel item of the truck's units, each its own row with units and names", async () => {
    const rows = await readAll(admin, { journal: "fuelCar", vin: truckVin, ...range });
    // 30 units a trip: ten one-second diesel samples each, the OBD item every ten minutes.
    expect(rows.filter((r) => r.diesel !== null)).toHaveLength(300);
    expect(rows.filter((r) => r.obd !== null)).toHaveLength(3);
    expect(rows.every((r) => r.protocol === "hj1239" && r.gear === null)).toBe(true);
    // Three units re-sent after a dead zone.
    expect(rows.filter((r) => r.resent && r.diesel)).toHaveLength(30);
    const d = rows.find((r) => r.diesel && (r.speed?.value ?? 0) > 30) as Row;
    expect(d.speed?.unit).toBe("km/h");
    expect(d.diesel?.engineSpeed?.unit).toBe("r/min");
    expect(d.diesel?.scrUpstreamNox?.unit).toBe("ppm");
    expect(d.diesel?.coolantTemperature?.unit).toBe("℃");
    expect(d.fixValid).toBe(true);
    // The fuel sender once unreadable: 无效, with no number.
    const noFuel = rows.filter((r) => r.diesel?.fuelLevel?.status === "invalid");
    expect(noFuel).toHaveLength(1);
    expect(noFuel[0]?.diesel?.fuelLevel?.value).toBeNull();
    const obd = rows.find((r) => r.obd) as Row;
    expect(obd.items).toEqual(["OBD信息"]);
    expect(obd.obd?.protocol).toBe("SAE J1939");
    expect(obd.obd?.calibrationId).toBe(`CAL${truckVin.slice(-8)}`);
    // Each row is the decoding of its own raw frame, at the item's own collection time.
    const decoded = decodeHj1239Message(d.content);
    expect(decoded.ok && decoded.value.body.kind === "realtime").toBe(true);
    if (decoded.ok && decoded.value.body.kind === "realtime") {
      expect(decoded.value.body.items.map((i) => i.time)).toContain(d.collectedAt);
    }
    // A page ends on a frame boundary; oldest first is the same rows reversed frame by frame.
    const oldest = await readAll(admin, { journal: "fuelCar", vin: truckVin, ...range, reportTimeDesc: false }, 40);
    expect(oldest.map((r) => r.frameId)).toEqual(rows.map((r) => r.frameId).toReversed());
    // Electric and JT/T 808 vehicles send no HJ 1239 data; another tenant sees none of it.
    expect(await readAll(admin, { journal: "fuelCar", vin: gbVin, ...range })).toEqual([]);
    expect(await readAll(other, { journal: "fuelCar", vin: truckVin, ...range })).toEqual([]);
  });

  it("档位车速报文: gear and speed per report, filtered by speed range and gear", async () => {
    const all = await readAll(admin, { journal: "gearsSpeed", vin: gbVin, ...range }, 50);
    // The frames seed: 120 units over two days, every one driving in 自动D挡 with drive force.
    expect(all).toHaveLength(120);
    expect(all.every((r) => r.gear?.short === "D" && r.gear.name === "自动D挡" && r.gear.drivingForce)).toBe(true);
    const fast = await readAll(admin, { journal: "gearsSpeed", vin: gbVin, ...range, minSpeed: 80 }, 50);
    expect(fast.length).toBeGreaterThan(0);
    expect(fast.length).toBeLessThan(all.length);
    expect(fast.every((r) => (r.speed?.value ?? 0) >= 80)).toBe(true);
    const band = await readAll(admin, { journal: "gearsSpeed", vin: gbVin, ...range, minSpeed: 40, maxSpeed: 60 }, 50);
    expect(band.every((r) => (r.speed?.value ?? -1) >= 40 && (r.speed?.value ?? 99) <= 60)).toBe(true);
    expect(await readAll(admin, { journal: "gearsSpeed", vin: gbVin, ...range, gear: 15 })).toEqual([]);
    expect(await readAll(admin, { journal: "gearsSpeed", vin: gbVin, ...range, gear: 14 }, 50)).toHaveLength(120);
    // JT/T 808 reports speed without a gear; a gear filter leaves them out.
    const jt = await readAll(admin, { journal: "gearsSpeed", vin: jtVin, ...range }, 50);
    expect(jt).toHaveLength(120);
    expect(jt.every((r) => r.protocol === "jt808" && r.gear === null && r.speed?.unit === "km/h")).toBe(true);
    expect(await readAll(admin, { journal: "gearsSpeed", vin: jtVin, ...range, gear: 14 })).toEqual([]);
  });

  it("refuses a speed range upside down or out of bounds, and a gear outside 0–15, in Chinese", async () => {
    const upside = await ledger.call("getTboxJournal", {
      token: admin,
      query: { journal: "gearsSpeed", vin: gbVin, ...range, minSpeed: 80, maxSpeed: 40 },
    });
    expect(upside.status).toBe(400);
    expect((upside.body as Answer).data.failDetail[0].msg).toContain("最高车速不能小于最低车速");
    for (const query of [
      { journal: "gearsSpeed", vin: gbVin, ...range, gear: 16 },
      { journal: "gearsSpeed", vin: gbVin, ...range, minSpeed: -1 },
      { journal: "gearsSpeed", vin: gbVin, ...range, maxSpeed: 301 },
    ]) {
      expect((await ledger.call("getTboxJournal", { token: admin, query })).status).toBe(400);
    }
    // A cursor is bound to its filters.
    const first = await ledger.call("getTboxJournal", {
      token: admin,
      query: { journal: "gearsSpeed", vin: gbVin, ...range, pageSize: 5 },
    });
    const moved = await ledger.call("getTboxJournal", {
      token: admin,
      query: {
        journal: "gearsSpeed",
        vin: gbVin,
        ...range,
        minSpeed: 10,
        pageSize: 5,
        rowKey: first.body.data.nextKey,
      },
    });
    expect(moved.status).toBe(400);
  });

  it("exports both journals as tasks behind their own permission, with the standard's names and 无效 as a word", async () => {
    for (const [op, vin] of [
      ["exportFuelCarData", truckVin],
      ["exportGearsSpeedMessages", gbVin],
    ] as const) {
      expect((await ledger.call(op, { token: operator, query: { vin, ...range } })).status).toBe(403);
      expect((await ledger.call(op, { token: other, query: { vin, ...range } })).status).toBe(400);
      expect((await ledger.call(op, { token: admin, query: { vin, ...range } })).status).toBe(200);
    }
    const bad = await ledger.call("exportGearsSpeedMessages", {
      token: admin,
      query: { vin: gbVin, ...range, minSpeed: 90, maxSpeed: 10 },
    });
    expect(bad.status).toBe(400);
    await server.ctx.exports.idle();
    const tasks = await server.db
      .selectFrom("export_task")
      .select(["kind", "status", "row_count", "object_key"])
      .execute();
    const fuel = tasks.find((t) => t.kind === "exportFuelCarData");
    expect(fuel).toMatchObject({ status: "done", row_count: 303 });
    expect(tasks.find((t) => t.kind === "exportGearsSpeedMessages")).toMatchObject({ status: "done", row_count: 120 });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(server.ctx.objects.pathOf(fuel?.object_key ?? ""));
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error("the export has no sheet");
    const header = (sheet.getRow(1).values as string[]).filter(Boolean);
    expect(header).toEqual(expect.arrayContaining(["SCR下游NOx传感器输出值", "发动机转速", "油箱液位", "故障码"]));
    const col = header.indexOf("油箱液位") + 1;
    const levels: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) levels.push(String(row.getCell(col).value ?? ""));
    });
    expect(levels.filter((s) => s === "无效")).toHaveLength(1);
    expect(levels.filter((s) => s.endsWith(" %"))).toHaveLength(299);
  });

  it("calls every owned operation with good and bad input", () => {
    ledger.expectCovered(TBOX_JOURNAL_2_OPS);
  });
});
