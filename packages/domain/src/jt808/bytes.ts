import { ok, type Result } from "../shared/result";
import { type Jt808Error, jt808Error } from "./errors";

/** XOR of every byte, the JT/T 808 check code (header through body, before escaping). */
export function jt808CheckCode(bytes: Uint8Array): number {
  let x = 0;
  for (const b of bytes) x ^= b;
  return x;
}

/**
 * A bounds-checked big-endian reader over one body: every read says whether the bytes were
 * there, so a truncated body gives a "truncated" error naming the field instead of reading
 * past the end.
 */
export class Reader {
  offset = 0;
  constructor(readonly bytes: Uint8Array) {}

  get remaining(): number {
    return this.bytes.length - this.offset;
  }

  take(n: number, field: string): Result<Uint8Array, Jt808Error> {
    if (this.remaining < n) {
      return jt808Error("truncated", `报文不完整：读取“${field}”需要${n}字节，只剩${this.remaining}字节`, this.offset);
    }
    const out = this.bytes.subarray(this.offset, this.offset + n);
    this.offset += n;
    return ok(out);
  }

  uint(n: 1 | 2 | 4, field: string): Result<number, Jt808Error> {
    const r = this.take(n, field);
    if (!r.ok) return r;
    let v = 0;
    for (const b of r.value) v = v * 256 + b;
    return ok(v);
  }
}

/** Big-endian unsigned integer of `n` bytes. */
export function uintBytes(value: number, n: 1 | 2 | 4): Uint8Array {
  const out = new Uint8Array(n);
  let v = value;
  for (let i = n - 1; i >= 0; i--) {
    out[i] = v % 256;
    v = Math.floor(v / 256);
  }
  return out;
}

/** Joins byte arrays. */
export function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** True for an integer in 0…max. */
export function isUint(value: number, max: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= max;
}

/** BCD bytes → their decimal digits (two per byte, leading zeros kept); a nibble above 9 is an error. */
export function bcdToDigits(bytes: Uint8Array, field: string): Result<string, Jt808Error> {
  let out = "";
  for (const b of bytes) {
    const hi = b >> 4;
    const lo = b & 0x0f;
    if (hi > 9 || lo > 9) return jt808Error("bad-bcd", `“${field}”不是BCD码（含0x${b.toString(16).toUpperCase()}）`);
    out += `${hi}${lo}`;
  }
  return ok(out);
}

/** Decimal digits → `n` BCD bytes, left-padded with zeros; more digits than fit or a non-digit is an error. */
export function digitsToBcd(digits: string, n: number, field: string): Result<Uint8Array, Jt808Error> {
  if (!/^\d*$/.test(digits) || digits.length > n * 2) {
    return jt808Error("bad-bcd", `“${field}”应为不超过${n * 2}位的数字`);
  }
  const padded = digits.padStart(n * 2, "0");
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = Number(padded[i * 2]) * 16 + Number(padded[i * 2 + 1]);
  return ok(out);
}
