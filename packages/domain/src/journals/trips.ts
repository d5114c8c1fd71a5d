/**
 * 行程数据报文 (/tbox/travalData): trips derived from a vehicle's decoded positions (the
 * gateway's position store, GB/T 32960 0x05 and JT/T 808 0x0200/0x0704 alike) by speed-based
 * segmentation — no terminal sends a trip frame in either standard, and ignition is not in every
 * report (JT/T 808 ACC is a status bit, GB/T 32960's 车辆状态 is), while speed is.
 * x-designed rule: points are taken in collection order (re-sent ones fall into place); a
 * silence longer than `maxGapMinutes` ends a trip, and so does standing still (speed ≤ 1 km/h
 * or unknown) for `stopMinutes` or more; a trip starts at the last standing point before it
 * moves and ends at the first standing point after (or its last moving point); a piece without
 * a moving point is no trip.
 */
export interface TripPoint {
  readonly at: number;
  readonly longitude: number | null;
  readonly latitude: number | null;
  /** km/h, null when the report had no valid speed. */
  readonly speed: number | null;
  /** Odometer, km. */
  readonly mileage: number | null;
  /** %. */
  readonly soc: number | null;
}

export interface Trip {
  readonly startTime: number;
  readonly endTime: number;
  readonly startLongitude: number | null;
  readonly startLatitude: number | null;
  readonly endLongitude: number | null;
  readonly endLatitude: number | null;
  /** km: the odometer's difference when both ends have one, else the sum of straight legs. */
  readonly distanceKm: number;
  readonly durationMinutes: number;
  readonly maxSpeed: number;
  /** km/h: distance over duration. */
  readonly avgSpeed: number;
  /** SOC at the start minus at the end, % (null without both). */
  readonly socUsed: number | null;
  readonly points: number;
}

export interface TripOptions {
  readonly maxGapMinutes: number;
  readonly stopMinutes: number;
}
export const TRIP_DEFAULTS: TripOptions = { maxGapMinutes: 10, stopMinutes: 5 };

const MINUTE = 60_000;
const moving = (p: TripPoint) => (p.speed ?? 0) > 1;
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Great-circle distance in km between two WGS-84 points (haversine, R = 6371 km). */
export function legKm(a: TripPoint, b: TripPoint): number {
  if (a.longitude === null || a.latitude === null || b.longitude === null || b.latitude === null) return 0;
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

function tripOf(points: readonly TripPoint[]): Trip {
  const first = points[0] as TripPoint;
  const last = points.at(-1) as TripPoint;
  let legs = 0;
  for (let i = 1; i < points.length; i++) legs += legKm(points[i - 1] as TripPoint, points[i] as TripPoint);
  const odo = first.mileage !== null && last.mileage !== null && last.mileage >= first.mileage;
  const distanceKm = round(odo ? (last.mileage as number) - (first.mileage as number) : legs, 1);
  const minutes = (last.at - first.at) / MINUTE;
  return {
    startTime: first.at,
    endTime: last.at,
    startLongitude: first.longitude,
    startLatitude: first.latitude,
    endLongitude: last.longitude,
    endLatitude: last.latitude,
    distanceKm,
    durationMinutes: round(minutes, 1),
    maxSpeed: Math.max(...points.map((p) => p.speed ?? 0)),
    avgSpeed: minutes > 0 ? round(distanceKm / (minutes / 60), 1) : 0,
    socUsed: first.soc !== null && last.soc !== null ? round(first.soc - last.soc, 1) : null,
    points: points.length,
  };
}

/** A piece (no long silence inside) trimmed to its trips: standing runs of stopMinutes split it. */
function piecesTrips(piece: readonly TripPoint[], stopMs: number): Trip[] {
  const trips: Trip[] = [];
  let current: TripPoint[] = [];
  let standing: TripPoint[] = [];
  const close = () => {
    if (current.some(moving)) {
      // End at the first standing point after the last move, when there is one.
      const end = standing[0];
      trips.push(tripOf(end ? [...current, end] : current));
    }
    current = [];
  };
  for (const p of piece) {
    if (moving(p)) {
      // Start from the last standing point before the move (where the vehicle stood).
      if (current.length === 0) current = standing.length > 0 ? [standing.at(-1) as TripPoint] : [];
      else current.push(...standing);
      standing = [];
      current.push(p);
    } else {
      standing.push(p);
      const since = standing[0] as TripPoint;
      if (current.length > 0 && p.at - since.at >= stopMs) {
        close();
        standing = [p];
      }
    }
  }
  close();
  return trips;
}

/** The trips of points in collection order (see the module's rule). */
export function segmentTrips(points: readonly TripPoint[], options: TripOptions = TRIP_DEFAULTS): Trip[] {
  const sorted = points.toSorted((a, b) => a.at - b.at);
  const trips: Trip[] = [];
  let piece: TripPoint[] = [];
  for (const p of sorted) {
    const prev = piece.at(-1);
    if (prev && p.at - prev.at > options.maxGapMinutes * MINUTE) {
      trips.push(...piecesTrips(piece, options.stopMinutes * MINUTE));
      piece = [];
    }
    piece.push(p);
  }
  trips.push(...piecesTrips(piece, options.stopMinutes * MINUTE));
  return trips;
}
