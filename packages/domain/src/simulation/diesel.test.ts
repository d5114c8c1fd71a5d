import { describe, expect, it } from "vitest";
import { decodeHj1239Message, encodeHj1239Realtime } from "../hj1239/message";
import {
  antiTamperHappens,
  dieselReadings,
  dieselSamples,
  obdDue,
  SIM_DIESEL,
  type SimEngine,
  simObd,
  startSimEngine,
  stepSimEngine,
} from "./diesel";
import { type SimVehicle, startSimVehicle } from "./vehicle";

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 24, 0, 0, 0);
const always = (n: number) => () => n;

const driving: SimVehicle = { ...startSimVehicle(0, T0, always(0.5)), speedKmh: 90, mileageKm: 10_000, soc: 60 };
const running = (sinceMinutes: number, reagentPercent = 70): SimEngine => ({
  runningSince: T0 - sinceMinutes * MINUTE,
  reagentPercent,
  lastObdAt: null,
});

describe("diesel engine model", () => {
  it("starts running with a driving truck, off with a parked one; urea 40–95 %", () => {
    expect(startSimEngine(driving, always(0))).toEqual({
      runningSince: T0 - 30 * MINUTE,
      reagentPercent: 40,
      lastObdAt: null,
    });
    const parked = { ...driving, mode: "parked" as const, speedKmh: 0 };
    expect(startSimEngine(parked, always(0.999)).runningSince).toBeNull();
    expect(startSimEngine(parked, always(0.999)).reagentPercent).toBe(94.9);
  });

  it("rpm rises with speed, downstream NOx far below upstream once warm, coolant warms up", () => {
    const slow = dieselReadings({ ...driving, speedKmh: 40 }, running(30), T0);
    const fast = dieselReadings(driving, running(30), T0);
    expect(fast.engineRpm).toBe(1325);
    expect(fast.engineRpm).toBeGreaterThan(slow.engineRpm as number);
    expect(fast.fuelFlowLph).toBeGreaterThan(slow.fuelFlowLph as number);
    expect(fast.scrDownstreamNoxPpm as number).toBeLessThan((fast.scrUpstreamNoxPpm as number) * 0.1);
    expect(fast.coolantC).toBeGreaterThan(85);
    expect([fast.odometerKm, fast.fuelPercent, fast.position]).toEqual([
      10_000,
      60,
      { lng: driving.longitude, lat: driving.latitude },
    ]);
    // Just started: coolant near ambient, the catalyst cold (converts less).
    const cold = dieselReadings(driving, running(0.5), T0);
    expect(cold.coolantC as number).toBeLessThan(30);
    expect(cold.scrInletC as number).toBeLessThan(SIM_DIESEL.scrLightOffC);
    expect(cold.scrDownstreamNoxPpm as number).toBeGreaterThan((cold.scrUpstreamNoxPpm as number) * 0.5);
    // A clock before the start counts as just started.
    expect(dieselReadings(driving, running(0), T0 - MINUTE).coolantC).toBe(SIM_DIESEL.ambientC);
  });

  it("an engine that is off reads zero and ambient", () => {
    const off = dieselReadings(driving, { runningSince: null, reagentPercent: 50, lastObdAt: null }, T0);
    expect([off.engineRpm, off.speedKmh, off.fuelFlowLph, off.coolantC, off.reagentPercent]).toEqual([
      0,
      0,
      0,
      SIM_DIESEL.ambientC,
      50,
    ]);
  });

  it("urea falls slowly with distance and is topped up at a stop when low; the engine stops and starts", () => {
    const later = { ...driving, at: T0 + 10 * MINUTE, mileageKm: 10_015 };
    const e = stepSimEngine(running(30, 70), driving, later);
    expect(e.reagentPercent).toBe(69.85);
    expect(e.runningSince).toBe(T0 - 30 * MINUTE);
    const stop = { ...later, mode: "parked" as const };
    expect(stepSimEngine(running(30, 14.5), later, stop)).toMatchObject({ runningSince: null, reagentPercent: 95 });
    expect(stepSimEngine(running(30, 50), later, stop).reagentPercent).toBe(50);
    const off = { runningSince: null, reagentPercent: 50, lastObdAt: null };
    expect(stepSimEngine(off, stop, later).runningSince).toBe(later.at);
    // Never below empty, never backwards with a smaller odometer.
    expect(stepSimEngine(running(1, 0.001), driving, { ...later, mileageKm: 20_000 }).reagentPercent).toBe(0);
    expect(stepSimEngine(running(1, 50), later, driving).reagentPercent).toBe(50);
  });

  it("ten one-second samples along the way, the last at the report's second; they encode and decode", () => {
    const prev = { ...driving, at: T0 - 10_000, mileageKm: 9_999.8, speedKmh: 80, longitude: 121.4 };
    const next = { ...driving, at: T0 + 400, longitude: 121.41 };
    const samples = dieselSamples(prev, next, running(30));
    expect(samples.map((s) => s.time)).toEqual(Array.from({ length: 10 }, (_, k) => T0 - 9000 + k * 1000));
    const last = samples[9]?.stream;
    const first = samples[0]?.stream;
    expect(last?.position?.lng).toBeCloseTo(121.41 - 0.01 * (400 / 10_400), 6);
    expect(first?.speedKmh).toBeGreaterThan(80);
    expect(first?.speedKmh).toBeLessThan(90);
    expect(first?.odometerKm as number).toBeLessThan(last?.odometerKm as number);
    const frame = encodeHj1239Realtime(
      { vin: "LHJ1239DS00000001", softwareVersion: 1 },
      {
        time: T0,
        serial: 1,
        items: [
          { kind: "obd", time: T0, obd: simObd("LHJ1239DS00000001") },
          ...samples.map((s) => ({ kind: "diesel" as const, ...s })),
        ],
      },
    );
    const decoded = frame.ok ? decodeHj1239Message(frame.value) : undefined;
    expect(decoded?.ok && decoded.value.body.kind === "realtime" && decoded.value.body.items.length).toBe(11);
    // A previous state at the same time: every sample is the report's own.
    const same = dieselSamples(next, next, running(30));
    expect(same[0]?.stream.position).toEqual(same[9]?.stream.position);
  });

  it("the OBD item every five minutes, anti-tamper rarely", () => {
    expect(obdDue(running(1), T0)).toBe(true);
    const sent = { ...running(1), lastObdAt: T0 };
    expect(obdDue(sent, T0 + 4 * MINUTE)).toBe(false);
    expect(obdDue(sent, T0 + 5 * MINUTE)).toBe(true);
    expect(simObd("LHJ1239DS00000001")).toMatchObject({ protocol: 2, milOn: false, faultCodes: [] });
    expect(antiTamperHappens(always(0.0004), 1)).toBe(true);
    expect(antiTamperHappens(always(0.0006), 1)).toBe(false);
  });
});
