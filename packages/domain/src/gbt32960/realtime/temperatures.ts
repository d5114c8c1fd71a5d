import { type Quantity, readIndex, TEMPERATURE, toQuantity } from "./quantity";
import type { ByteReader } from "./reader";

/** One pack of 可充电储能装置温度数据. */
export interface PackTemperatures {
  /** 可充电储能子系统号. */
  readonly packNo: Quantity;
  /** 探针温度值, ℃, in probe order. */
  readonly probes: readonly Quantity[];
}

/** Reads 可充电储能装置温度数据 (0x09 in 2016, 0x08 in 2025): packs of a WORD probe count and probe bytes. */
export function readTemperatures(reader: ByteReader): PackTemperatures[] {
  const count = reader.u8();
  return Array.from({ length: count }, () => {
    const packNo = readIndex(reader);
    const probes = reader.u16();
    return { packNo, probes: reader.list(probes, 1, () => toQuantity(reader.u8(), 1, TEMPERATURE)) };
  });
}
