import type { Coded, Quantity } from "../gbt32960/realtime/quantity";
import type { GearPosition } from "../gbt32960/realtime/vehicleData";
import { decodeHj1239Message, type Hj1239Item } from "../hj1239/message";
import type { DieselStream, Hj1239Position, IdField, ObdInfo } from "../hj1239/realtime";

/**
 * 燃油车国标数据 and 档位车速报文's parts of a journal report (issue 16): HJ 1239's diesel data
 * stream and OBD information item by item, and GB/T 32960's 档位 byte.
 */

/** A measured value as the journals show it (异常/无效 carry no number). */
export interface JournalReading {
  readonly status: Quantity["status"];
  readonly value: number | null;
  readonly unit: string;
}

export const journalReading = (q: Quantity): JournalReading => ({
  status: q.status,
  value: q.status === "valid" ? q.value : null,
  unit: q.unit,
});

const hundredths = (r: JournalReading): JournalReading =>
  r.value === null ? r : { ...r, value: Math.round(r.value * 100) / 100 };

/** HJ 1239 0x02 数据流信息 beyond what every report has (speed, odometer, position). */
export interface DieselValues {
  readonly barometricPressure: JournalReading;
  readonly netTorque: JournalReading;
  readonly frictionTorque: JournalReading;
  readonly engineSpeed: JournalReading;
  readonly fuelFlow: JournalReading;
  readonly scrUpstreamNox: JournalReading;
  readonly scrDownstreamNox: JournalReading;
  readonly reagentLevel: JournalReading;
  readonly airIntake: JournalReading;
  readonly scrInletTemperature: JournalReading;
  readonly scrOutletTemperature: JournalReading;
  readonly dpfPressureDrop: JournalReading;
  readonly coolantTemperature: JournalReading;
  readonly fuelLevel: JournalReading;
}

/** The diesel stream's values in the order of HJ 1239.3's table, each with the standard's name. */
export const DIESEL_FIELDS: readonly (readonly [keyof DieselValues, string])[] = [
  ["barometricPressure", "大气压力"],
  ["netTorque", "发动机净输出扭矩"],
  ["frictionTorque", "摩擦扭矩"],
  ["engineSpeed", "发动机转速"],
  ["fuelFlow", "发动机燃料流量"],
  ["scrUpstreamNox", "SCR上游NOx传感器输出值"],
  ["scrDownstreamNox", "SCR下游NOx传感器输出值"],
  ["reagentLevel", "反应剂余量"],
  ["airIntake", "进气量"],
  ["scrInletTemperature", "SCR入口温度"],
  ["scrOutletTemperature", "SCR出口温度"],
  ["dpfPressureDrop", "DPF压差"],
  ["coolantTemperature", "发动机冷却液温度"],
  ["fuelLevel", "油箱液位"],
];

/** HJ 1239 0x01 OBD信息: what identifies the engine's calibration and what it reports wrong. */
export interface ObdValues {
  /** OBD诊断协议 by name (ISO 15765, ISO 27145, SAE J1939) or 无效. */
  readonly protocol: string;
  /** MIL状态: 未点亮 / 点亮 / 无效. */
  readonly mil: string;
  /** 诊断支持状态 and 诊断就绪状态 as the standard's bit words (hex). */
  readonly diagnosisSupport: string;
  readonly diagnosisReadiness: string;
  readonly vin: string | null;
  /** 软件标定识别号 (CAL ID): text, or the bytes in hex when not printable. */
  readonly calibrationId: string | null;
  /** 标定验证码 (CVN). */
  readonly calibrationVerification: string | null;
  readonly faultCount: JournalReading;
  /** 故障码, each 4 bytes as 8 hex digits (a fresh array per report: rows may hand it on as is). */
  readonly faultCodes: string[];
}

const codedName = (c: Coded): string => {
  if (c.status === "abnormal") return "异常";
  if (c.status === "invalid") return "无效";
  return c.name ?? `0x${c.raw.toString(16).toUpperCase().padStart(2, "0")}`;
};
const word = (n: number) => `0x${n.toString(16).toUpperCase().padStart(4, "0")}`;
const idText = (f: IdField) => f.text ?? (/^(00|FF)*$/i.test(f.hex) ? null : f.hex);

function dieselValues(s: DieselStream): DieselValues {
  return Object.fromEntries(DIESEL_FIELDS.map(([k]) => [k, journalReading(s[k])])) as unknown as DieselValues;
}

function obdValues(o: ObdInfo): ObdValues {
  return {
    protocol: codedName(o.protocol),
    mil: codedName(o.mil),
    diagnosisSupport: word(o.diagnosisSupport),
    diagnosisReadiness: word(o.diagnosisReadiness),
    vin: idText(o.vin),
    calibrationId: idText(o.calibrationId),
    calibrationVerification: idText(o.calibrationVerification),
    faultCount: journalReading(o.faultCount),
    faultCodes: [...o.faultCodes],
  };
}

/** One item of an HJ 1239 real-time/re-sent unit as a report. */
export interface FuelCarItem {
  readonly collectedAt: number;
  readonly resent: boolean;
  /** The standard's name of the item (OBD信息, 数据流信息, …). */
  readonly item: string;
  readonly position: Hj1239Position | null;
  readonly speed: JournalReading | null;
  readonly odometer: JournalReading | null;
  readonly diesel: DieselValues | null;
  readonly obd: ObdValues | null;
}

function itemReport(i: Hj1239Item, resent: boolean): FuelCarItem | null {
  const base = { collectedAt: i.time, resent, item: i.name };
  if (i.kind === "diesel") {
    const s = i.stream;
    return {
      ...base,
      position: s.position,
      // 1/256 km/h on the wire: shown to 0.01 km/h like the other journals' speeds, not 69.6015625.
      speed: hundredths(journalReading(s.speed)),
      odometer: journalReading(s.odometer),
      diesel: dieselValues(s),
      obd: null,
    };
  }
  if (i.kind === "obd")
    return { ...base, position: null, speed: null, odometer: null, diesel: null, obd: obdValues(i.obd) };
  // Gas-engine, hybrid and OEM items are not diesel trucks' data: 燃油车国标数据 shows the diesel standard.
  return null;
}

/**
 * The reports of a stored HJ 1239 frame: one per OBD or diesel-stream item of a real-time (0x02)
 * or re-sent (0x03) unit, each at its own collection time (a terminal sends ten one-second
 * samples a frame). Logins, logouts, 防拆报警 and undecodable frames report none.
 */
export function hj1239Items(rawHex: string): FuelCarItem[] {
  const decoded = decodeHj1239Message(rawHex);
  if (!decoded.ok || decoded.value.body.kind !== "realtime") return [];
  const { resent, items } = decoded.value.body;
  return items.map((i) => itemReport(i, resent)).filter((r): r is FuelCarItem => r !== null);
}

/** The 档位 of a GB/T 32960 整车数据 item as the journals show it. */
export interface GearReading {
  /** Low nibble 0–15. */
  readonly code: number;
  /** The standard's name: 空挡, 1挡…12挡, 倒挡, 自动D挡, 停车P挡. */
  readonly name: string;
  /** N, 1–12, R, D, P: the lever's letters. */
  readonly short: string;
  readonly drivingForce: boolean;
  readonly brakingForce: boolean;
  /** 2025 bit 7 set: the terminal marks the gear 无效. */
  readonly valid: boolean;
}

/** The lever's letter of a gear code (0 N, 1–12 the gear, 13 R, 14 D, 15 P). */
export function gearShort(code: number): string {
  if (code === 0) return "N";
  if (code <= 12) return String(code);
  return ["R", "D", "P"][code - 13] as string;
}

export function gearReading(g: GearPosition): GearReading {
  return {
    code: g.gear.raw,
    name: g.gear.name,
    short: gearShort(g.gear.raw),
    drivingForce: g.drivingForce,
    brakingForce: g.brakingForce,
    valid: g.positionValid !== false,
  };
}
