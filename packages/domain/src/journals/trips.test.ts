import { describe, expect, it } from "vitest";
import { legKm, segmentTrips, type TripPoint } from "./index";

const M = 60_000;
const T0 = Date.UTC(2026, 10, 20, 0, 0);

/** A point a minute: speed, km on the odometer, SOC; a degree of latitude ≈ 111 km. */
const pt = (minute: number, speed: number | null, km: number | null = null, soc: number | null = null): TripPoint => ({
  at: T0 + minute * M,
  longitude: 121,
  latitude: 31 + (km ?? 0) / 111.195,
  speed,
  mileage: km,
  soc,
});

describe("trips from positions (speed-based segmentation)", () => {
  it("starts where the vehicle stood, ends where it stands again, with distance, duration, speeds and SOC used", () => {
    const trips = segmentTrips([
      pt(0, 0, 100, 80),
      pt(1, 30, 100.5, 80),
      pt(2, 60, 101.5, 79),
      pt(3, 90, 103, 78),
      pt(4, 0, 103.5, 78),
    ]);
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({
      startTime: T0,
      endTime: T0 + 4 * M,
      distanceKm: 3.5,
      durationMinutes: 4,
      maxSpeed: 90,
      avgSpeed: 52.5,
      socUsed: 2,
      points: 5,
      startLongitude: 121,
    });
  });

  it("splits at a silence longer than the gap and at a stop of stopMinutes; a short stop stays inside", () => {
    const points = [
      pt(0, 40, 1),
      pt(1, 40, 2),
      // A red light: two minutes standing.
      pt(2, 0, 2),
      pt(3, 0, 2),
      pt(4, 40, 3),
      // Parked for six minutes: the first trip ends at its first standing point.
      pt(5, 0, 3.5),
      pt(8, 0, 3.5),
      pt(11, 0, 3.5),
      pt(12, 50, 4.5),
      // Forty minutes of silence: a new trip.
      pt(52, 50, 40),
      pt(53, 50, 41),
    ];
    const trips = segmentTrips(points);
    expect(trips.map((t) => [t.startTime - T0, t.endTime - T0].map((x) => x / M))).toEqual([
      [0, 5],
      [11, 12],
      [52, 53],
    ]);
    expect(trips[0]?.points).toBe(6);
    // Order does not matter: re-sent points fall into place.
    expect(segmentTrips(points.toReversed())).toEqual(trips);
  });

  it("measures by straight legs without an odometer, and makes no trip of standing still", () => {
    const [trip] = segmentTrips([pt(0, 0), { ...pt(1, 60), latitude: 31.1 }, { ...pt(2, 60), latitude: 31.2 }]);
    expect(trip?.distanceKm).toBeCloseTo(22.2, 1);
    expect(trip?.socUsed).toBeNull();
    expect(segmentTrips([pt(0, 0), pt(1, null), pt(2, 1)])).toEqual([]);
    expect(segmentTrips([])).toEqual([]);
    // A report without a speed counts as standing.
    expect(segmentTrips([pt(0, null), pt(1, 30)])[0]).toMatchObject({ maxSpeed: 30, points: 2 });
    // A single moving point: no duration, no average.
    expect(segmentTrips([pt(0, 20, 5)])[0]).toMatchObject({ durationMinutes: 0, avgSpeed: 0, distanceKm: 0 });
    // An odometer running backwards is not trusted.
    expect(
      segmentTrips([
        { ...pt(0, 20, 5), latitude: 31 },
        { ...pt(1, 20, 4), latitude: 31 },
      ])[0]?.distanceKm,
    ).toBe(0);
    expect(legKm(pt(0, 0), { ...pt(0, 0), longitude: null })).toBe(0);
  });
});
