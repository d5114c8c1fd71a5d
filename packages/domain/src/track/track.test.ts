import { describe, expect, it } from "vitest";
import {
  analyseTrack,
  MSG_TRACK_RANGE_REVERSED,
  MSG_TRACK_RANGE_TOO_LONG,
  MSG_TRACK_SPEED_LIMIT,
  MSG_TRACK_STOP_MINUTES,
  sampleIndexAt,
  TRACK_DEFAULTS,
  type TrackSample,
  trackPointStates,
  trackQueryRefusal,
} from "./track";

const T0 = Date.UTC(2026, 10, 23, 0, 0, 0);
const MIN = 60_000;
/** 1/111 of a degree of latitude is about 1 km. */
const KM_LAT = 1 / 111.195;

/** A sample `m` minutes after T0, `km` north of 31°N 121°E. */
const at = (m: number, km: number, speedKmh: number | null, mileageKm: number | null = null): TrackSample => ({
  at: T0 + m * MIN,
  lng: 121,
  lat: 31 + km * KM_LAT,
  speedKmh,
  mileageKm,
});

describe("trackQueryRefusal", () => {
  const ok = { startTime: T0, endTime: T0 + 3_600_000, speedLimitKmh: 80, stopMinutes: 5 };
  it("accepts a day at most, with thresholds in their ranges", () => {
    expect(trackQueryRefusal(ok)).toBeNull();
    expect(trackQueryRefusal({ ...ok, endTime: T0 + 24 * 3_600_000 })).toBeNull();
    expect(trackQueryRefusal({ ...ok, speedLimitKmh: 10, stopMinutes: 240 })).toBeNull();
  });
  it("refuses a reversed or too long range and thresholds outside their ranges", () => {
    expect(trackQueryRefusal({ ...ok, endTime: T0 - 1 })).toEqual({
      field: "startTime",
      msg: MSG_TRACK_RANGE_REVERSED,
    });
    expect(trackQueryRefusal({ ...ok, endTime: T0 + 24 * 3_600_000 + 1 })?.msg).toBe(MSG_TRACK_RANGE_TOO_LONG);
    expect(trackQueryRefusal({ ...ok, speedLimitKmh: 9.9 })).toEqual({
      field: "speedLimit",
      msg: MSG_TRACK_SPEED_LIMIT,
    });
    expect(trackQueryRefusal({ ...ok, speedLimitKmh: 201 })?.field).toBe("speedLimit");
    expect(trackQueryRefusal({ ...ok, speedLimitKmh: Number.NaN })?.field).toBe("speedLimit");
    expect(trackQueryRefusal({ ...ok, stopMinutes: 0 })).toEqual({ field: "stopMinutes", msg: MSG_TRACK_STOP_MINUTES });
    expect(trackQueryRefusal({ ...ok, stopMinutes: 2.5 })?.field).toBe("stopMinutes");
    expect(trackQueryRefusal({ ...ok, stopMinutes: 241 })?.field).toBe("stopMinutes");
  });
});

describe("analyseTrack", () => {
  it("is empty for no samples", () => {
    expect(analyseTrack([], TRACK_DEFAULTS)).toEqual({
      points: 0,
      distanceKm: 0,
      distanceSource: "positions",
      durationSeconds: 0,
      drivingSeconds: 0,
      maxSpeedKmh: null,
      avgSpeedKmh: null,
      stops: [],
      overspeeds: [],
    });
  });

  it("drives 2 km, stops 10 minutes within GPS noise, drives on over the limit", () => {
    const samples = [
      at(0, 0, 0),
      at(1, 1, 60),
      at(2, 2, 60),
      // parked: 30 m of drift, speed noise of 1 km/h
      at(3, 2.03, 1),
      at(8, 2.0, 0),
      at(13, 2.02, 0),
      at(14, 3.5, 90),
      at(15, 5, 95),
      at(16, 6, 70),
    ];
    const s = analyseTrack(samples, { speedLimitKmh: 80, stopMinutes: 5 });
    expect(s.points).toBe(9);
    expect(s.distanceSource).toBe("positions");
    // 2 + 0.03 + 0.03 + 0.02 + 1.48 + 1.5 + 1 km of steps
    expect(s.distanceKm).toBeCloseTo(6.06, 1);
    expect(s.durationSeconds).toBe(16 * 60);
    expect(s.maxSpeedKmh).toBe(95);
    expect(s.stops).toHaveLength(1);
    expect(s.stops[0]).toMatchObject({
      from: T0 + 2 * MIN,
      to: T0 + 13 * MIN,
      seconds: 11 * 60,
      index: 2,
      endIndex: 5,
    });
    expect(s.overspeeds).toEqual([{ from: T0 + 14 * MIN, to: T0 + 15 * MIN, maxKmh: 95, startIndex: 6, endIndex: 7 }]);
    // Moving 0–2 and 13–16 minutes; the stop's 1 km/h of speed noise (sample 3) is no driving.
    expect(s.drivingSeconds).toBe(5 * 60);
    expect(s.avgSpeedKmh).toBeCloseTo(s.distanceKm / (5 / 60), 0);
  });

  it("does not count a short halt as a stop, and keeps each overspeed stretch apart", () => {
    const samples = [at(0, 0, 85), at(1, 1, 50), at(2, 1, 0), at(4, 1, 0), at(5, 2, 81), at(6, 3, 82)];
    const s = analyseTrack(samples, { speedLimitKmh: 80, stopMinutes: 5 });
    expect(s.stops).toEqual([]);
    expect(s.overspeeds.map((o) => [o.startIndex, o.endIndex, o.maxKmh])).toEqual([
      [0, 0, 85],
      [4, 5, 82],
    ]);
  });

  it("ends an overspeed at a sample without speed", () => {
    const s = analyseTrack([at(0, 0, 90), at(1, 1, null), at(2, 2, 90)], { speedLimitKmh: 80, stopMinutes: 5 });
    expect(s.overspeeds.map((o) => [o.startIndex, o.endIndex])).toEqual([
      [0, 0],
      [2, 2],
    ]);
    expect(s.maxSpeedKmh).toBe(90);
  });

  it("takes the odometer's distance when it is there and plausible, the positions' otherwise", () => {
    const withOdometer = analyseTrack([at(0, 0, 50, 1000), at(10, 8, 50, 1008.4)], TRACK_DEFAULTS);
    expect(withOdometer).toMatchObject({ distanceSource: "odometer", distanceKm: 8.4 });
    // An odometer reset (negative) or one far below the positions' distance is not believed.
    const reset = analyseTrack([at(0, 0, 50, 1000), at(10, 8, 50, 2)], TRACK_DEFAULTS);
    expect(reset.distanceSource).toBe("positions");
    expect(reset.distanceKm).toBeCloseTo(8, 1);
    const stuck = analyseTrack([at(0, 0, 50, 1000), at(10, 8, 50, 1001)], TRACK_DEFAULTS);
    expect(stuck.distanceSource).toBe("positions");
    const oneEnd = analyseTrack([at(0, 0, 50, null), at(10, 8, 50, 1001)], TRACK_DEFAULTS);
    expect(oneEnd.distanceSource).toBe("positions");
  });

  it("has no average speed when the vehicle never moved", () => {
    const s = analyseTrack([at(0, 0, 0), at(10, 0, 0)], { speedLimitKmh: 80, stopMinutes: 5 });
    expect(s.avgSpeedKmh).toBeNull();
    expect(s.drivingSeconds).toBe(0);
    expect(s.stops).toHaveLength(1);
  });

  it("counts no driving between samples that report no speed or zero", () => {
    const s = analyseTrack([at(0, 0, null), at(1, 1, 0), at(2, 2, null)], TRACK_DEFAULTS);
    expect(s.drivingSeconds).toBe(0);
    expect(s.maxSpeedKmh).toBe(0);
    expect(s.distanceKm).toBeCloseTo(2, 1);
  });

  it("honours a wider stop radius", () => {
    const drift = [at(0, 0, 0), at(3, 0.3, 0), at(6, 0.1, 0)];
    expect(analyseTrack(drift, { speedLimitKmh: 80, stopMinutes: 5 }).stops).toEqual([]);
    expect(analyseTrack(drift, { speedLimitKmh: 80, stopMinutes: 5, stopRadiusMeters: 500 }).stops).toHaveLength(1);
  });
});

describe("sampleIndexAt", () => {
  const samples = [{ at: 10 }, { at: 20 }, { at: 20 }, { at: 40 }];
  it("finds the last sample at or before the time", () => {
    expect(sampleIndexAt(samples, 5)).toBe(0);
    expect(sampleIndexAt(samples, 10)).toBe(0);
    expect(sampleIndexAt(samples, 25)).toBe(2);
    expect(sampleIndexAt(samples, 39)).toBe(2);
    expect(sampleIndexAt(samples, 40)).toBe(3);
    expect(sampleIndexAt(samples, 99)).toBe(3);
    expect(sampleIndexAt([], 99)).toBe(0);
  });
});

describe("trackPointStates", () => {
  it("marks stops and overspeeds by index, the rest driving; a stop wins where both hold", () => {
    const stop = { from: 0, to: 0, lng: 0, lat: 0, seconds: 0 };
    const over = { from: 0, to: 0, maxKmh: 90 };
    expect(
      trackPointStates(7, {
        stops: [{ ...stop, index: 1, endIndex: 2 }],
        overspeeds: [
          { ...over, startIndex: 2, endIndex: 2 },
          { ...over, startIndex: 5, endIndex: 6 },
        ],
      }),
    ).toEqual(["driving", "stopped", "stopped", "driving", "driving", "overspeed", "overspeed"]);
    expect(trackPointStates(0, { stops: [], overspeeds: [] })).toEqual([]);
  });
});
