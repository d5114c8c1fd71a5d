import type { Gbt32960Edition } from "../codes";
import { type Coded, type Quantity, readCoded, readQuantity, UNIT } from "./quantity";
import type { ByteReader } from "./reader";

/** 档位 byte (GB/T 32960.3 Annex A): bit 5 drive force, bit 4 braking force, low nibble the gear. */
export interface GearPosition {
  readonly raw: number;
  /** Low nibble: 0 空挡, 1–12 the gears, 13 倒挡, 14 自动D挡, 15 停车P挡. */
  readonly gear: { readonly raw: number; readonly name: string };
  /** Bit 5: 有驱动力. */
  readonly drivingForce: boolean;
  /** Bit 4: 有制动力. */
  readonly brakingForce: boolean;
  /** 2025 only, bit 7: 0 档位有效, 1 档位无效 (①rtm_con). */
  readonly positionValid?: boolean;
}

/** 整车数据 (information type 0x01). */
export interface VehicleData {
  /** 车辆状态. */
  readonly vehicleState: Coded;
  /** 充电状态. */
  readonly chargingState: Coded;
  /** 运行模式. */
  readonly runningMode: Coded;
  /** 车速, km/h. */
  readonly speed: Quantity;
  /** 累计里程, km. */
  readonly odometer: Quantity;
  /** 总电压, V. */
  readonly totalVoltage: Quantity;
  /** 总电流, A (offset −1000 A in 2016, −3000 A in 2025 ①rtm_con). */
  readonly totalCurrent: Quantity;
  /** SOC, %. */
  readonly soc: Quantity;
  /** DC-DC状态. */
  readonly dcdcState: Coded;
  /** 档位. */
  readonly gear: GearPosition;
  /** 绝缘电阻, kΩ (2016 defines no abnormal/invalid value for it; 2025 does). */
  readonly insulationResistance: Quantity;
  /** 2016 only: 加速踏板行程值, %. */
  readonly acceleratorPedal?: Quantity;
  /** 2016 only: 制动踏板状态, % (101 = brake on with no travel reading). */
  readonly brakePedal?: Quantity;
}

const VEHICLE_STATES = new Map([
  [1, "车辆启动状态"],
  [2, "熄火"],
  [3, "其他状态"],
]);
const CHARGING_STATES = new Map([
  [1, "停车充电"],
  [2, "行驶充电"],
  [3, "未充电状态"],
  [4, "充电完成"],
]);
const RUNNING_MODES = new Map([
  [1, "纯电"],
  [2, "混动"],
  [3, "燃油"],
]);
const DCDC_STATES = new Map([
  [1, "工作"],
  [2, "断开"],
]);

function gearName(nibble: number): string {
  if (nibble === 0) return "空挡";
  if (nibble <= 12) return `${nibble}挡`;
  return ["倒挡", "自动D挡", "停车P挡"][nibble - 13] as string;
}

function readGear(reader: ByteReader, edition: Gbt32960Edition): GearPosition {
  const raw = reader.u8();
  const gear = {
    raw,
    gear: { raw: raw & 0x0f, name: gearName(raw & 0x0f) },
    drivingForce: (raw & 0x20) !== 0,
    brakingForce: (raw & 0x10) !== 0,
  };
  return edition === 2016 ? gear : { ...gear, positionValid: (raw & 0x80) === 0 };
}

/**
 * Reads 整车数据 (telematics-facts.md §1 0x01: 20 bytes in 2016; 2025 drops the two pedal
 * bytes, moves the current offset to −3000 A and adds the gear validity bit — ①rtm_con).
 */
export function readVehicleData(reader: ByteReader, edition: Gbt32960Edition): VehicleData {
  const data = {
    vehicleState: readCoded(reader, VEHICLE_STATES),
    chargingState: readCoded(reader, CHARGING_STATES),
    runningMode: readCoded(reader, RUNNING_MODES),
    speed: readQuantity(reader, 2, { unit: UNIT.kmh, divisor: 10 }),
    odometer: readQuantity(reader, 4, { unit: UNIT.km, divisor: 10 }),
    totalVoltage: readQuantity(reader, 2, { unit: UNIT.volt, divisor: 10 }),
    totalCurrent: readQuantity(reader, 2, {
      unit: UNIT.ampere,
      divisor: 10,
      rawOffset: edition === 2016 ? 10_000 : 30_000,
    }),
    soc: readQuantity(reader, 1, { unit: UNIT.percent }),
    dcdcState: readCoded(reader, DCDC_STATES),
    gear: readGear(reader, edition),
    insulationResistance: readQuantity(reader, 2, { unit: UNIT.kiloOhm, checked: edition === 2025 }),
  };
  if (edition === 2025) return data;
  return {
    ...data,
    acceleratorPedal: readQuantity(reader, 1, { unit: UNIT.percent }),
    brakePedal: readQuantity(reader, 1, { unit: UNIT.percent }),
  };
}
