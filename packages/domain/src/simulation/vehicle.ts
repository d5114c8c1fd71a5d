import { bearingDeg, distanceKm, SIM_CITIES } from "./cities";

/** Randomness passed in (the domain holds none): a number in [0, 1) per call. */
export type SimRandom = () => number;

/** What a simulated vehicle is doing. */
export type SimMode = "driving" | "charging" | "parked";

/**
 * A simulated vehicle at one instant: on a leg between two cities of {@link SIM_CITIES}, or
 * stopped at a charger or a destination; its odometer, SOC and alarm; whether its link to the
 * platform is down (a tunnel, a dead zone: the terminal keeps what it collects and re-sends it).
 * Positions are WGS-84 degrees, as a terminal reports them.
 */
export interface SimVehicle {
  /** Epoch ms of this state. */
  readonly at: number;
  /** City indexes of the leg. */
  readonly from: number;
  readonly to: number;
  readonly legKm: number;
  readonly progressKm: number;
  readonly longitude: number;
  readonly latitude: number;
  /** 0–359 degrees clockwise from north. */
  readonly direction: number;
  readonly speedKmh: number;
  readonly mileageKm: number;
  /** State of charge, % (0–100). */
  readonly soc: number;
  readonly mode: SimMode;
  /** When a stop ends (parked), epoch ms. */
  readonly until: number;
  /** GB/T 32960 最高报警等级 (0 none) and 通用报警标志 bits. */
  readonly alarm: { readonly level: number; readonly flags: number };
  readonly linkDown: boolean;
  /** When a lost link comes back, epoch ms. */
  readonly linkUntil: number;
}

/** The model's constants (a mid-size electric vehicle on expressways). */
export const SIM_RULES = {
  /** SOC used per km: a ~60 kWh pack, ~400 km range. */
  socPerKm: 0.25,
  /** SOC gained per minute at a fast charger (~60 kW). */
  chargePerMinute: 1.5,
  /** Below this SOC the driver stops at the next charger … */
  chargeBelow: 20,
  /** … and leaves at this SOC. */
  chargeTo: 90,
  minSpeedKmh: 40,
  maxSpeedKmh: 110,
  /** A stop at a destination lasts 5–30 minutes. */
  parkMinutes: [5, 30],
  /** Chance per minute that the link drops, and for how many minutes (1–5). */
  outagePerMinute: 0.02,
  outageMinutes: [1, 5],
  /** Chance per minute of a passing level-1 alarm (温度差异, bit 0). */
  alarmPerMinute: 0.01,
} as const;

/** 通用报警标志 bits the model raises (GB/T 32960.3 表18): 0 温度差异, 4 SOC低. */
export const SIM_ALARM_BITS = { temperatureDifference: 1 << 0, socLow: 1 << 4 } as const;

const MINUTE = 60_000;
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
const between = (random: SimRandom, [lo, hi]: readonly [number, number]) => lo + random() * (hi - lo);

function city(index: number) {
  return SIM_CITIES[index % SIM_CITIES.length] as (typeof SIM_CITIES)[number];
}

/** Another city than `from`, picked by `random`. */
function nextCity(from: number, random: SimRandom): number {
  const n = SIM_CITIES.length;
  return (from + 1 + Math.floor(random() * (n - 1))) % n;
}

/**
 * Where a leg's fraction `f` (0–1) lies: the straight line between the two centres bent
 * sideways by a smooth wave (at most ~6 % of the leg, zero at both ends, its shape fixed by the
 * pair of cities), so a route looks like a road rather than a ruler and the same leg is always
 * the same road.
 */
function pointAt(from: number, to: number, f: number): { longitude: number; latitude: number } {
  const a = city(from);
  const b = city(to);
  const dLon = b.longitude - a.longitude;
  const dLat = b.latitude - a.latitude;
  const bend = 0.06 * Math.sin(Math.PI * f) * Math.sin(3 * Math.PI * f + from + to * 0.7);
  // Perpendicular to the leg: (−dLat, dLon).
  return { longitude: a.longitude + dLon * f - dLat * bend, latitude: a.latitude + dLat * f + dLon * bend };
}

/** The position `progressKm` along the leg and the heading there (toward a point a little further on). */
function along(from: number, to: number, legKm: number, progressKm: number) {
  // legKm > 0: a leg joins two different cities.
  const f = Math.min(1, progressKm / legKm);
  const here = pointAt(from, to, f);
  const behind = pointAt(from, to, Math.max(0, f - 0.01));
  const ahead = pointAt(from, to, Math.min(1, f + 0.01));
  return {
    longitude: round(here.longitude, 6),
    latitude: round(here.latitude, 6),
    direction: bearingDeg(behind.longitude, behind.latitude, ahead.longitude, ahead.latitude),
  };
}

function leg(from: number, to: number): number {
  const a = city(from);
  const b = city(to);
  return distanceKm(a.longitude, a.latitude, b.longitude, b.latitude);
}

/**
 * Vehicle number `index` of a fleet at time `at`: starting from city `index` (modulo the list)
 * somewhere along a leg to another city, with an odometer of 1,000–51,000 km and 40–95 % SOC.
 */
export function startSimVehicle(index: number, at: number, random: SimRandom): SimVehicle {
  const from = index % SIM_CITIES.length;
  const to = nextCity(from, random);
  const legKm = leg(from, to);
  const progressKm = random() * legKm * 0.8;
  return {
    at,
    from,
    to,
    legKm,
    progressKm,
    ...along(from, to, legKm, progressKm),
    speedKmh: round(between(random, [60, 100]), 1),
    mileageKm: round(1000 + random() * 50_000, 1),
    soc: round(between(random, [40, 95]), 1),
    mode: "driving",
    until: at,
    alarm: { level: 0, flags: 0 },
    linkDown: false,
    linkUntil: at,
  };
}

/**
 * The vehicle at a later time `at` (pure: the same state, time and random numbers give the same
 * result). Driving: the speed wanders within 40–110 km/h, the distance driven moves it along the
 * leg and adds to the odometer, the SOC falls with it; at the destination it parks 5–30 minutes
 * and then drives to another city; below 20 % SOC it stops to charge to 90 %. The link drops now
 * and then for 1–5 minutes. Alarms: SOC低 (level 2) below 15 %, a passing 温度差异 (level 1) now
 * and then. An earlier `at` than the state's changes nothing.
 */
export function stepSimVehicle(s: SimVehicle, at: number, random: SimRandom): SimVehicle {
  const dt = at - s.at;
  if (dt <= 0) return s;
  const minutes = dt / MINUTE;
  const link = s.linkDown
    ? { linkDown: at < s.linkUntil, linkUntil: s.linkUntil }
    : random() < SIM_RULES.outagePerMinute * minutes
      ? { linkDown: true, linkUntil: at + Math.round(between(random, SIM_RULES.outageMinutes) * MINUTE) }
      : { linkDown: false, linkUntil: s.linkUntil };
  const moved = move(s, at, minutes, random);
  const passing = random() < SIM_RULES.alarmPerMinute * minutes;
  const alarm =
    moved.soc < 15
      ? { level: 2, flags: SIM_ALARM_BITS.socLow }
      : passing
        ? { level: 1, flags: SIM_ALARM_BITS.temperatureDifference }
        : { level: 0, flags: 0 };
  return { ...moved, ...link, alarm, at };
}

function move(s: SimVehicle, at: number, minutes: number, random: SimRandom): SimVehicle {
  if (s.mode === "parked") {
    if (at < s.until) return { ...s, speedKmh: 0 };
    const from = s.to;
    const to = nextCity(from, random);
    const legKm = leg(from, to);
    return { ...s, from, to, legKm, progressKm: 0, ...along(from, to, legKm, 0), mode: "driving", speedKmh: 30 };
  }
  if (s.mode === "charging") {
    const soc = round(Math.min(SIM_RULES.chargeTo, s.soc + SIM_RULES.chargePerMinute * minutes), 1);
    // Charged: it pulls out of the charger at walking pace and speeds up from there.
    return soc >= SIM_RULES.chargeTo ? { ...s, soc, speedKmh: 30, mode: "driving" } : { ...s, soc, speedKmh: 0 };
  }
  const speedKmh = round(
    Math.min(SIM_RULES.maxSpeedKmh, Math.max(SIM_RULES.minSpeedKmh, s.speedKmh + (random() - 0.5) * 20)),
    1,
  );
  const km = Math.min(speedKmh * (minutes / 60), s.legKm - s.progressKm);
  const progressKm = s.progressKm + km;
  const soc = round(Math.max(0, s.soc - km * SIM_RULES.socPerKm), 1);
  const base = {
    ...s,
    progressKm,
    ...along(s.from, s.to, s.legKm, progressKm),
    speedKmh,
    mileageKm: round(s.mileageKm + km, 1),
    soc,
  };
  if (progressKm >= s.legKm) {
    return {
      ...base,
      mode: "parked",
      speedKmh: 0,
      until: at + Math.round(between(random, SIM_RULES.parkMinutes) * MINUTE),
    };
  }
  if (soc < SIM_RULES.chargeBelow) return { ...base, mode: "charging", speedKmh: 0 };
  return base;
}
