import { describe, expect, it } from "vitest";
import { bearingDeg, distanceKm, SIM_CITIES } from "./cities";
import { SIM_ALARM_BITS, SIM_RULES, type SimVehicle, startSimVehicle, stepSimVehicle } from "./vehicle";

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 24, 0, 0, 0);

/** A seeded PRNG for the tests (mulberry32). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** The same number every call. */
const always = (n: number) => () => n;

describe("cities", () => {
  it("distances and bearings between real cities", () => {
    const [sh, sz] = SIM_CITIES as [(typeof SIM_CITIES)[0], (typeof SIM_CITIES)[0]];
    // Shanghai–Suzhou centres are ~84 km apart, Suzhou lies west of Shanghai.
    expect(distanceKm(sh.longitude, sh.latitude, sz.longitude, sz.latitude)).toBeCloseTo(84.8, 0);
    expect(bearingDeg(sh.longitude, sh.latitude, sz.longitude, sz.latitude)).toBe(275);
    expect(bearingDeg(0, 0, 0, 1)).toBe(0);
    expect(bearingDeg(0, 0, -1, 0)).toBe(270);
    expect(distanceKm(0, 0, 0, 1)).toBeCloseTo(111.2, 1);
  });
});

describe("a simulated vehicle", () => {
  it("starts on a leg from its own city, plausible values, deterministic for a seed", () => {
    const a = startSimVehicle(3, T0, seeded(7));
    expect(a).toEqual(startSimVehicle(3, T0, seeded(7)));
    expect(a.from).toBe(3);
    expect(a.to).not.toBe(3);
    expect(a.progressKm).toBeLessThanOrEqual(a.legKm * 0.8);
    expect(a.speedKmh).toBeGreaterThanOrEqual(60);
    expect(a.soc).toBeGreaterThanOrEqual(40);
    expect(a.mode).toBe("driving");
    // Between the two cities.
    const lons = [SIM_CITIES[a.from]?.longitude, SIM_CITIES[a.to]?.longitude] as number[];
    expect(a.longitude).toBeGreaterThanOrEqual(Math.min(...lons));
    expect(a.longitude).toBeLessThanOrEqual(Math.max(...lons));
    expect(startSimVehicle(SIM_CITIES.length + 1, T0, seeded(7)).from).toBe(1);
  });

  it("an earlier or equal time changes nothing", () => {
    const a = startSimVehicle(0, T0, seeded(1));
    expect(stepSimVehicle(a, T0, seeded(2))).toBe(a);
    expect(stepSimVehicle(a, T0 - 1, seeded(2))).toBe(a);
  });

  it("over three simulated days: odometer never falls, rises by what was driven, SOC stays 0–100, speed within limits", () => {
    const random = seeded(42);
    let s = startSimVehicle(0, T0, random);
    const seen = new Set<string>();
    let driven = 0;
    for (let k = 1; k <= 3 * 24 * 60; k++) {
      const next = stepSimVehicle(s, T0 + k * MINUTE, random);
      expect(next.mileageKm).toBeGreaterThanOrEqual(s.mileageKm);
      expect(next.progressKm).toBeLessThanOrEqual(next.legKm + 1e-9);
      expect(next.soc).toBeGreaterThanOrEqual(0);
      expect(next.soc).toBeLessThanOrEqual(100);
      if (next.mode === "driving") {
        expect(next.speedKmh).toBeGreaterThanOrEqual(SIM_RULES.minSpeedKmh - 10); // 30 leaving a stop
        expect(next.speedKmh).toBeLessThanOrEqual(SIM_RULES.maxSpeedKmh);
      } else {
        expect(next.speedKmh).toBe(0);
      }
      if (next.from === s.from) driven += next.progressKm - s.progressKm;
      seen.add(next.mode);
      if (next.linkDown) seen.add("link-down");
      if (next.alarm.level === 1) seen.add("alarm");
      s = next;
    }
    // Every part of the model shows up in three days: driving, parking, charging, lost links, alarms.
    expect([...seen].toSorted()).toEqual(["alarm", "charging", "driving", "link-down", "parked"]);
    expect(driven).toBeGreaterThan(1000);
  });

  it("driving moves it toward its destination, spends SOC and adds mileage", () => {
    const a = { ...startSimVehicle(0, T0, always(0.5)), soc: 80, speedKmh: 60, progressKm: 0 };
    const b = stepSimVehicle(a, T0 + 10 * MINUTE, always(0.5));
    // random 0.5: speed unchanged, 10 min at 60 km/h = 10 km.
    expect(b.progressKm).toBeCloseTo(10, 6);
    expect(b.mileageKm).toBeCloseTo(a.mileageKm + 10, 1);
    expect(b.soc).toBeCloseTo(80 - 10 * SIM_RULES.socPerKm, 6);
    const target = SIM_CITIES[a.to] as (typeof SIM_CITIES)[0];
    // 10 km along the leg from its start city: 10 km nearer the destination.
    expect(distanceKm(b.longitude, b.latitude, target.longitude, target.latitude)).toBeCloseTo(a.legKm - 10, 0);
    expect([b.alarm, b.linkDown]).toEqual([{ level: 0, flags: 0 }, false]);
  });

  it("follows a road, not a ruler: off the straight line mid-leg, on the cities at both ends", () => {
    const a = startSimVehicle(0, T0, always(0.5));
    const from = SIM_CITIES[a.from] as (typeof SIM_CITIES)[0];
    const to = SIM_CITIES[a.to] as (typeof SIM_CITIES)[0];
    const offLine = (lon: number, lat: number) => {
      // Distance from the straight segment, in km, on a local flat projection.
      const kx = 111.32 * Math.cos((from.latitude * Math.PI) / 180);
      const [x, y] = [(lon - from.longitude) * kx, (lat - from.latitude) * 110.57];
      const [dx, dy] = [(to.longitude - from.longitude) * kx, (to.latitude - from.latitude) * 110.57];
      return Math.abs(x * dy - y * dx) / Math.hypot(dx, dy);
    };
    const at = (progressKm: number) => stepSimVehicle({ ...a, progressKm, speedKmh: 40, soc: 90 }, T0 + 1, always(0.5));
    const quarter = at(a.legKm * 0.25);
    expect(offLine(quarter.longitude, quarter.latitude)).toBeGreaterThan(0.5);
    expect(offLine(quarter.longitude, quarter.latitude)).toBeLessThan(a.legKm * 0.065);
    const start = at(0);
    expect(offLine(start.longitude, start.latitude)).toBeLessThan(0.01);
  });

  it("parks at the destination, then leaves for another city", () => {
    const a: SimVehicle = { ...startSimVehicle(0, T0, always(0.5)), soc: 80, speedKmh: 100 };
    const arrived = stepSimVehicle({ ...a, progressKm: a.legKm - 1 }, T0 + 10 * MINUTE, always(0.5));
    expect([arrived.mode, arrived.speedKmh, arrived.progressKm]).toEqual(["parked", 0, a.legKm]);
    const dest = SIM_CITIES[a.to] as (typeof SIM_CITIES)[0];
    expect([arrived.longitude, arrived.latitude]).toEqual([dest.longitude, dest.latitude]);
    expect(arrived.until).toBe(T0 + 10 * MINUTE + 17.5 * MINUTE);
    const still = stepSimVehicle(arrived, T0 + 20 * MINUTE, always(0.5));
    expect([still.mode, still.speedKmh, still.mileageKm]).toEqual(["parked", 0, arrived.mileageKm]);
    const off = stepSimVehicle(arrived, arrived.until, always(0.5));
    expect([off.mode, off.from, off.progressKm, off.speedKmh]).toEqual(["driving", a.to, 0, 30]);
    expect(off.to).not.toBe(a.to);
  });

  it("stops to charge below 20 %, raises SOC低 below 15 %, leaves at 90 %", () => {
    const a: SimVehicle = { ...startSimVehicle(0, T0, always(0.5)), soc: 20.5, speedKmh: 60, progressKm: 0 };
    const low = stepSimVehicle(a, T0 + 10 * MINUTE, always(0.5));
    expect([low.mode, low.speedKmh, low.soc]).toEqual(["charging", 0, 18]);
    const empty = stepSimVehicle({ ...low, soc: 10, at: low.at }, low.at + MINUTE, always(0.5));
    expect(empty.alarm).toEqual({ level: 2, flags: SIM_ALARM_BITS.socLow });
    expect([empty.mode, empty.soc]).toEqual(["charging", 11.5]);
    const full = stepSimVehicle(empty, empty.at + 120 * MINUTE, always(0.5));
    expect([full.mode, full.soc, full.speedKmh, full.mileageKm]).toEqual([
      "driving",
      SIM_RULES.chargeTo,
      30,
      empty.mileageKm,
    ]);
  });

  it("loses its link now and then and gets it back after 1–5 minutes; passing alarms", () => {
    const a = startSimVehicle(0, T0, always(0.5));
    const down = stepSimVehicle(a, T0 + MINUTE, always(0.001));
    expect(down.linkDown).toBe(true);
    expect(down.linkUntil).toBe(T0 + MINUTE + Math.round((1 + 0.001 * 4) * MINUTE));
    expect(down.alarm).toEqual({ level: 1, flags: SIM_ALARM_BITS.temperatureDifference });
    const still = stepSimVehicle(down, down.linkUntil - 1, always(0.5));
    expect(still.linkDown).toBe(true);
    const back = stepSimVehicle(still, down.linkUntil, always(0.5));
    expect([back.linkDown, back.alarm.level]).toEqual([false, 0]);
  });
});
