import type { Gbt32960Edition } from "../codes";
import { type Coded, type Quantity, readCoded, readQuantity, UNIT } from "./quantity";
import type { ByteReader } from "./reader";

/** 车辆位置数据 (information type 0x05). */
export interface PositionData {
  /** 定位状态 byte as sent. */
  readonly statusRaw: number;
  /**
   * Bit 0 clear: 有效定位. rtm_con's `gnss_valid` is the raw bit itself (true = no fix); this
   * is the standard's meaning.
   */
  readonly fixValid: boolean;
  /** Bit 1: 南纬 (else 北纬). */
  readonly south: boolean;
  /** Bit 2: 西经 (else 东经). */
  readonly west: boolean;
  /** 2025 only: 坐标系 (1 WGS84, 2 GCJ-02, 3 其他 — ①rtm_con). */
  readonly datum?: Coded;
  /** 经度, degrees as an unsigned magnitude; `west` gives the sign. */
  readonly longitude: Quantity;
  /** 纬度, degrees as an unsigned magnitude; `south` gives the sign. */
  readonly latitude: Quantity;
}

const DATUMS = new Map([
  [1, "WGS84"],
  [2, "GCJ-02"],
  [3, "其他"],
]);

const DEGREES = { unit: UNIT.degree, divisor: 1_000_000 };

/** Reads 车辆位置数据: status, (2025) coordinate system, longitude, latitude (1e-6°). */
export function readPosition(reader: ByteReader, edition: Gbt32960Edition): PositionData {
  const statusRaw = reader.u8();
  const flags = {
    statusRaw,
    fixValid: (statusRaw & 0x01) === 0,
    south: (statusRaw & 0x02) !== 0,
    west: (statusRaw & 0x04) !== 0,
  };
  const datum = edition === 2025 ? { datum: readCoded(reader, DATUMS) } : {};
  return {
    ...flags,
    ...datum,
    longitude: readQuantity(reader, 4, DEGREES),
    latitude: readQuantity(reader, 4, DEGREES),
  };
}
