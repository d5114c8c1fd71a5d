import type { Gbt32960Edition } from "../codes";
import { type Coded, type Quantity, readCoded, readQuantity, UNIT } from "./quantity";
import type { ByteReader } from "./reader";

/** 发动机数据 (information type 0x04). */
export interface EngineData {
  /** 2016 only: 发动机状态. */
  readonly state?: Coded;
  /**
   * 曲轴转速, r/min. rtm_con names this field `engine_torque`; the standard's field is the
   * crankshaft speed, and so is ours (telematics-facts.md §1 0x04).
   */
  readonly crankshaftSpeed: Quantity;
  /** 2016 only: 燃料消耗率, L/100km. */
  readonly fuelConsumption?: Quantity;
}

const ENGINE_STATES = new Map([
  [1, "启动状态"],
  [2, "关闭状态"],
]);

/** Reads 发动机数据: 2016 state, crankshaft speed, fuel rate; 2025 the speed only (①rtm_con). */
export function readEngine(reader: ByteReader, edition: Gbt32960Edition): EngineData {
  if (edition === 2025) return { crankshaftSpeed: readQuantity(reader, 2, { unit: UNIT.rpm }) };
  return {
    state: readCoded(reader, ENGINE_STATES),
    crankshaftSpeed: readQuantity(reader, 2, { unit: UNIT.rpm }),
    fuelConsumption: readQuantity(reader, 2, { unit: "L/100km", divisor: 100 }),
  };
}
