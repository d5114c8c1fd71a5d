import { ok, type Result } from "../../shared/result";
import type { Gbt32960Edition } from "../codes";
import { decodeCollectionTime, TIME_LENGTH } from "../collectionTime";
import { type FrameError, frameError } from "../errors";
import { byteHex } from "../hex";
import { type AlarmData, readAlarm } from "./alarm";
import { type PackVoltages, readCellVoltages } from "./cellVoltages";
import { type DriveMotor, readDriveMotors } from "./driveMotors";
import { type EngineData, readEngine } from "./engine";
import { type ExtremesData, readExtremes } from "./extremes";
import { type FuelCellData, readFuelCell } from "./fuelCell";
import { type PositionData, readPosition } from "./position";
import { ByteReader, type ItemTruncated } from "./reader";
import { type RealtimeSignature, readSignature } from "./signature";
import { type PackTemperatures, readTemperatures } from "./temperatures";
import { readVehicleData, type VehicleData } from "./vehicleData";

/** One information item of a real-time or re-sent data unit; `type` is its byte on the wire. */
export type RealtimeItem = { readonly type: number; readonly name: string } & (
  | { readonly kind: "vehicle"; readonly vehicle: VehicleData }
  | { readonly kind: "driveMotors"; readonly motors: readonly DriveMotor[] }
  | { readonly kind: "fuelCell"; readonly fuelCell: FuelCellData }
  | { readonly kind: "engine"; readonly engine: EngineData }
  | { readonly kind: "position"; readonly position: PositionData }
  | { readonly kind: "extremes"; readonly extremes: ExtremesData }
  | { readonly kind: "alarm"; readonly alarm: AlarmData }
  | { readonly kind: "cellVoltages"; readonly packs: readonly PackVoltages[] }
  | { readonly kind: "temperatures"; readonly packs: readonly PackTemperatures[] }
  | { readonly kind: "custom"; readonly bytes: Uint8Array }
);

/** A decoded real-time (0x02) or re-sent (0x03) data unit. */
export interface RealtimeData {
  readonly edition: Gbt32960Edition;
  /** 数据采集时间, epoch milliseconds. */
  readonly collectedAt: number;
  readonly items: readonly RealtimeItem[];
  /** 2025 only: the signature block after the items. */
  readonly signature?: RealtimeSignature;
}

type Body = RealtimeItem extends infer I ? (I extends RealtimeItem ? Omit<I, "type" | "name"> : never) : never;
type ItemReader = { readonly name: string; readonly read: (reader: ByteReader, edition: Gbt32960Edition) => Body };

const VEHICLE: ItemReader = { name: "整车数据", read: (r, e) => ({ kind: "vehicle", vehicle: readVehicleData(r, e) }) };
const MOTORS: ItemReader = {
  name: "驱动电机数据",
  read: (r, e) => ({ kind: "driveMotors", motors: readDriveMotors(r, e) }),
};
const ENGINE: ItemReader = { name: "发动机数据", read: (r, e) => ({ kind: "engine", engine: readEngine(r, e) }) };
const POSITION: ItemReader = {
  name: "车辆位置数据",
  read: (r, e) => ({ kind: "position", position: readPosition(r, e) }),
};
const ALARM: ItemReader = { name: "报警数据", read: (r, e) => ({ kind: "alarm", alarm: readAlarm(r, e) }) };
const VOLTAGES: ItemReader = {
  name: "可充电储能装置电压数据",
  read: (r, e) => ({ kind: "cellVoltages", packs: readCellVoltages(r, e) }),
};
const TEMPERATURES: ItemReader = {
  name: "可充电储能装置温度数据",
  read: (r) => ({ kind: "temperatures", packs: readTemperatures(r) }),
};

/** Information types per edition (telematics-facts.md §1; the 2025 numbering ✔RC,SS). */
const ITEM_READERS: Readonly<Record<Gbt32960Edition, ReadonlyMap<number, ItemReader>>> = {
  2016: new Map([
    [0x01, VEHICLE],
    [0x02, MOTORS],
    [0x03, { name: "燃料电池数据", read: (r) => ({ kind: "fuelCell", fuelCell: readFuelCell(r) }) }],
    [0x04, ENGINE],
    [0x05, POSITION],
    [0x06, { name: "极值数据", read: (r) => ({ kind: "extremes", extremes: readExtremes(r) }) }],
    [0x07, ALARM],
    [0x08, VOLTAGES],
    [0x09, TEMPERATURES],
  ]),
  2025: new Map([
    [0x01, VEHICLE],
    [0x02, MOTORS],
    [0x04, ENGINE],
    [0x05, POSITION],
    [0x06, ALARM],
    [0x07, VOLTAGES],
    [0x08, TEMPERATURES],
  ]),
};

/** 0x80–0xFE are left to manufacturers: a WORD length, then that many bytes kept as they are. */
const CUSTOM: ItemReader = { name: "自定义数据", read: (r) => ({ kind: "custom", bytes: r.take(r.u16()) }) };
/** 2025: the byte that ends the items and starts the signature. */
const SIGNATURE_START = 0xff;

function itemReader(type: number, edition: Gbt32960Edition): ItemReader | undefined {
  if (type >= 0x80 && type <= 0xfe) return CUSTOM;
  return ITEM_READERS[edition].get(type);
}

function atItemsEnd(reader: ByteReader, edition: Gbt32960Edition): boolean {
  return edition === 2016 ? reader.left === 0 : reader.left === 0 || reader.peek() === SIGNATURE_START;
}

function readItems(reader: ByteReader, edition: Gbt32960Edition): Result<RealtimeItem[], FrameError> {
  const items: RealtimeItem[] = [];
  while (!atItemsEnd(reader, edition)) {
    const start = reader.offset;
    const type = reader.u8();
    const known = itemReader(type, edition);
    if (known === undefined) {
      // Items carry no length, so nothing after an unknown one can be found.
      return frameError("unsupported-type", `不支持的信息类型${byteHex(type)}（${edition}版）`, start);
    }
    try {
      items.push({ type, name: known.name, ...known.read(reader, edition) } as RealtimeItem);
    } catch (e) {
      const t = e as ItemTruncated;
      return frameError(
        "truncated",
        `${known.name}（信息类型${byteHex(type)}）不完整：第${t.offset}字节起需要${t.needed}字节，只剩${t.left}字节`,
        t.offset,
      );
    }
  }
  return ok(items);
}

/**
 * Reads the data unit of a real-time (0x02) or re-sent (0x03) frame (telematics-facts.md §1):
 * the collection time, then information items until the end (2016) or until the 0xFF that
 * starts the signature (2025). Values keep their raw integers; 0xFE… / 0xFF… are abnormal /
 * invalid, not numbers. An unknown information type, a truncated item or bytes after the
 * signature give an error with the offset in the data unit.
 */
export function decodeRealtimeData(data: Uint8Array, edition: Gbt32960Edition): Result<RealtimeData, FrameError> {
  if (data.length < TIME_LENGTH) {
    return frameError("truncated", `实时信息数据单元${data.length}字节，不足采集时间的${TIME_LENGTH}字节`, 0);
  }
  const time = decodeCollectionTime(data, 0);
  if (!time.ok) return time;
  const reader = new ByteReader(data);
  reader.offset = TIME_LENGTH;
  const items = readItems(reader, edition);
  if (!items.ok) return items;
  const body = { edition, collectedAt: time.value, items: items.value };
  if (edition === 2016) return ok(body);
  if (reader.left === 0) return frameError("truncated", "2025版实时信息缺少签名（0xFF起始）", reader.offset);
  try {
    const signature = readSignature(reader);
    if (reader.left > 0) {
      return frameError("length-mismatch", `签名之后多出${reader.left}字节`, reader.offset);
    }
    return ok({ ...body, signature });
  } catch (e) {
    const t = e as ItemTruncated;
    return frameError("truncated", `签名不完整：第${t.offset}字节起需要${t.needed}字节，只剩${t.left}字节`, t.offset);
  }
}
