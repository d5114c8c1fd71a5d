import { asciiToString, isPrintableAscii } from "../gbt32960/ascii";
import { bytesToHex } from "../gbt32960/hex";
import { type Coded, type Quantity, readCoded, readQuantity, type Scale, UNIT } from "../gbt32960/realtime/quantity";
import type { ByteReader } from "../gbt32960/realtime/reader";
import { MIL_STATES, OBD_PROTOCOLS } from "./codes";

/**
 * The information bodies of an HJ 1239.3 real-time (0x02) or re-sent (0x03) unit
 * (telematics-facts.md §3). Every measured value is a {@link Quantity}: 0xFE…/0xFF… are 异常 /
 * 无效 and carry no number, as in GB/T 32960. Scaling checked against two encoders (BT's
 * `PackVehicleData` writes speed×256, pressure×2, torque+125, rpm×8, flow×20, (NOx+200)×20,
 * reagent×2.5, (T+273)×32, ΔP×10, coolant+40, level×2.5, degrees×10⁶, odometer×10).
 */

export const UNIT_HJ = {
  ...UNIT,
  kpa: "kPa",
  litrePerHour: "L/h",
  ppm: "ppm",
  kgPerHour: "kg/h",
} as const;

const SPEED: Scale = { unit: UNIT_HJ.kmh, divisor: 256 };
const BARO: Scale = { unit: UNIT_HJ.kpa, divisor: 2 };
const TORQUE: Scale = { unit: UNIT_HJ.percent, rawOffset: 125 };
const RPM: Scale = { unit: UNIT_HJ.rpm, divisor: 8 };
const FUEL_FLOW: Scale = { unit: UNIT_HJ.litrePerHour, divisor: 20 };
const NOX: Scale = { unit: UNIT_HJ.ppm, divisor: 20, rawOffset: 200 * 20 };
const LEVEL: Scale = { unit: UNIT_HJ.percent, divisor: 2.5 };
const AIR: Scale = { unit: UNIT_HJ.kgPerHour, divisor: 20 };
const EXHAUST_T: Scale = { unit: UNIT_HJ.celsius, divisor: 32, rawOffset: 273 * 32 };
const DPF_DP: Scale = { unit: UNIT_HJ.kpa, divisor: 10 };
const COOLANT: Scale = { unit: UNIT_HJ.celsius, rawOffset: 40 };
const DEGREES: Scale = { unit: UNIT_HJ.degree, divisor: 1_000_000 };
const ODOMETER: Scale = { unit: UNIT_HJ.km, divisor: 10 };

/** 定位状态 and position, as GB/T 32960's 0x05 (bit 0 set: no fix; bit 1 南纬; bit 2 西经). */
export interface Hj1239Position {
  readonly statusRaw: number;
  readonly fixValid: boolean;
  readonly south: boolean;
  readonly west: boolean;
  readonly longitude: Quantity;
  readonly latitude: Quantity;
}

function readPosition(r: ByteReader): Hj1239Position {
  const statusRaw = r.u8();
  return {
    statusRaw,
    fixValid: (statusRaw & 0x01) === 0,
    south: (statusRaw & 0x02) !== 0,
    west: (statusRaw & 0x04) !== 0,
    longitude: readQuantity(r, 4, DEGREES),
    latitude: readQuantity(r, 4, DEGREES),
  };
}

/** 0x02 数据流信息 of a diesel engine (37 bytes, ✔BT,BN). */
export interface DieselStream {
  readonly speed: Quantity;
  readonly barometricPressure: Quantity;
  /** 发动机净输出扭矩, % of the reference torque (−125…125). */
  readonly netTorque: Quantity;
  readonly frictionTorque: Quantity;
  readonly engineSpeed: Quantity;
  readonly fuelFlow: Quantity;
  readonly scrUpstreamNox: Quantity;
  readonly scrDownstreamNox: Quantity;
  /** 反应剂余量 (urea), % of the tank. */
  readonly reagentLevel: Quantity;
  readonly airIntake: Quantity;
  readonly scrInletTemperature: Quantity;
  readonly scrOutletTemperature: Quantity;
  readonly dpfPressureDrop: Quantity;
  readonly coolantTemperature: Quantity;
  readonly fuelLevel: Quantity;
  readonly position: Hj1239Position;
  readonly odometer: Quantity;
}

/** Bytes of a diesel stream body. */
export const DIESEL_STREAM_LENGTH = 37;

export function readDieselStream(r: ByteReader): DieselStream {
  return {
    speed: readQuantity(r, 2, SPEED),
    barometricPressure: readQuantity(r, 1, BARO),
    netTorque: readQuantity(r, 1, TORQUE),
    frictionTorque: readQuantity(r, 1, TORQUE),
    engineSpeed: readQuantity(r, 2, RPM),
    fuelFlow: readQuantity(r, 2, FUEL_FLOW),
    scrUpstreamNox: readQuantity(r, 2, NOX),
    scrDownstreamNox: readQuantity(r, 2, NOX),
    reagentLevel: readQuantity(r, 1, LEVEL),
    airIntake: readQuantity(r, 2, AIR),
    scrInletTemperature: readQuantity(r, 2, EXHAUST_T),
    scrOutletTemperature: readQuantity(r, 2, EXHAUST_T),
    dpfPressureDrop: readQuantity(r, 2, DPF_DP),
    coolantTemperature: readQuantity(r, 1, COOLANT),
    fuelLevel: readQuantity(r, 1, LEVEL),
    position: readPosition(r),
    odometer: readQuantity(r, 4, ODOMETER),
  };
}

/**
 * 0x03 数据流信息 of a gas engine with a three-way catalyst (①BT, `PackVehicleData`
 * technology 1): upstream oxygen sensor (WORD, 0.0000305 per step — BT's divisor, read as
 * λ-equivalent), downstream oxygen sensor (BYTE, 0.01 V), air intake, coolant, catalyst
 * temperature, then position and odometer like 0x02.
 */
export interface TwcStream {
  readonly upstreamOxygen: Quantity;
  readonly downstreamOxygen: Quantity;
  readonly airIntake: Quantity;
  readonly coolantTemperature: Quantity;
  readonly catalystTemperature: Quantity;
  readonly position: Hj1239Position;
  readonly odometer: Quantity;
}

export function readTwcStream(r: ByteReader): TwcStream {
  return {
    upstreamOxygen: readQuantity(r, 2, { unit: "", divisor: 1 / 0.0000305 }),
    downstreamOxygen: readQuantity(r, 1, { unit: UNIT_HJ.volt, divisor: 100 }),
    airIntake: readQuantity(r, 2, AIR),
    coolantTemperature: readQuantity(r, 1, COOLANT),
    catalystTemperature: readQuantity(r, 2, EXHAUST_T),
    position: readPosition(r),
    odometer: readQuantity(r, 4, ODOMETER),
  };
}

/**
 * 0x04 混合动力附加数据流 (①BT): motor speed (WORD r/min), motor load (%), battery voltage
 * (0.1 V), battery current (0.1 A, −1000 A offset), SOC (%).
 */
export interface HybridStream {
  readonly motorSpeed: Quantity;
  readonly motorLoad: Quantity;
  readonly batteryVoltage: Quantity;
  readonly batteryCurrent: Quantity;
  readonly soc: Quantity;
}

export function readHybridStream(r: ByteReader): HybridStream {
  return {
    motorSpeed: readQuantity(r, 2, { unit: UNIT_HJ.rpm }),
    motorLoad: readQuantity(r, 1, { unit: UNIT_HJ.percent }),
    batteryVoltage: readQuantity(r, 2, { unit: UNIT_HJ.volt, divisor: 10 }),
    batteryCurrent: readQuantity(r, 2, { unit: UNIT_HJ.ampere, divisor: 10, rawOffset: 10_000 }),
    soc: readQuantity(r, 1, { unit: UNIT_HJ.percent }),
  };
}

/**
 * An identifier field: its text when it is printable ASCII (NUL/0xFF padding dropped), else (a
 * binary CVN, or padding only) just its hex.
 */
export interface IdField {
  readonly hex: string;
  readonly text: string | undefined;
}

function idField(bytes: Uint8Array): IdField {
  let end = bytes.length;
  while (end > 0 && (bytes[end - 1] === 0 || bytes[end - 1] === 0xff)) end--;
  const body = bytes.subarray(0, end);
  // A field of padding only was not filled in: no text, like a binary one.
  return { hex: bytesToHex(bytes), text: end > 0 && isPrintableAscii(body) ? asciiToString(body) : undefined };
}

/** 0x01 OBD信息 (✔BT,BN). */
export interface ObdInfo {
  readonly protocol: Coded;
  readonly mil: Coded;
  /** 诊断支持状态 and 诊断就绪状态: the standard's bit words, kept as sent. */
  readonly diagnosisSupport: number;
  readonly diagnosisReadiness: number;
  readonly vin: IdField;
  /** 软件标定识别号 (CAL ID). */
  readonly calibrationId: IdField;
  /** 标定验证码 (CVN). */
  readonly calibrationVerification: IdField;
  /** IUPR值: 18 WORDs (in-use performance ratio counters) as sent. */
  readonly iupr: readonly number[];
  /** 故障码总数; 0xFE: 无效 (the terminal could not read them), with no codes following. */
  readonly faultCount: Quantity;
  /** 故障码, each 4 bytes as hex (SPN/FMI for J1939 engines). */
  readonly faultCodes: readonly string[];
}

export function readObd(r: ByteReader): ObdInfo {
  const protocol = readCoded(r, OBD_PROTOCOLS);
  const mil = readCoded(r, MIL_STATES);
  const diagnosisSupport = r.u16();
  const diagnosisReadiness = r.u16();
  const vin = idField(r.take(17));
  const calibrationId = idField(r.take(18));
  const calibrationVerification = idField(r.take(18));
  const iupr = r.list(18, 2, () => r.u16());
  const faultCount = readQuantity(r, 1, { unit: "" });
  const n = faultCount.status === "valid" ? faultCount.raw : 0;
  const faultCodes = r.list(n, 4, () => bytesToHex(r.take(4)));
  return {
    protocol,
    mil,
    diagnosisSupport,
    diagnosisReadiness,
    vin,
    calibrationId,
    calibrationVerification,
    iupr,
    faultCount,
    faultCodes,
  };
}
