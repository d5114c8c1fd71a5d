import { ok, type Result } from "../shared/result";
import { concat, isUint, Reader, uintBytes } from "./bytes";
import { type Jt808Error, jt808Error } from "./errors";
import { readBcdTime, writeBcdTime } from "./time";

/**
 * The additional items this codec reads (telematics-facts.md §4 "0200", ✔YZ,SC): id, name and
 * the length the standard gives. A known id with another length, and every other id, is kept
 * as raw bytes, so nothing a terminal sends is lost and the body re-encodes byte for byte.
 */
export const JT808_LOCATION_ITEMS = {
  /** 0x01 mileage, DWORD, 1/10 km (the odometer). */
  mileage: { id: 0x01, size: 4 },
  /** 0x02 fuel, WORD, 1/10 L. */
  fuel: { id: 0x02, size: 2 },
  /** 0x03 speed from the driving recorder, WORD, 1/10 km/h. */
  recorderSpeed: { id: 0x03, size: 2 },
  /** 0x04 id of an alarm event that needs a person's confirmation, WORD. */
  alarmEventId: { id: 0x04, size: 2 },
  /** 0x25 extended vehicle signal flags, DWORD (lights, brake, gear bits). */
  extendedSignals: { id: 0x25, size: 4 },
  /** 0x2A IO state flags, WORD (deep sleep, sleep). */
  io: { id: 0x2a, size: 2 },
  /** 0x2B analog values, DWORD (AD0 low word, AD1 high word). */
  analog: { id: 0x2b, size: 4 },
  /** 0x30 wireless signal strength, BYTE. */
  signalStrength: { id: 0x30, size: 1 },
  /** 0x31 GNSS satellites in use, BYTE. */
  satellites: { id: 0x31, size: 1 },
} as const;

/** Name of a known additional item. */
export type Jt808LocationItemKind = keyof typeof JT808_LOCATION_ITEMS;

/** One additional item: a known one with its number, or any other kept raw. */
export type Jt808LocationItem =
  | { readonly kind: Jt808LocationItemKind; readonly value: number }
  | { readonly kind: "raw"; readonly id: number; readonly data: Uint8Array };

const KIND_BY_ID = new Map<number, Jt808LocationItemKind>(
  Object.entries(JT808_LOCATION_ITEMS).map(([kind, spec]) => [spec.id, kind as Jt808LocationItemKind]),
);

/**
 * The 0x0200 location body (domain-notes.md "0x0200"): alarm and status flags as DWORDs,
 * latitude and longitude as the unsigned field in 1e-6 degrees (south and west are status
 * bits 2 and 3, see {@link jt808Coordinates}), altitude in m, speed in 1/10 km/h, direction
 * 0–359 degrees, time in epoch ms (the field is BCD GMT+8), then the additional items in order.
 */
export interface Jt808Location {
  readonly alarm: number;
  readonly status: number;
  readonly latitude: number;
  readonly longitude: number;
  readonly altitude: number;
  readonly speed: number;
  readonly direction: number;
  readonly time: number;
  readonly items: readonly Jt808LocationItem[];
}

/** Length of the fixed part of a location body. */
export const JT808_LOCATION_BASE_LENGTH = 28;

/** Signed degrees of a location: status bit 2 is south latitude, bit 3 west longitude. */
export function jt808Coordinates(report: Jt808Location): { readonly latitude: number; readonly longitude: number } {
  const lat = report.latitude / 1e6;
  const lon = report.longitude / 1e6;
  return { latitude: report.status & 0x04 ? -lat : lat, longitude: report.status & 0x08 ? -lon : lon };
}

/** Reads a 0x0200 body (also the location of a 0x0704 entry). */
export function decodeJt808Location(body: Uint8Array): Result<Jt808Location, Jt808Error> {
  if (body.length < JT808_LOCATION_BASE_LENGTH) {
    return jt808Error("truncated", `位置信息${body.length}字节，不足基本信息的${JT808_LOCATION_BASE_LENGTH}字节`);
  }
  const r = new Reader(body);
  // The 28 bytes are there, so the fixed fields cannot fail.
  const dword = () => (r.uint(4, "") as { value: number }).value;
  const word = () => (r.uint(2, "") as { value: number }).value;
  const alarm = dword();
  const status = dword();
  const latitude = dword();
  const longitude = dword();
  const altitude = word();
  const speed = word();
  const direction = word();
  const time = readBcdTime(body.subarray(22, 28), "定位时间");
  if (!time.ok) return jt808Error(time.error.code, time.error.message, 22);
  r.offset = JT808_LOCATION_BASE_LENGTH;
  const items: Jt808LocationItem[] = [];
  while (r.remaining > 0) {
    const head = r.take(2, "附加信息ID与长度");
    if (!head.ok) return head;
    const [id, size] = head.value as unknown as [number, number];
    const data = r.take(size, `附加信息0x${id.toString(16).toUpperCase().padStart(2, "0")}`);
    if (!data.ok) return data;
    const kind = KIND_BY_ID.get(id);
    if (kind !== undefined && JT808_LOCATION_ITEMS[kind].size === size) {
      let value = 0;
      for (const b of data.value) value = value * 256 + b;
      items.push({ kind, value });
    } else {
      items.push({ kind: "raw", id, data: data.value.slice() });
    }
  }
  return ok({ alarm, status, latitude, longitude, altitude, speed, direction, time: time.value, items });
}

/** Writes a 0x0200 body; a number outside its field or a raw item over 255 bytes is an error. */
export function encodeJt808Location(report: Jt808Location): Result<Uint8Array, Jt808Error> {
  const { alarm, status, latitude, longitude, altitude, speed, direction } = report;
  const dwords = [alarm, status, latitude, longitude];
  const words = [altitude, speed, direction];
  if (!dwords.every((n) => isUint(n, 0xffffffff)) || !words.every((n) => isUint(n, 0xffff))) {
    return jt808Error("bad-number", "位置基本信息超出字段范围（报警、状态、经纬度为DWORD，高程、速度、方向为WORD）");
  }
  const time = writeBcdTime(report.time, "定位时间");
  if (!time.ok) return time;
  const parts = [...dwords.map((n) => uintBytes(n, 4)), ...words.map((n) => uintBytes(n, 2)), time.value];
  for (const item of report.items) {
    if (item.kind === "raw") {
      if (!isUint(item.id, 0xff) || item.data.length > 0xff) {
        return jt808Error("bad-number", "附加信息ID应为0–255，长度不超过255字节");
      }
      parts.push(Uint8Array.of(item.id, item.data.length), item.data);
      continue;
    }
    const { id, size } = JT808_LOCATION_ITEMS[item.kind];
    if (!isUint(item.value, 2 ** (size * 8) - 1)) {
      return jt808Error(
        "bad-number",
        `附加信息0x${id.toString(16).toUpperCase().padStart(2, "0")}的值${item.value}超出${size}字节范围`,
      );
    }
    parts.push(Uint8Array.of(id, size), uintBytes(item.value, size as 1 | 2 | 4));
  }
  return ok(concat(parts));
}
