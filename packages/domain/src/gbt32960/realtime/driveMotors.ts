import type { Gbt32960Edition } from "../codes";
import { type Coded, type Quantity, readCoded, readQuantity, TEMPERATURE, UNIT } from "./quantity";
import type { ByteReader } from "./reader";

/** One 驱动电机 of information type 0x02. */
export interface DriveMotor {
  /** 驱动电机序号. */
  readonly serial: number;
  /** 驱动电机状态. */
  readonly state: Coded;
  /** 驱动电机控制器温度, ℃. */
  readonly controllerTemperature: Quantity;
  /** 驱动电机转速, r/min (offset −20000 in 2016, −32000 in 2025 ①rtm_con). */
  readonly speed: Quantity;
  /** 驱动电机转矩, N·m (2016: WORD, offset −2000 N·m; 2025: DWORD, offset −20000 N·m ①rtm_con). */
  readonly torque: Quantity;
  /** 驱动电机温度, ℃. */
  readonly temperature: Quantity;
  /** 2016 only: 电机控制器输入电压, V. */
  readonly controllerInputVoltage?: Quantity;
  /** 2016 only: 电机控制器直流母线电流, A (offset −1000 A). */
  readonly controllerDcBusCurrent?: Quantity;
}

const MOTOR_STATES = new Map([
  [1, "耗电"],
  [2, "发电"],
  [3, "关闭状态"],
  [4, "准备状态"],
]);

function readMotor(reader: ByteReader, edition: Gbt32960Edition): DriveMotor {
  const common = {
    serial: reader.u8(),
    state: readCoded(reader, MOTOR_STATES),
    controllerTemperature: readQuantity(reader, 1, TEMPERATURE),
  };
  if (edition === 2025) {
    return {
      ...common,
      speed: readQuantity(reader, 2, { unit: UNIT.rpm, rawOffset: 32_000 }),
      torque: readQuantity(reader, 4, { unit: UNIT.newtonMetre, divisor: 10, rawOffset: 200_000 }),
      temperature: readQuantity(reader, 1, TEMPERATURE),
    };
  }
  return {
    ...common,
    speed: readQuantity(reader, 2, { unit: UNIT.rpm, rawOffset: 20_000 }),
    torque: readQuantity(reader, 2, { unit: UNIT.newtonMetre, divisor: 10, rawOffset: 20_000 }),
    temperature: readQuantity(reader, 1, TEMPERATURE),
    controllerInputVoltage: readQuantity(reader, 2, { unit: UNIT.volt, divisor: 10 }),
    controllerDcBusCurrent: readQuantity(reader, 2, { unit: UNIT.ampere, divisor: 10, rawOffset: 10_000 }),
  };
}

/** Reads 驱动电机数据 (0x02): a count byte, then 12 (2016) or 10 (2025) bytes per motor. */
export function readDriveMotors(reader: ByteReader, edition: Gbt32960Edition): DriveMotor[] {
  const count = reader.u8();
  return reader.list(count, edition === 2016 ? 12 : 10, () => readMotor(reader, edition));
}
