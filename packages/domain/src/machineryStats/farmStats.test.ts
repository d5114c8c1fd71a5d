import { describe, expect, it } from "vitest";
import {
  cellKey,
  cellOfKey,
  chinaDaysRange,
  defaultStatDays,
  type FarmStatRow,
  farmStatTotals,
  fuelPerWorkingHour,
  mergeFarmStats,
} from "./farmStats";

const row = (key: string, n: number): FarmStatRow => ({
  key,
  machineDays: 1,
  engineHours: n,
  workingHours: n / 2,
  mileageKm: n * 3.33,
  fuelL: n * 10.04,
});

describe("mergeFarmStats", () => {
  it("sums rows of the same key in first-appearance order, one decimal", () => {
    const merged = mergeFarmStats([row("a", 1), row("b", 2), row("a", 3)], (r) => r.key);
    expect(merged).toEqual([
      { key: "a", machineDays: 2, engineHours: 4, workingHours: 2, mileageKm: 13.3, fuelL: 40.2 },
      { key: "b", machineDays: 1, engineHours: 2, workingHours: 1, mileageKm: 6.7, fuelL: 20.1 },
    ]);
  });
  it("totals every row under one key, zeros when empty", () => {
    expect(farmStatTotals([row("a", 1), row("b", 1)], "合计")).toMatchObject({
      key: "合计",
      machineDays: 2,
      engineHours: 2,
    });
    expect(farmStatTotals([], "合计")).toEqual({
      key: "合计",
      machineDays: 0,
      engineHours: 0,
      workingHours: 0,
      mileageKm: 0,
      fuelL: 0,
    });
  });
});

describe("fuelPerWorkingHour and cells", () => {
  it("divides fuel by working hours, null without work", () => {
    expect(fuelPerWorkingHour({ fuelL: 25, workingHours: 2 })).toBe(12.5);
    expect(fuelPerWorkingHour({ fuelL: 5, workingHours: 0 })).toBeNull();
  });
  it("keys a position by its 1° cell and reads the key back", () => {
    expect(cellKey(121.93, 30.9)).toBe("121.5,30.5");
    expect(cellKey(-0.2, -3.7)).toBe("-0.5,-3.5");
    expect(cellOfKey("121.5,30.5")).toEqual({ lng: 121.5, lat: 30.5 });
    expect(cellOfKey("nowhere")).toBeNull();
  });
});

describe("chinaDaysRange and defaultStatDays", () => {
  it("reads whole China-time days, null on a bad date", () => {
    expect(chinaDaysRange("2026-11-20", "2026-11-21")).toEqual({
      startTime: Date.UTC(2026, 10, 19, 16),
      endTime: Date.UTC(2026, 10, 21, 16) - 1,
    });
    expect(chinaDaysRange("2026-11-2", "2026-11-21")).toBeNull();
    expect(chinaDaysRange("2026-11-20", "2026-13-45")).toBeNull();
  });
  it("defaults to the last 7 days in China time", () => {
    // 2026-11-24 20:00 UTC is 11-25 04:00 in China.
    expect(defaultStatDays(Date.UTC(2026, 10, 24, 20))).toEqual({ from: "2026-11-19", to: "2026-11-25" });
  });
});
