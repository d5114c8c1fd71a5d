import { type Coded, type Quantity, readCoded, readQuantity, TEMPERATURE, toQuantity, UNIT } from "./quantity";
import type { ByteReader } from "./reader";

/** 燃料电池数据 (information type 0x03, 2016 edition). */
export interface FuelCellData {
  /** 燃料电池电压, V. */
  readonly voltage: Quantity;
  /** 燃料电池电流, A. */
  readonly current: Quantity;
  /** 燃料消耗率, kg/100km. */
  readonly hydrogenConsumption: Quantity;
  /** 燃料电池温度探针 values, ℃. */
  readonly probes: readonly Quantity[];
  /** 氢系统中最高温度, ℃ (0.1 ℃ from −40 ℃). */
  readonly maxHydrogenTemperature: Quantity;
  /** 氢系统中最高温度探针代号. */
  readonly maxHydrogenTemperatureProbe: Quantity;
  /** 氢气最高浓度, mg/kg. */
  readonly maxHydrogenConcentration: Quantity;
  /** 氢气最高浓度传感器代号. */
  readonly maxHydrogenConcentrationSensor: Quantity;
  /** 氢气最高压力, MPa. */
  readonly maxHydrogenPressure: Quantity;
  /** 氢气最高压力传感器代号. */
  readonly maxHydrogenPressureSensor: Quantity;
  /** 高压DC/DC状态. */
  readonly dcdcState: Coded;
}

const DCDC_STATES = new Map([
  [1, "工作"],
  [2, "断开"],
]);

/**
 * Reads 燃料电池数据 after the 2016 layout (telematics-facts.md §1 0x03, ✔EQ,SN; rtm_con does
 * not read it and the vectors hold none): voltage, current, consumption, a WORD probe count and
 * probe bytes, then the hydrogen system's maxima with the number of the probe or sensor, and
 * the DC/DC state.
 */
export function readFuelCell(reader: ByteReader): FuelCellData {
  const voltage = readQuantity(reader, 2, { unit: UNIT.volt, divisor: 10 });
  const current = readQuantity(reader, 2, { unit: UNIT.ampere, divisor: 10 });
  const hydrogenConsumption = readQuantity(reader, 2, { unit: "kg/100km", divisor: 100 });
  const count = reader.u16();
  return {
    voltage,
    current,
    hydrogenConsumption,
    probes: reader.list(count, 1, () => toQuantity(reader.u8(), 1, TEMPERATURE)),
    maxHydrogenTemperature: readQuantity(reader, 2, { unit: UNIT.celsius, divisor: 10, rawOffset: 400 }),
    maxHydrogenTemperatureProbe: readQuantity(reader, 1, { unit: "" }),
    maxHydrogenConcentration: readQuantity(reader, 2, { unit: "mg/kg" }),
    maxHydrogenConcentrationSensor: readQuantity(reader, 1, { unit: "" }),
    maxHydrogenPressure: readQuantity(reader, 2, { unit: "MPa", divisor: 10 }),
    maxHydrogenPressureSensor: readQuantity(reader, 1, { unit: "" }),
    dcdcState: readCoded(reader, DCDC_STATES),
  };
}
