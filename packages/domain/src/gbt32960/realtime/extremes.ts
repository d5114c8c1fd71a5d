import { type Quantity, readIndex, readQuantity, TEMPERATURE, UNIT } from "./quantity";
import type { ByteReader } from "./reader";

/** 极值数据 (information type 0x06, 2016 only; the 2025 edition dropped it). */
export interface ExtremesData {
  /** 最高电压电池子系统号. */
  readonly maxVoltagePackNo: Quantity;
  /** 最高电压电池单体代号. */
  readonly maxVoltageCellNo: Quantity;
  /** 电池单体电压最高值, V. */
  readonly maxCellVoltage: Quantity;
  /** 最低电压电池子系统号. */
  readonly minVoltagePackNo: Quantity;
  /** 最低电压电池单体代号. */
  readonly minVoltageCellNo: Quantity;
  /** 电池单体电压最低值, V. */
  readonly minCellVoltage: Quantity;
  /** 最高温度子系统号. */
  readonly maxTemperaturePackNo: Quantity;
  /** 最高温度探针序号. */
  readonly maxTemperatureProbeNo: Quantity;
  /** 最高温度值, ℃. */
  readonly maxTemperature: Quantity;
  /** 最低温度子系统号. */
  readonly minTemperaturePackNo: Quantity;
  /** 最低温度探针序号. */
  readonly minTemperatureProbeNo: Quantity;
  /** 最低温度值, ℃. */
  readonly minTemperature: Quantity;
}

const CELL_VOLTAGE = { unit: UNIT.volt, divisor: 1000 };

/** Reads 极值数据 (14 bytes, telematics-facts.md §1 0x06). */
export function readExtremes(reader: ByteReader): ExtremesData {
  return {
    maxVoltagePackNo: readIndex(reader),
    maxVoltageCellNo: readIndex(reader),
    maxCellVoltage: readQuantity(reader, 2, CELL_VOLTAGE),
    minVoltagePackNo: readIndex(reader),
    minVoltageCellNo: readIndex(reader),
    minCellVoltage: readQuantity(reader, 2, CELL_VOLTAGE),
    maxTemperaturePackNo: readIndex(reader),
    maxTemperatureProbeNo: readIndex(reader),
    maxTemperature: readQuantity(reader, 1, TEMPERATURE),
    minTemperaturePackNo: readIndex(reader),
    minTemperatureProbeNo: readIndex(reader),
    minTemperature: readQuantity(reader, 1, TEMPERATURE),
  };
}
