import { framePositions, type SimVehicle, startSimVehicle, stepSimVehicle } from "@tsp/domain";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../db/database";
import type { Database } from "../db/schema";
import { type Gateway, startGateway } from "../gateway/gatewayServer";
import { addTenantVehicles, openTestDatabase } from "../gateway/testDatabase";
import { createRng } from "../seed/rng";
import { testEngine } from "../testing/testServer";
import { fleetFrom, fleetRowsFromDatabase } from "./fleet";
import { GbtTerminal } from "./gbtTerminal";
import { Jt808Terminal } from "./jt808Terminal";
import { runFleet } from "./runFleet";

const engine = testEngine();
const VINS = ["LSIMTEST000000001", "LSIMTEST000000002", "LSIMTEST000000003", "LSIMTEST000000004"];
const REPLAY = ["LSIMTEST000000005", "LSIMTEST000000006"];

describe.skipIf(engine.skip)(`fleet simulator against a test gateway (${engine.kind})`, () => {
  let opened: OpenedDatabase;
  let db: Kysely<Database>;
  let gateway: Gateway;

  beforeAll(async () => {
    opened = await openTestDatabase();
    db = opened.db;
    const tenantId = await addTenantVehicles(db, { code: "SM", name: "模拟车队" }, [...VINS, ...REPLAY]);
    // Vehicles 3, 4 and 6 carry JT/T 808 T-BOXes; the others GB/T 32960 ones.
    for (const [k, vin] of [
      [3, VINS[2]],
      [4, VINS[3]],
      [6, REPLAY[1]],
    ] as [number, string][]) {
      await db
        .insertInto("bss_tbox")
        .values({
          sn: `YXSIM${k}`,
          tenant_id: tenantId,
          model: "YX-T808-4G",
          provider: "YAXON",
          protocol: "JTT808",
          terminal_id: `T00000${k}YX`,
          auth_code: null,
          state: "activated",
        })
        .execute();
      await db
        .updateTable("vehicle")
        .set({ tbox_sn: `YXSIM${k}` })
        .where("vin", "=", vin)
        .execute();
    }
    gateway = await startGateway(db, { port: 0, jt808Port: 0, flushMs: 20 });
  });

  afterAll(async () => {
    await gateway?.close();
    await opened?.close();
  });

  const address = () => ({ host: "127.0.0.1", port: gateway.port, jt808Port: gateway.jt808Port });
  const stateOf = async () =>
    new Map(
      (await db.selectFrom("gateway_vehicle_state").selectAll().where("vin", "in", VINS).execute()).map((s) => [
        s.vin,
        s,
      ]),
    );

  it("picks the fleet from the registers: JT/T 808 where the T-BOX speaks it, made-up VINs beyond it", async () => {
    const fleet = fleetFrom(await fleetRowsFromDatabase(db), 8, "mixed");
    expect(fleet.map((v) => [v.vin, v.protocol])).toEqual([
      [VINS[0], "gbt32960"],
      [VINS[1], "gbt32960"],
      [VINS[2], "jt808"],
      [VINS[3], "jt808"],
      [REPLAY[0], "gbt32960"],
      [REPLAY[1], "jt808"],
      ["LSIMU000000000000", "gbt32960"],
      ["LSIMU000000000001", "gbt32960"],
    ]);
    expect(fleet[2]).toMatchObject({ terminalId: "T000003YX", edition: 2019 });
    expect(fleetFrom(await fleetRowsFromDatabase(db), 2, "jt808").map((v) => v.vin)).toEqual([VINS[2], VINS[3]]);
  });

  it("runs for a few seconds: the journal and the latest state grow consistently, positions move, mileage rises", async () => {
    const vehicles = fleetFrom(await fleetRowsFromDatabase(db), 4, "mixed");
    // 150 ms real per report, 2 simulated minutes per real second.
    const fleet = runFleet({ address: address(), vehicles, intervalMs: 150, timeScale: 120, seed: 7 });
    const reported = async () => [...(await stateOf()).values()].filter((s) => s.mileage_km !== null).length;
    await expect.poll(reported, { timeout: 10_000 }).toBe(4);
    const first = await stateOf();
    await new Promise((r) => setTimeout(r, 2500));
    const second = await stateOf();
    await fleet.stop();
    expect(fleet.counts().refused).toBe(0);

    for (const vin of VINS) {
      const a = first.get(vin);
      const b = second.get(vin);
      expect(Number(b?.last_report_at), vin).toBeGreaterThan(Number(a?.last_report_at));
      expect(b?.mileage_km ?? 0, vin).toBeGreaterThanOrEqual(a?.mileage_km ?? Number.POSITIVE_INFINITY);
      // Driving between Chinese cities (WGS-84): east China's box.
      expect(b?.longitude).toBeGreaterThan(116);
      expect(b?.longitude).toBeLessThan(123);
      expect(b?.latitude).toBeGreaterThan(29);
      expect(b?.latitude).toBeLessThan(33);

      // The journal: every frame stored as ok, positions in collection order with a mileage that never falls.
      const frames = await db
        .selectFrom("gateway_frame")
        .select(["raw_hex", "status", "command"])
        .where("vin", "=", vin)
        .orderBy("id")
        .execute();
      expect(
        frames.every((f) => f.status === "ok"),
        vin,
      ).toBe(true);
      const positions = frames
        .flatMap((f) => framePositions(f.raw_hex))
        .toSorted((x, y) => x.collectedAt - y.collectedAt);
      expect(positions.length, vin).toBeGreaterThan(8);
      for (let k = 1; k < positions.length; k++) {
        expect(positions[k]?.mileageKm ?? 0).toBeGreaterThanOrEqual(positions[k - 1]?.mileageKm ?? 0);
        expect(positions[k]?.speedKmh ?? 0).toBeLessThanOrEqual(110);
      }
      const moved = new Set(positions.map((p) => `${p.longitude},${p.latitude}`));
      expect(moved.size, `${vin} positions move`).toBeGreaterThan(1);
      expect(positions.at(-1)?.mileageKm ?? 0, `${vin} mileage rises`).toBeGreaterThan(positions[0]?.mileageKm ?? 0);
      // The last state is the newest position reported.
      expect(second.get(vin)?.mileage_km ?? 0).toBeLessThanOrEqual(positions.at(-1)?.mileageKm ?? 0);
    }
    // GB/T 32960 vehicles logged out when the fleet stopped; their logins and logouts are journaled.
    await expect.poll(async () => (await stateOf()).get(VINS[0] as string)?.online, { timeout: 3000 }).toBe(false);
    const logins = await db
      .selectFrom("vehicle_login_log")
      .select("vin")
      .where("vin", "=", VINS[0] as string)
      .execute();
    expect(logins.length).toBeGreaterThan(0);
  });

  it("after a lost link re-sends what it kept: GB/T 32960 0x03 and JT/T 808 0x0704 type 1", async () => {
    const fleet = fleetFrom(await fleetRowsFromDatabase(db), 6, "mixed");
    const gbt = new GbtTerminal(fleet[4] as (typeof fleet)[number], address());
    const jt = new Jt808Terminal(fleet[5] as (typeof fleet)[number], address());
    const random = createRng(5).next;
    const t0 = Date.UTC(2026, 10, 24, 1, 0, 0);
    let s: SimVehicle = { ...startSimVehicle(0, t0, random), linkDown: false };
    const states: SimVehicle[] = [];
    for (let k = 1; k <= 8; k++) {
      s = { ...stepSimVehicle(s, t0 + k * 10_000, random), linkDown: k >= 3 && k <= 5 };
      states.push(s);
    }
    for (const terminal of [gbt, jt])
      for (const st of states) {
        await terminal.report(st);
        // Reports 10 s apart in the fleet; here a moment, so the gateway has seen the lost link close
        // before the terminal logs in again (a login while the old connection is open is a VIN duplicate).
        await new Promise((r) => setTimeout(r, 30));
      }
    // Answered: two logins; a register and two authentications.
    expect(gbt.counts).toEqual({ sent: 5, resent: 3, answered: 2, refused: 0, connects: 2 });
    expect(jt.counts).toEqual({ sent: 5, resent: 3, answered: 3, refused: 0, connects: 2 });
    await gbt.close(t0 + 100_000);
    await jt.close();
    const rows = async (vin: string) =>
      (
        await db
          .selectFrom("gateway_frame")
          .select(["command", "raw_hex"])
          .where("vin", "=", vin)
          .orderBy("id")
          .execute()
      ).map((r) => [r.command, framePositions(r.raw_hex).map((p) => [p.collectedAt, p.resent])]);
    const at = (k: number) => Math.floor((states[k]?.at ?? 0) / 1000) * 1000;
    expect(await rows(REPLAY[0] as string)).toEqual([
      [0x01, []],
      [0x02, [[at(0), false]]],
      [0x02, [[at(1), false]]],
      [0x01, []],
      [0x03, [[at(2), true]]],
      [0x03, [[at(3), true]]],
      [0x03, [[at(4), true]]],
      [0x02, [[at(5), false]]],
      [0x02, [[at(6), false]]],
      [0x02, [[at(7), false]]],
      [0x04, []],
    ]);
    expect(await rows(REPLAY[1] as string)).toEqual([
      [0x0100, []],
      [0x0102, []],
      [0x0200, [[at(0), false]]],
      [0x0200, [[at(1), false]]],
      [0x0102, []],
      [
        0x0704,
        [
          [at(2), true],
          [at(3), true],
          [at(4), true],
        ],
      ],
      [0x0200, [[at(5), false]]],
      [0x0200, [[at(6), false]]],
      [0x0200, [[at(7), false]]],
    ]);
  });

  it("keeps a sleeping T-BOX's vehicle parked: it wakes on the SMS where it fell asleep and logs in at once", async () => {
    const vehicles = fleetFrom(await fleetRowsFromDatabase(db), 1, "gbt32960");
    const vin = vehicles[0]?.vin as string;
    const listeners = new Set<(text: string) => void>();
    const smsInbox = {
      subscribe: (to: string, onSms: (text: string) => void) => {
        if (to === vin) listeners.add(onSms);
        return () => listeners.delete(onSms);
      },
    };
    const newest = async () =>
      Number(
        (
          await db
            .selectFrom("gateway_frame")
            .select((e) => e.fn.max("id").as("id"))
            .where("vin", "=", vin)
            .executeTakeFirst()
        )?.id ?? 0,
      );
    // 100 ms real per step, 10 simulated minutes per real second: 3 s asleep are half an hour.
    const seed = 3;
    const fleet = runFleet({
      address: address(),
      vehicles,
      intervalMs: 100,
      timeScale: 600,
      seed,
      sleeping: new Set([vin]),
      smsInbox,
    });
    const start = startSimVehicle(0, Date.now(), createRng(seed).next);
    await new Promise((r) => setTimeout(r, 3000));
    const before = await newest();
    expect(fleet.counts().connects, "asleep: no connection").toBe(0);
    for (const onSms of listeners) onSms("TSP:WAKEUP");
    const woken = () =>
      db
        .selectFrom("gateway_frame")
        .select(["raw_hex", "command"])
        .where("vin", "=", vin)
        .where("id", ">", before)
        .orderBy("id")
        .execute();
    await expect
      .poll(async () => (await woken()).some((f) => framePositions(f.raw_hex).length > 0), { timeout: 3000 })
      .toBe(true);
    const frames = await woken();
    await fleet.stop();
    // The wake-up login first, then the first sample: within moments' driving of where it fell asleep.
    expect(frames[0]?.command).toBe(0x01);
    const first = frames.flatMap((f) => framePositions(f.raw_hex))[0];
    expect(first?.mileageKm ?? Number.NaN).toBeGreaterThanOrEqual(start.mileageKm);
    expect((first?.mileageKm ?? Number.NaN) - start.mileageKm).toBeLessThan(2);
  });
});
