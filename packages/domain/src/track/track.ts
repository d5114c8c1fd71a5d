import { distanceKm } from "../simulation/cities";

/**
 * 机械轨迹查询 (/operate/tripQuery): a vehicle's track over a range, read from the positions the
 * gateway decoded (GB/T 32960 0x05, JT/T 808 0x0200/0x0704, HJ 1239 stream), and what an
 * operator reads off it — distance, driving time, the stops and the stretches over the speed
 * limit. Pure: the samples come in, the figures go out; the server computes them over every
 * point of the range (thinning would hide a short overspeed), the console replays the points.
 */

/** One position of the track (WGS-84 as the terminal reported it; speed km/h, mileage km). */
export interface TrackSample {
  readonly at: number;
  readonly lng: number;
  readonly lat: number;
  readonly speedKmh: number | null;
  readonly mileageKm: number | null;
}

/** A stop: the vehicle stayed within `stopRadiusMeters` for at least `stopMinutes`. */
export interface TrackStop {
  readonly from: number;
  readonly to: number;
  readonly lng: number;
  readonly lat: number;
  readonly seconds: number;
  /** Indexes of the first and the last sample of the stop. */
  readonly index: number;
  readonly endIndex: number;
}

/** A stretch over the speed limit: consecutive samples above it. */
export interface TrackOverspeed {
  readonly from: number;
  readonly to: number;
  readonly maxKmh: number;
  readonly startIndex: number;
  readonly endIndex: number;
}

export interface TrackSummary {
  readonly points: number;
  /** Odometer difference when both ends carry one and it is plausible, else the sum of steps. */
  readonly distanceKm: number;
  readonly distanceSource: "odometer" | "positions";
  readonly durationSeconds: number;
  /** Time between samples where the vehicle moved: a speed on either side, and not within a stop. */
  readonly drivingSeconds: number;
  readonly maxSpeedKmh: number | null;
  /** Distance over driving time, km/h (null without driving time). */
  readonly avgSpeedKmh: number | null;
  readonly stops: readonly TrackStop[];
  readonly overspeeds: readonly TrackOverspeed[];
}

export interface TrackOptions {
  /** km/h; a sample strictly above it is over the limit. */
  readonly speedLimitKmh: number;
  /** A stay shorter than this is no stop. */
  readonly stopMinutes: number;
  /** How far the vehicle may drift (GPS noise) and still be stopped. */
  readonly stopRadiusMeters?: number;
}

export const TRACK_DEFAULTS = { speedLimitKmh: 80, stopMinutes: 5, stopRadiusMeters: 100 } as const;
/** The longest range one track query covers: a day of one-second reports is 86,400 points. */
export const TRACK_MAX_RANGE_MS = 24 * 3_600_000;
export const TRACK_SPEED_LIMIT_RANGE = [10, 200] as const;
export const TRACK_STOP_MINUTES_RANGE = [1, 240] as const;

export const MSG_TRACK_RANGE_REVERSED = "开始时间不能晚于结束时间";
export const MSG_TRACK_RANGE_TOO_LONG = "轨迹查询的时间范围不能超过24小时";
export const MSG_TRACK_SPEED_LIMIT = `超速阈值须在${TRACK_SPEED_LIMIT_RANGE[0]}～${TRACK_SPEED_LIMIT_RANGE[1]} km/h之间`;
export const MSG_TRACK_STOP_MINUTES = `停车时长须在${TRACK_STOP_MINUTES_RANGE[0]}～${TRACK_STOP_MINUTES_RANGE[1]}分钟之间`;

/** Why a track query cannot run, or null: the range and the two thresholds. */
export function trackQueryRefusal(q: {
  startTime: number;
  endTime: number;
  speedLimitKmh: number;
  stopMinutes: number;
}): { field: "startTime" | "speedLimit" | "stopMinutes"; msg: string } | null {
  if (q.startTime > q.endTime) return { field: "startTime", msg: MSG_TRACK_RANGE_REVERSED };
  if (q.endTime - q.startTime > TRACK_MAX_RANGE_MS) return { field: "startTime", msg: MSG_TRACK_RANGE_TOO_LONG };
  const [lo, hi] = TRACK_SPEED_LIMIT_RANGE;
  if (!(q.speedLimitKmh >= lo && q.speedLimitKmh <= hi)) return { field: "speedLimit", msg: MSG_TRACK_SPEED_LIMIT };
  const [slo, shi] = TRACK_STOP_MINUTES_RANGE;
  if (!(Number.isInteger(q.stopMinutes) && q.stopMinutes >= slo && q.stopMinutes <= shi))
    return { field: "stopMinutes", msg: MSG_TRACK_STOP_MINUTES };
  return null;
}

const stepKm = (a: TrackSample, b: TrackSample) => distanceKm(a.lng, a.lat, b.lng, b.lat);

/** The stops: runs of samples within the radius of the run's first sample, lasting long enough. */
function findStops(samples: readonly TrackSample[], minSeconds: number, radiusKm: number): TrackStop[] {
  const stops: TrackStop[] = [];
  let i = 0;
  while (i < samples.length) {
    const anchor = samples[i] as TrackSample;
    let j = i;
    while (j + 1 < samples.length) {
      // Position, not reported speed, decides: a parked terminal's speed jitters with GPS noise.
      if (stepKm(anchor, samples[j + 1] as TrackSample) > radiusKm) break;
      j++;
    }
    const last = samples[j] as TrackSample;
    const seconds = (last.at - anchor.at) / 1000;
    if (j > i && seconds >= minSeconds) {
      stops.push({ from: anchor.at, to: last.at, lng: anchor.lng, lat: anchor.lat, seconds, index: i, endIndex: j });
      i = j + 1;
    } else {
      i++;
    }
  }
  return stops;
}

/** The stretches above the limit (a sample without a speed ends a stretch). */
function findOverspeeds(samples: readonly TrackSample[], limit: number): TrackOverspeed[] {
  const out: TrackOverspeed[] = [];
  let start = -1;
  let max = 0;
  const close = (end: number) => {
    out.push({
      from: (samples[start] as TrackSample).at,
      to: (samples[end] as TrackSample).at,
      maxKmh: max,
      startIndex: start,
      endIndex: end,
    });
    start = -1;
  };
  samples.forEach((s, k) => {
    const over = s.speedKmh !== null && s.speedKmh > limit;
    if (over && start < 0) {
      start = k;
      max = s.speedKmh as number;
    } else if (over) {
      max = Math.max(max, s.speedKmh as number);
    } else if (start >= 0) {
      close(k - 1);
    }
  });
  if (start >= 0) close(samples.length - 1);
  return out;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * The figures of a track whose samples are in time order. Distance: the odometer's difference
 * when both ends carry one and it is not below the positions' own distance by more than half
 * (a reset or a wrong odometer); otherwise the great-circle steps summed.
 */
export function analyseTrack(samples: readonly TrackSample[], options: TrackOptions): TrackSummary {
  const radiusKm = (options.stopRadiusMeters ?? TRACK_DEFAULTS.stopRadiusMeters) / 1000;
  const stops = findStops(samples, options.stopMinutes * 60, radiusKm);
  // The stop each sample belongs to (-1: none), so a parked terminal's speed noise is no driving.
  const stopOf = new Int32Array(samples.length).fill(-1);
  for (const [n, st] of stops.entries()) stopOf.fill(n, st.index, st.endIndex + 1);
  let stepsKm = 0;
  let drivingMs = 0;
  let maxSpeed: number | null = null;
  for (let k = 0; k < samples.length; k++) {
    const s = samples[k] as TrackSample;
    if (s.speedKmh !== null) maxSpeed = Math.max(maxSpeed ?? 0, s.speedKmh);
    if (k === 0) continue;
    const prev = samples[k - 1] as TrackSample;
    stepsKm += stepKm(prev, s);
    const parked = stopOf[k] !== -1 && stopOf[k] === stopOf[k - 1];
    if (!parked && ((s.speedKmh ?? 0) > 0 || (prev.speedKmh ?? 0) > 0)) drivingMs += s.at - prev.at;
  }
  const first = samples[0];
  const last = samples.at(-1);
  const odometer = first?.mileageKm != null && last?.mileageKm != null ? last.mileageKm - first.mileageKm : Number.NaN;
  const useOdometer = odometer >= 0 && odometer >= stepsKm / 2;
  const distance = useOdometer ? odometer : stepsKm;
  const drivingSeconds = drivingMs / 1000;
  return {
    points: samples.length,
    distanceKm: round(distance, 2),
    distanceSource: useOdometer ? "odometer" : "positions",
    durationSeconds: first && last ? (last.at - first.at) / 1000 : 0,
    drivingSeconds,
    maxSpeedKmh: maxSpeed,
    avgSpeedKmh: drivingSeconds > 0 ? round(distance / (drivingSeconds / 3600), 1) : null,
    stops,
    overspeeds: findOverspeeds(samples, options.speedLimitKmh),
  };
}

/** The index of the last sample at or before `at` (playback), 0 before the first. */
export function sampleIndexAt(samples: readonly { at: number }[], at: number): number {
  let lo = 0;
  let hi = samples.length - 1;
  if (hi < 0 || at <= (samples[0] as { at: number }).at) return 0;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if ((samples[mid] as { at: number }).at <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** What the vehicle was doing at a point of its track. */
export type TrackPointState = "driving" | "stopped" | "overspeed";

/**
 * The state of each of `points` points by the track's figures: inside a stop, over the limit, or
 * driving (a stop wins where both hold). The export's 状态 column and the playback's readout.
 */
export function trackPointStates(
  points: number,
  summary: Pick<TrackSummary, "stops" | "overspeeds">,
): TrackPointState[] {
  const states = Array.from({ length: points }, (): TrackPointState => "driving");
  for (const o of summary.overspeeds) states.fill("overspeed", o.startIndex, o.endIndex + 1);
  for (const s of summary.stops) states.fill("stopped", s.index, s.endIndex + 1);
  return states;
}
