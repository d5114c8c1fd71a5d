import { ok, type Result } from "../shared/result";
import { type Jt808Error, jt808Error } from "./errors";

/**
 * A fixed-length ASCII field (register: maker, model, terminal id; authentication: IMEI,
 * software version). The standard pads with 0x00 after the text, some encoders before it
 * (yezhihao/jt808-server's test frames); NULs at either end are dropped when read (writing pads
 * after), any other byte outside printable ASCII is an error. SmallChi/JT808 pads with "0"
 * characters instead — those are part of the text, so re-encoding gives the same bytes.
 */
export function readAscii(bytes: Uint8Array, field: string): Result<string, Jt808Error> {
  let start = 0;
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  while (start < end && bytes[start] === 0) start++;
  let out = "";
  for (const b of bytes.subarray(start, end)) {
    if (b < 0x20 || b > 0x7e) return jt808Error("bad-text", `“${field}”含非ASCII可见字符`);
    out += String.fromCharCode(b);
  }
  return ok(out);
}

/** Printable ASCII text → bytes, right-padded with 0x00 to `length` (no padding when `length` is omitted). */
export function writeAscii(text: string, field: string, length?: number): Result<Uint8Array, Jt808Error> {
  const size = length ?? text.length;
  if (!/^[\x20-\x7e]*$/.test(text) || text.length > size) {
    return jt808Error("bad-text", `“${field}”应为不超过${size}个ASCII可见字符`);
  }
  const out = new Uint8Array(size);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return ok(out);
}

/**
 * The Chinese characters a Chinese plate can hold (province abbreviations and the special
 * plates' 使领警学港澳挂试超临) with their GBK codes — the plate field is GBK (JT/T 808 §4.5), and
 * the domain carries no codec, so only these characters (and ASCII) are read and written.
 */
const PLATE_GBK: Readonly<Record<string, number>> = {
  京: 0xbea9,
  津: 0xbdf2,
  沪: 0xbba6,
  渝: 0xd3e5,
  冀: 0xbcbd,
  豫: 0xd4a5,
  云: 0xd4c6,
  辽: 0xc1c9,
  黑: 0xbada,
  湘: 0xcfe6,
  皖: 0xcdee,
  鲁: 0xc2b3,
  新: 0xd0c2,
  苏: 0xcbd5,
  浙: 0xd5e3,
  赣: 0xb8d3,
  鄂: 0xb6f5,
  桂: 0xb9f0,
  甘: 0xb8ca,
  晋: 0xbdfa,
  蒙: 0xc3c9,
  陕: 0xc9c2,
  吉: 0xbcaa,
  闽: 0xc3f6,
  贵: 0xb9f3,
  粤: 0xd4c1,
  青: 0xc7e0,
  藏: 0xb2d8,
  川: 0xb4a8,
  宁: 0xc4fe,
  琼: 0xc7ed,
  使: 0xcab9,
  领: 0xc1ec,
  警: 0xbeaf,
  学: 0xd1a7,
  港: 0xb8db,
  澳: 0xb0c4,
  挂: 0xb9d2,
  试: 0xcad4,
  超: 0xb3ac,
  临: 0xc1d9,
};
const GBK_PLATE = new Map(Object.entries(PLATE_GBK).map(([char, code]) => [code, char]));

/**
 * GBK plate bytes → text (trailing NULs dropped). A two-byte character not in the table above
 * (a test plate's 测, say) reads as U+FFFD; the caller keeps the bytes for the exact text.
 */
export function readPlate(bytes: Uint8Array): string {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  let out = "";
  for (let i = 0; i < end; i++) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      out += String.fromCharCode(b);
      continue;
    }
    out += GBK_PLATE.get(b * 256 + (bytes[i + 1] ?? 0)) ?? "\uFFFD";
    i++;
  }
  return out;
}

/** Plate text → GBK bytes (see {@link readPlate} for the characters accepted). */
export function writePlate(text: string): Result<Uint8Array, Jt808Error> {
  const out: number[] = [];
  for (const char of text) {
    const code = PLATE_GBK[char];
    if (code !== undefined) out.push(code >> 8, code & 0xff);
    else if (/^[\x20-\x7e]$/.test(char)) out.push(char.charCodeAt(0));
    else return jt808Error("bad-plate", `车牌字符“${char}”无法编码（仅支持省份简称、使领警学港澳挂试超临及ASCII）`);
  }
  return ok(Uint8Array.from(out));
}
