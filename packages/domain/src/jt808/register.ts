import { ok, type Result } from "../shared/result";
import { concat, isUint, Reader, uintBytes } from "./bytes";
import { type Jt808Error, jt808Error } from "./errors";
import { readAscii, readPlate, writeAscii, writePlate } from "./text";

/**
 * The 0x0100 terminal register body (domain-notes.md "JT/T 808"): province and city/county
 * ids (WORD), maker id, terminal model and terminal id (ASCII, fixed length: 5/20/7 bytes in
 * 2013, 11/30/30 in 2019, padded with 0x00), plate colour (0 when the vehicle has no plate,
 * then the plate field holds the VIN) and the plate (GBK, the rest of the body).
 */
export interface Jt808Register {
  readonly province: number;
  readonly city: number;
  readonly maker: string;
  readonly model: string;
  readonly terminalId: string;
  readonly plateColor: number;
  /** The plate as text: province abbreviations and special-plate characters read, any other Chinese character as U+FFFD. */
  readonly plate: string;
  /**
   * The plate field's GBK bytes as received. When given, they are written instead of `plate`
   * (so a decoded register re-encodes byte for byte, whatever characters it holds); leave it
   * out to write `plate`.
   */
  readonly plateGbk?: Uint8Array;
}

const FIELD_SIZES = { 2013: [5, 20, 7], 2019: [11, 30, 30] } as const;
const FIELD_NAMES = ["制造商ID", "终端型号", "终端ID"] as const;

/** Reads a 0x0100 body of the given edition. */
export function decodeJt808Register(body: Uint8Array, edition: 2013 | 2019): Result<Jt808Register, Jt808Error> {
  const r = new Reader(body);
  const ids = r.take(4, "省域ID与市县域ID");
  if (!ids.ok) return ids;
  const [p1, p2, c1, c2] = ids.value as unknown as [number, number, number, number];
  const texts: string[] = [];
  for (const [i, size] of FIELD_SIZES[edition].entries()) {
    const name = FIELD_NAMES[i] as string;
    const bytes = r.take(size, name);
    if (!bytes.ok) return bytes;
    const text = readAscii(bytes.value, name);
    if (!text.ok) return jt808Error(text.error.code, text.error.message, r.offset - size);
    texts.push(text.value);
  }
  const color = r.uint(1, "车牌颜色");
  if (!color.ok) return color;
  const plateGbk = r.bytes.slice(r.offset);
  const [maker, model, terminalId] = texts as [string, string, string];
  return ok({
    province: p1 * 256 + p2,
    city: c1 * 256 + c2,
    maker,
    model,
    terminalId,
    plateColor: color.value,
    plate: readPlate(plateGbk),
    plateGbk,
  });
}

/** Writes a 0x0100 body of the given edition. */
export function encodeJt808Register(register: Jt808Register, edition: 2013 | 2019): Result<Uint8Array, Jt808Error> {
  if (!isUint(register.province, 0xffff) || !isUint(register.city, 0xffff) || !isUint(register.plateColor, 0xff)) {
    return jt808Error("bad-number", "省域ID、市县域ID应为0–65535，车牌颜色0–255");
  }
  const parts = [uintBytes(register.province, 2), uintBytes(register.city, 2)];
  const values = [register.maker, register.model, register.terminalId];
  for (const [i, size] of FIELD_SIZES[edition].entries()) {
    const bytes = writeAscii(values[i] as string, FIELD_NAMES[i] as string, size);
    if (!bytes.ok) return bytes;
    parts.push(bytes.value);
  }
  const plate = register.plateGbk === undefined ? writePlate(register.plate) : ok(register.plateGbk);
  if (!plate.ok) return plate;
  parts.push(Uint8Array.of(register.plateColor), plate.value);
  return ok(concat(parts));
}

/** 0x8100 results: 0 success, 1 vehicle already registered, 2 no such vehicle, 3 terminal already registered, 4 no such terminal. */
export const JT808_REGISTER_RESULTS = [
  "成功",
  "车辆已被注册",
  "数据库中无该车辆",
  "终端已被注册",
  "数据库中无该终端",
] as const;

/**
 * The 0x8100 register response body: the serial of the 0x0100 it answers, the result, and —
 * only on success (0) — the authentication code (the rest of the body, ASCII).
 */
export interface Jt808RegisterResponse {
  readonly serial: number;
  readonly result: number;
  readonly authCode?: string;
}

/** Reads a 0x8100 body. */
export function decodeJt808RegisterResponse(body: Uint8Array): Result<Jt808RegisterResponse, Jt808Error> {
  const r = new Reader(body);
  const head = r.take(3, "应答流水号与结果");
  if (!head.ok) return head;
  const [s1, s2, result] = head.value as unknown as [number, number, number];
  const serial = s1 * 256 + s2;
  if (result !== 0) {
    if (r.remaining > 0) return jt808Error("length-mismatch", `注册结果${result}不为成功时不应带鉴权码`, 3);
    return ok({ serial, result });
  }
  const code = readAscii(r.bytes.subarray(3), "鉴权码");
  if (!code.ok) return jt808Error(code.error.code, code.error.message, 3);
  return ok({ serial, result, authCode: code.value });
}

/** Writes a 0x8100 body; the code is written only for result 0. */
export function encodeJt808RegisterResponse(response: Jt808RegisterResponse): Result<Uint8Array, Jt808Error> {
  if (!isUint(response.serial, 0xffff) || !isUint(response.result, 0xff)) {
    return jt808Error("bad-number", "应答流水号应为0–65535，结果0–255");
  }
  const head = concat([uintBytes(response.serial, 2), Uint8Array.of(response.result)]);
  if (response.result !== 0) return ok(head);
  const code = writeAscii(response.authCode ?? "", "鉴权码");
  if (!code.ok) return code;
  return ok(concat([head, code.value]));
}
