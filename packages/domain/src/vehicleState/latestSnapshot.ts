import type { Coded, Quantity } from "../gbt32960/realtime/quantity";
import type { RealtimeData } from "../gbt32960/realtime/realtimeData";
import { alarmSummary, type Reading } from "../journals/tboxJournal";

/** An extreme of the battery (极值数据): the value and where it was measured. */
export interface CellExtreme {
  readonly value: Reading;
  /** 电池子系统号. */
  readonly pack: number | null;
  /** 单体代号 / 探针序号. */
  readonly position: number | null;
}

/** One 驱动电机 as the latest state keeps it. */
export interface MotorState {
  readonly serial: number;
  /** 驱动电机状态, its standard name, 异常 or 无效. */
  readonly state: string;
  readonly speed: Reading;
  readonly torque: Reading;
  readonly temperature: Reading;
  readonly controllerTemperature: Reading;
}

/** A coded state (车辆状态, 充电状态): the raw code when valid and the standard's name. */
export interface CodedState {
  readonly code: number | null;
  readonly text: string;
}

/**
 * What the latest state keeps of one GB/T 32960 real-time or re-sent unit (issue 18
 * 车辆实时状态): every value as a `Reading`, so 异常/无效 stay what the terminal said and are
 * never shown as numbers. Items the unit did not carry are null (or empty).
 */
export interface LatestSnapshot {
  /** 数据采集时间, epoch ms: the state is the newest by this time. */
  readonly collectedAt: number;
  readonly longitude: number | null;
  readonly latitude: number | null;
  readonly speed: Reading | null;
  readonly mileage: Reading | null;
  readonly soc: Reading | null;
  readonly totalVoltage: Reading | null;
  readonly totalCurrent: Reading | null;
  readonly vehicleState: CodedState | null;
  readonly chargeState: CodedState | null;
  readonly maxCellVoltage: CellExtreme | null;
  readonly minCellVoltage: CellExtreme | null;
  readonly maxTemperature: CellExtreme | null;
  readonly minTemperature: CellExtreme | null;
  readonly motors: readonly MotorState[];
  /** 最高报警等级 0–3, null when not reported or not valid. */
  readonly alarmLevel: Reading | null;
  /** The standard's names of the 通用报警标志 set. */
  readonly alarms: readonly string[];
}

const reading = (q: Quantity): Reading => ({
  status: q.status,
  value: q.status === "valid" ? q.value : null,
  unit: q.unit,
});

const index = (q: Quantity): number | null => (q.status === "valid" ? q.value : null);

function coded(c: Coded): CodedState {
  if (c.status !== "valid") return { code: null, text: c.status === "abnormal" ? "异常" : "无效" };
  return { code: c.raw, text: c.name ?? `0x${c.raw.toString(16).toUpperCase().padStart(2, "0")}` };
}

const extreme = (value: Quantity, pack: Quantity, position: Quantity): CellExtreme => ({
  value: reading(value),
  pack: index(pack),
  position: index(position),
});

/** The latest state a decoded GB/T 32960 unit gives (the gateway's writer and the seed call it). */
export function latestSnapshotOf(data: RealtimeData): LatestSnapshot {
  let s: LatestSnapshot = {
    collectedAt: data.collectedAt,
    longitude: null,
    latitude: null,
    speed: null,
    mileage: null,
    soc: null,
    totalVoltage: null,
    totalCurrent: null,
    vehicleState: null,
    chargeState: null,
    maxCellVoltage: null,
    minCellVoltage: null,
    maxTemperature: null,
    minTemperature: null,
    motors: [],
    alarmLevel: null,
    alarms: [],
  };
  for (const item of data.items) {
    if (item.kind === "vehicle") {
      const v = item.vehicle;
      s = {
        ...s,
        speed: reading(v.speed),
        mileage: reading(v.odometer),
        soc: reading(v.soc),
        totalVoltage: reading(v.totalVoltage),
        totalCurrent: reading(v.totalCurrent),
        vehicleState: coded(v.vehicleState),
        chargeState: coded(v.chargingState),
      };
    } else if (item.kind === "position") {
      const p = item.position;
      // A fix whose coordinates are 异常/无效 is no fix: no number is kept as a place.
      if (p.fixValid && p.longitude.status === "valid" && p.latitude.status === "valid") {
        s = {
          ...s,
          longitude: p.west ? -p.longitude.value : p.longitude.value,
          latitude: p.south ? -p.latitude.value : p.latitude.value,
        };
      }
    } else if (item.kind === "extremes") {
      const e = item.extremes;
      s = {
        ...s,
        maxCellVoltage: extreme(e.maxCellVoltage, e.maxVoltagePackNo, e.maxVoltageCellNo),
        minCellVoltage: extreme(e.minCellVoltage, e.minVoltagePackNo, e.minVoltageCellNo),
        maxTemperature: extreme(e.maxTemperature, e.maxTemperaturePackNo, e.maxTemperatureProbeNo),
        minTemperature: extreme(e.minTemperature, e.minTemperaturePackNo, e.minTemperatureProbeNo),
      };
    } else if (item.kind === "driveMotors") {
      s = {
        ...s,
        motors: item.motors.map((m) => ({
          serial: m.serial,
          state: coded(m.state).text,
          speed: reading(m.speed),
          torque: reading(m.torque),
          temperature: reading(m.temperature),
          controllerTemperature: reading(m.controllerTemperature),
        })),
      };
    } else if (item.kind === "alarm") {
      s = { ...s, ...alarmSummary(item.alarm) };
    }
  }
  return s;
}

/**
 * Whether an incoming unit replaces the stored state: only a newer collection time does, so a
 * re-sent (0x03) unit of older data never overwrites what a newer real-time unit said. Equal
 * times keep the stored one (the same unit sent twice changes nothing).
 */
export const replacesStored = (storedAt: number | null, incomingAt: number): boolean =>
  storedAt === null || incomingAt > storedAt;
