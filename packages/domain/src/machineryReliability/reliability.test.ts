import { describe, expect, it } from "vitest";
import {
  defaultReliabilityDays,
  mergeReliabilityRows,
  type ReliabilityMachineDay,
  reliabilityBreakdown,
  reliabilityDays,
  reliabilityMachines,
  reliabilityVerdict,
  resentShare,
} from "./reliability";

const day = (vin: string, d: string | null, over: Partial<ReliabilityMachineDay> = {}): ReliabilityMachineDay => ({
  vin,
  machineryType: "tractor",
  model: "LX1204",
  day: d,
  realtimeFrames: 400,
  resentFrames: 0,
  gaps: 0,
  gapMinutes: 0,
  longestGapMinutes: 0,
  workingHours: 6,
  cell: "121.5,30.5",
  ...over,
});

const figures = {
  realtimeFrames: 100,
  resentFrames: 0,
  gaps: 0,
  gapMinutes: 0,
  longestGapMinutes: 0,
  workingHours: 1,
  daysWithData: 1,
  daysWithoutData: 0,
};

describe("reliabilityVerdict", () => {
  it("passes figures inside every threshold, at the limits", () => {
    expect(
      reliabilityVerdict({ ...figures, resentFrames: 5, realtimeFrames: 95, longestGapMinutes: 10, gaps: 3 }),
    ).toEqual([]);
  });
  it("names no data alone when there is no frame", () => {
    expect(reliabilityVerdict({ ...figures, realtimeFrames: 0, daysWithoutData: 3, longestGapMinutes: 20 })).toEqual([
      "noData",
    ]);
  });
  it("names every threshold exceeded, in order", () => {
    expect(
      reliabilityVerdict({
        ...figures,
        realtimeFrames: 94,
        resentFrames: 6,
        longestGapMinutes: 10.1,
        gaps: 7,
        daysWithData: 2,
        daysWithoutData: 1,
      }),
    ).toEqual(["resentShare", "longestGap", "gapRate", "daysWithoutData"]);
  });
});

describe("resentShare", () => {
  it("is re-sent over all frames, 0 without frames", () => {
    expect(resentShare({ realtimeFrames: 2, resentFrames: 1 })).toBe(0.3333);
    expect(resentShare({ realtimeFrames: 0, resentFrames: 0 })).toBe(0);
  });
});

describe("reliabilityMachines", () => {
  const days = [
    day("B", "2026-11-23", { gaps: 2, gapMinutes: 9.5, longestGapMinutes: 6, cell: null }),
    day("B", "2026-11-22", { resentFrames: 40, gapMinutes: 0.25, longestGapMinutes: 4, cell: "117.5,31.5" }),
    day("A", "2026-11-22"),
    day("A", "2026-11-23", { realtimeFrames: 0, workingHours: 2 }),
    day("C", null, { realtimeFrames: 0, workingHours: 0, cell: null }),
  ];
  const machines = reliabilityMachines(days, 2);
  it("sums each machine's days in PIN order and judges it over the period", () => {
    expect(machines.map((m) => m.vin)).toEqual(["A", "B", "C"]);
    const [a, b, c] = machines;
    expect(a).toMatchObject({
      daysWithData: 1,
      daysWithoutData: 1,
      workingHours: 8,
      passed: false,
      reasons: ["daysWithoutData"],
    });
    expect(b).toMatchObject({
      realtimeFrames: 800,
      resentFrames: 40,
      resentShare: 0.0476,
      gaps: 2,
      gapMinutes: 9.8,
      longestGapMinutes: 6,
      daysWithData: 2,
      daysWithoutData: 0,
      cell: "117.5,31.5",
      passed: true,
      reasons: [],
    });
    expect(c).toMatchObject({ daysWithData: 0, daysWithoutData: 2, cell: null, passed: false, reasons: ["noData"] });
  });

  it("breaks the machines down by machine, model and region (no position: total only)", () => {
    const other = reliabilityMachines(
      [...days, day("D", "2026-11-22", { model: "GE80", machineryType: "harvester" })],
      2,
    );
    const byMachine = reliabilityBreakdown(days, machines, "machine", []);
    expect(byMachine.rows.map((r) => [r.key, r.units, r.passed])).toEqual([
      ["A", 1, 0],
      ["B", 1, 1],
      ["C", 1, 0],
    ]);
    expect(byMachine.total).toMatchObject({ key: "合计", units: 3, reporting: 2, passed: 1, longestGapMinutes: 6 });
    const byModel = reliabilityBreakdown(days, other, "model", []);
    expect(byModel.rows.map((r) => [r.key, r.units, r.reporting])).toEqual([
      ["tractor|LX1204", 3, 2],
      ["harvester|GE80", 1, 1],
    ]);
    const byRegion = reliabilityBreakdown(days, machines, "region", []);
    expect(byRegion.rows.map((r) => [r.key, r.units])).toEqual([
      ["121.5,30.5", 1],
      ["117.5,31.5", 1],
    ]);
    expect(byRegion.total.units).toBe(3);
  });

  it("breaks down by day with every machine judged by its day, silent machines as days without data", () => {
    const { rows } = reliabilityBreakdown(days, machines, "day", ["2026-11-22", "2026-11-23"]);
    expect(rows.map((r) => [r.key, r.units, r.reporting, r.passed, r.daysWithoutData])).toEqual([
      ["2026-11-22", 3, 2, 1, 1],
      ["2026-11-23", 3, 1, 1, 2],
    ]);
    // B's 22nd: 40 of 440 frames re-sent (9 %) fails on its own.
    expect(rows[0]?.resentShare).toBe(0.0476);
  });
});

describe("mergeReliabilityRows", () => {
  it("sums rows of one key, keeps the longest gap and recomputes the share", () => {
    const machines = reliabilityMachines(
      [
        day("A", "2026-11-22", { resentFrames: 100, longestGapMinutes: 12 }),
        day("B", "2026-11-22", { cell: "117.5,31.5" }),
      ],
      1,
    );
    const { rows } = reliabilityBreakdown([], machines, "region", []);
    const merged = mergeReliabilityRows(rows, () => "华东");
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({
      key: "华东",
      units: 2,
      reporting: 2,
      passed: 1,
      resentShare: 0.1111,
      longestGapMinutes: 12,
    });
  });
});

describe("days", () => {
  it("lists the China-time days of a range and defaults to the last three full days", () => {
    const now = Date.parse("2026-11-25T01:00:00Z"); // 09:00 China time on the 25th
    expect(defaultReliabilityDays(now)).toEqual({ from: "2026-11-22", to: "2026-11-24" });
    expect(reliabilityDays(Date.parse("2026-11-22T00:00:00+08:00"), Date.parse("2026-11-23T23:59:59+08:00"))).toEqual([
      "2026-11-22",
      "2026-11-23",
    ]);
  });
});
