import { decodeHj1239Message, type SimVehicle, startSimVehicle, stepSimVehicle } from "@tsp/domain";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../db/database";
import type { Database } from "../db/schema";
import { type Gateway, startGateway } from "../gateway/gatewayServer";
import { addTenantVehicles, openTestDatabase } from "../gateway/testDatabase";
import { createRng } from "../seed/rng";
import { testEngine } from "../testing/testServer";
import { fleetFrom, fleetRowsFromDatabase, machineRowsFromDatabase, machinesFrom } from "./fleet";
import { Hj1239Terminal } from "./hj1239Terminal";
import { runFleet } from "./runFleet";

const engine = testEngine();
const EV = "LSIMHJ00000000001";
const TRUCK = "LSIMHJ00000000002";
const REPLAY = "LSIMHJ00000000003";
/** A machine of 机械信息 with a fitted supervision terminal, and one without. */
const MACHINE = "LSXMJX00000000001";
const BARE = "LSXMJX00000000002";
/** A decoded quantity's value (NaN when 异常/无效: fails every comparison). */
const readingOf = (q: { status: string; value?: number }) =>
  q.status === "valid" ? (q.value ?? Number.NaN) : Number.NaN;

describe.skipIf(engine.skip)(`HJ 1239 diesel trucks against a test gateway (${engine.kind})`, () => {
  let opened: OpenedDatabase;
  let db: Kysely<Database>;
  let gateway: Gateway;

  beforeAll(async () => {
    opened = await openTestDatabase();
    db = opened.db;
    const tenantId = await addTenantVehicles(db, { code: "HS", name: "柴油车队" }, [EV, TRUCK, REPLAY]);
    // The trucks carry HJ 1239 T-BOXes (as the seed's HUAWEI/QUECTEL ones of diesel models).
    for (const [k, vin] of [
      [2, TRUCK],
      [3, REPLAY],
    ] as [number, string][]) {
      await db
        .insertInto("bss_tbox")
        .values({
          sn: `QTSIM${k}`,
          tenant_id: tenantId,
          model: "QT-AG35-T",
          provider: "QUECTEL",
          protocol: "HJ1239",
          terminal_id: null,
          auth_code: null,
          state: "activated",
        })
        .execute();
      await db
        .updateTable("vehicle")
        .set({ tbox_sn: `QTSIM${k}` })
        .where("vin", "=", vin)
        .execute();
    }
    gateway = await startGateway(db, { port: 0, hj1239Port: 0, flushMs: 20 });
  });

  afterAll(async () => {
    await gateway?.close();
    await opened?.close();
  });

  const address = () => ({ host: "127.0.0.1", port: gateway.port, hj1239Port: gateway.hj1239Port });
  const framesOf = async (vin: string) =>
    (
      await db
        .selectFrom("gateway_frame")
        .select(["command", "raw_hex", "status"])
        .where("vin", "=", vin)
        .orderBy("id")
        .execute()
    ).map((f) => {
      const m = decodeHj1239Message(f.raw_hex);
      if (!m.ok) throw new Error(m.error.message);
      return { command: f.command, status: f.status, body: m.value.body };
    });

  it("mixed: the trucks whose T-BOX speaks HJ 1239 do; --protocol hj1239 makes every vehicle a diesel truck", async () => {
    const rows = await fleetRowsFromDatabase(db);
    expect(fleetFrom(rows, 3, "mixed").map((v) => v.protocol)).toEqual(["gbt32960", "hj1239", "hj1239"]);
    expect(fleetFrom(rows, 4, "hj1239").map((v) => [v.vin, v.protocol])).toEqual([
      [EV, "hj1239"],
      [TRUCK, "hj1239"],
      [REPLAY, "hj1239"],
      ["LSIMU000000000000", "hj1239"],
    ]);
  });

  it("a truck reports ten diesel seconds a frame, the OBD item first, plausible readings; the latest state follows", async () => {
    const vehicles = fleetFrom(await fleetRowsFromDatabase(db), 2, "mixed").filter((v) => v.vin === TRUCK);
    const fleet = runFleet({ address: address(), vehicles, intervalMs: 150, timeScale: 60, seed: 3 });
    const state = () => db.selectFrom("gateway_vehicle_state").selectAll().where("vin", "=", TRUCK).executeTakeFirst();
    await expect.poll(async () => (await state())?.mileage_km ?? null, { timeout: 10_000 }).not.toBeNull();
    await new Promise((r) => setTimeout(r, 1500));
    await fleet.stop();
    expect(fleet.counts().refused).toBe(0);
    const frames = await framesOf(TRUCK);
    expect(frames.every((f) => f.status === "ok")).toBe(true);
    expect(frames[0]?.command).toBe(0x01);
    expect(frames.at(-1)?.command).toBe(0x04);
    const units = frames.flatMap((f) => (f.body.kind === "realtime" ? [f.body] : []));
    expect(units.length).toBeGreaterThan(4);
    expect(units[0]?.items.map((i) => i.kind)).toEqual(["obd", ...Array(10).fill("diesel")]);
    const diesel = units.flatMap((u) => u.items.flatMap((i) => (i.kind === "diesel" ? [i.stream] : [])));
    for (let k = 1; k < diesel.length; k++) {
      const d = diesel[k] as (typeof diesel)[number];
      expect(readingOf(d.odometer)).toBeGreaterThanOrEqual(readingOf((diesel[k - 1] as typeof d).odometer));
      expect(readingOf(d.scrDownstreamNox)).toBeLessThan(readingOf(d.scrUpstreamNox) * 0.1 + 1);
      if (readingOf(d.speed) > 0) expect(readingOf(d.engineSpeed)).toBeGreaterThan(650);
    }
    const last = diesel.at(-1);
    const s = await state();
    expect(s?.mileage_km).toBe(last ? readingOf(last.odometer) : -1);
    expect(s?.longitude).toBeGreaterThan(116);
    expect(s?.online).toBe(false);
  });

  it("after a lost link re-sends what it kept as 0x03", async () => {
    const fleet = fleetFrom(await fleetRowsFromDatabase(db), 3, "mixed");
    const truck = new Hj1239Terminal(fleet[2] as (typeof fleet)[number], address(), createRng(9).next);
    const random = createRng(5).next;
    const t0 = Date.UTC(2026, 10, 24, 1, 0, 0);
    let s: SimVehicle = { ...startSimVehicle(0, t0, random), linkDown: false };
    for (let k = 1; k <= 6; k++) {
      s = { ...stepSimVehicle(s, t0 + k * 10_000, random), linkDown: k >= 3 && k <= 4 };
      await truck.report(s);
      await new Promise((r) => setTimeout(r, 30));
    }
    expect(truck.counts).toEqual({ sent: 4, resent: 2, answered: 2, refused: 0, connects: 2 });
    await truck.close(t0 + 70_000);
    expect((await framesOf(REPLAY)).map((f) => f.command)).toEqual([1, 2, 2, 1, 3, 3, 2, 2, 4]);
  });

  it("--machines: machines of 机械信息 with a fitted terminal report their PIN over HJ 1322; the machinery stores fill, moving", async () => {
    const { tenant_id } = await db
      .selectFrom("vehicle")
      .select("tenant_id")
      .where("vin", "=", EV)
      .executeTakeFirstOrThrow();
    for (const pin of [MACHINE, BARE]) {
      await db
        .insertInto("bss_machinery_info")
        .values({
          tenant_id,
          vin: pin,
          mein: `ME${pin.slice(-6)}`,
          machinery_type: "tractor",
          brand: "雷沃",
          cpxh: "M1504-5G",
          cpbh: `CP${pin.slice(-6)}`,
          manufacturer: "潍柴雷沃智慧农业科技股份有限公司",
          emission_stage: "cn4",
          engine_model: "WP4.1",
          engine_no: `EN${pin.slice(-6)}`,
        })
        .execute();
    }
    await db
      .insertInto("bss_black_box")
      .values({
        tenant_id,
        terminal_id: "HJTSIM0001",
        manufacturer: "测试终端厂",
        terminal_model: "T-1322",
        chip_id: "SCSIM0001",
        iccid: "89860000000000013220",
        machinery_pin: MACHINE,
        filing_state: "filed",
      })
      .execute();
    const rows = await machineRowsFromDatabase(db);
    expect(rows).toEqual([{ pin: MACHINE, iccid: "89860000000000013220" }]);
    const machines = machinesFrom(rows, 5);
    expect(machines).toEqual([{ vin: MACHINE, protocol: "hj1239", iccid: "89860000000000013220" }]);
    const fleet = runFleet({ address: address(), vehicles: machines, intervalMs: 150, timeScale: 60, seed: 4 });
    const samples = () =>
      db.selectFrom("machine_sample").selectAll().where("vin", "=", MACHINE).orderBy("collected_at").execute();
    await expect.poll(async () => (await samples()).length, { timeout: 10_000 }).toBeGreaterThan(3);
    await fleet.stop();
    expect(fleet.counts().refused).toBe(0);
    const got = await samples();
    expect(new Set(got.map((r) => r.longitude)).size).toBeGreaterThan(1);
    expect(got.every((r) => r.engine_rpm !== null && r.latitude !== null)).toBe(true);
    const log = await db
      .selectFrom("machine_connection")
      .select("kind")
      .where("vin", "=", MACHINE)
      .orderBy("at")
      .execute();
    expect(log.map((r) => r.kind)).toEqual(["login", "logout"]);
    // A machine is no vehicle: nothing in the vehicle stores.
    expect(await db.selectFrom("gateway_vehicle_state").select("vin").where("vin", "=", MACHINE).execute()).toEqual([]);
  });
});
