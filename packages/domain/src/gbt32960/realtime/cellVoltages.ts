import type { Gbt32960Edition } from "../codes";
import { type Quantity, readIndex, readQuantity, toQuantity, UNIT } from "./quantity";
import type { ByteReader } from "./reader";

/** One pack of 可充电储能装置电压数据. */
export interface PackVoltages {
  /** 可充电储能子系统号. */
  readonly packNo: Quantity;
  /** 可充电储能装置电压, V. */
  readonly voltage: Quantity;
  /**
   * 可充电储能装置电流, A: offset −1000 A in 2016 as the standard says (rtm_con applies
   * −3000 A here, telematics-facts.md ⚠RC), −3000 A in 2025 (①rtm_con, as the 2025 整车 current).
   */
  readonly current: Quantity;
  /** 2016 only: 单体电池总数. */
  readonly cellCount?: Quantity;
  /** 2016 only: 本帧起始电池序号. */
  readonly frameStartCell?: number;
  /** 单体电池电压 of this frame, V. */
  readonly cellVoltages: readonly Quantity[];
}

const CELL_VOLTAGE = { unit: UNIT.volt, divisor: 1000 };

function readPack(reader: ByteReader, edition: Gbt32960Edition): PackVoltages {
  const packNo = readIndex(reader);
  const voltage = readQuantity(reader, 2, { unit: UNIT.volt, divisor: 10 });
  const rawOffset = edition === 2016 ? 10_000 : 30_000;
  const current = readQuantity(reader, 2, { unit: UNIT.ampere, divisor: 10, rawOffset });
  const cells = () => toQuantity(reader.u16(), 2, CELL_VOLTAGE);
  if (edition === 2025) {
    const count = reader.u16();
    return { packNo, voltage, current, cellVoltages: reader.list(count, 2, cells) };
  }
  const cellCount = readQuantity(reader, 2, { unit: "" });
  const frameStartCell = reader.u16();
  const count = reader.u8();
  return { packNo, voltage, current, cellCount, frameStartCell, cellVoltages: reader.list(count, 2, cells) };
}

/**
 * Reads 可充电储能装置电压数据 (0x08 in 2016, 0x07 in 2025): a pack count, then per pack its
 * number, voltage, current and cell voltages (2016: total cells, this frame's first cell and a
 * byte count; 2025: a WORD count — ①rtm_con).
 */
export function readCellVoltages(reader: ByteReader, edition: Gbt32960Edition): PackVoltages[] {
  const count = reader.u8();
  return Array.from({ length: count }, () => readPack(reader, edition));
}
