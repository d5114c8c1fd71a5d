import type { DieselReadings, ObdReadings } from "../hj1239/message";
import type { SimRandom, SimVehicle } from "./vehicle";

/**
 * A simulated diesel truck's engine and tanks, carried from one report to the next (HJ 1239
 * 燃油车国标数据): since when the engine runs (null: off), the urea (reagent) level and when the
 * OBD item was last sent. The shared motion model ({@link SimVehicle}) drives it: its SOC stands
 * for the fuel tank and its 'charging' stop for refuelling, so fuel falls with distance and is
 * topped up at a stop; position, speed and odometer are the model's.
 */
export interface SimEngine {
  readonly runningSince: number | null;
  /** 反应剂余量, % of the urea tank. */
  readonly reagentPercent: number;
  readonly lastObdAt: number | null;
}

/** The diesel model's constants (a heavy 6×4 tractor on expressways). */
export const SIM_DIESEL = {
  ambientC: 15,
  /** Coolant's working temperature and how fast it gets there (minutes to ~63 %). */
  coolantWorkingC: 88,
  warmUpMinutes: 6,
  idleRpm: 650,
  /** Engine speed per km/h in top gear (1,325 r/min at 90 km/h). */
  rpmPerKmh: 7.5,
  /** Urea used per km (% of the tank): ~1,000 km per 10 %. */
  reagentPerKm: 0.01,
  /** Below this the driver tops urea up at the next stop, to this. */
  reagentRefillBelow: 15,
  reagentRefillTo: 95,
  /** The SCR converts well from this inlet temperature on. */
  scrLightOffC: 200,
  /** The OBD item every this many ms. */
  obdEveryMs: 5 * 60_000,
  /** Chance per minute of a 防拆报警 (the terminal being removed). */
  antiTamperPerMinute: 0.0005,
} as const;

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
const engineOn = (s: SimVehicle) => s.mode === "driving";

/** A truck's engine at the start: running when the truck drives, urea 40–95 %. */
export function startSimEngine(s: SimVehicle, random: SimRandom): SimEngine {
  return {
    runningSince: engineOn(s) ? s.at - 30 * 60_000 : null,
    reagentPercent: round(40 + random() * 55, 1),
    lastObdAt: null,
  };
}

/** The engine after the truck moved from `prev` to `next`: started/stopped, urea used or refilled. */
export function stepSimEngine(e: SimEngine, prev: SimVehicle, next: SimVehicle): SimEngine {
  const km = Math.max(0, next.mileageKm - prev.mileageKm);
  const used = Math.max(0, e.reagentPercent - km * SIM_DIESEL.reagentPerKm);
  const stopped = !engineOn(next);
  const reagentPercent = stopped && used < SIM_DIESEL.reagentRefillBelow ? SIM_DIESEL.reagentRefillTo : round(used, 2);
  const runningSince = stopped ? null : (e.runningSince ?? next.at);
  return { ...e, reagentPercent, runningSince };
}

/** One second of the diesel stream (0x02) of the truck in state `s` at `at`. */
export function dieselReadings(s: SimVehicle, e: SimEngine, at: number): DieselReadings {
  const base = {
    barometricKpa: 100.5,
    reagentPercent: e.reagentPercent,
    fuelPercent: round(s.soc, 1),
    position: { lng: s.longitude, lat: s.latitude },
    odometerKm: s.mileageKm,
  };
  const a = SIM_DIESEL.ambientC;
  if (e.runningSince === null) {
    return {
      ...base,
      speedKmh: 0,
      netTorquePercent: 0,
      frictionTorquePercent: 0,
      engineRpm: 0,
      fuelFlowLph: 0,
      scrUpstreamNoxPpm: 0,
      scrDownstreamNoxPpm: 0,
      airIntakeKgph: 0,
      scrInletC: a,
      scrOutletC: a,
      dpfDropKpa: 0,
      coolantC: a,
    };
  }
  const minutes = Math.max(0, at - e.runningSince) / 60_000;
  const warm = 1 - Math.exp(-minutes / SIM_DIESEL.warmUpMinutes);
  const speed = s.speedKmh;
  const torque = round(20 + speed * 0.35, 1);
  const rpm = round(SIM_DIESEL.idleRpm + speed * SIM_DIESEL.rpmPerKmh, 1);
  const scrInletC = round(a + (120 + torque * 4) * warm, 1);
  const upstream = round(300 + torque * 10, 1);
  // A cold catalyst converts little; a warm one removes ~95 % of the NOx.
  const conversion = scrInletC >= SIM_DIESEL.scrLightOffC ? 0.95 : 0.4;
  return {
    ...base,
    speedKmh: speed,
    netTorquePercent: torque,
    frictionTorquePercent: 8,
    engineRpm: rpm,
    fuelFlowLph: round(2 + speed * 0.35, 2),
    scrUpstreamNoxPpm: upstream,
    scrDownstreamNoxPpm: round(upstream * (1 - conversion), 1),
    airIntakeKgph: round(150 + rpm * 0.4, 1),
    scrInletC,
    scrOutletC: round(scrInletC - 15 * warm, 1),
    dpfDropKpa: round(1 + speed * 0.03, 1),
    coolantC: round(a + (SIM_DIESEL.coolantWorkingC - a) * warm, 0),
  };
}

/** The truck `f` (0–1) of the way from `prev` to `next`: position, speed and odometer in between. */
function between(prev: SimVehicle, next: SimVehicle, f: number): SimVehicle {
  const mix = (x: number, y: number, digits: number) => round(x + (y - x) * f, digits);
  return {
    ...next,
    longitude: mix(prev.longitude, next.longitude, 6),
    latitude: mix(prev.latitude, next.latitude, 6),
    speedKmh: mix(prev.speedKmh, next.speedKmh, 1),
    mileageKm: mix(prev.mileageKm, next.mileageKm, 1),
  };
}

/**
 * The ten one-second diesel samples a terminal sends in one frame (✔BT), the last at `next`'s
 * whole second, the others spread back over the nine seconds before it along the way from
 * `prev` (positions, speeds and odometers in between; `prev` as far back as it is).
 */
export function dieselSamples(
  prev: SimVehicle,
  next: SimVehicle,
  e: SimEngine,
): { readonly time: number; readonly stream: DieselReadings }[] {
  const last = Math.floor(next.at / 1000) * 1000;
  const span = Math.max(1, next.at - prev.at);
  return Array.from({ length: 10 }, (_, k) => {
    const time = last - (9 - k) * 1000;
    const f = Math.min(1, Math.max(0, 1 - (next.at - time) / span));
    return { time, stream: dieselReadings(between(prev, next, f), e, time) };
  });
}

/** Whether the OBD item is due with a frame at `at` (every {@link SIM_DIESEL.obdEveryMs}, first at once). */
export function obdDue(e: SimEngine, at: number): boolean {
  return e.lastObdAt === null || at - e.lastObdAt >= SIM_DIESEL.obdEveryMs;
}

/** The OBD item (0x01) of a healthy 国六 truck: SAE J1939, MIL off, no fault codes. */
export function simObd(vin: string): ObdReadings {
  return {
    protocol: 2,
    milOn: false,
    diagnosisSupport: 0x0f7f,
    diagnosisReadiness: 0x0000,
    vin,
    calibrationId: `SIMCAL${vin.slice(-8)}`,
    calibrationVerification: `CVN${vin.slice(-8)}`,
    iupr: Array.from({ length: 18 }, (_, i) => (i % 2 === 0 ? 120 + i : 150 + i)),
    faultCodes: [],
  };
}

/** Whether a 防拆报警 happens in `minutes` (rare: {@link SIM_DIESEL.antiTamperPerMinute}). */
export function antiTamperHappens(random: SimRandom, minutes: number): boolean {
  return random() < SIM_DIESEL.antiTamperPerMinute * minutes;
}
