import { decodeCollectionTime, encodeCollectionTime } from "../gbt32960/collectionTime";
import { ok, type Result } from "../shared/result";
import { bcdToDigits } from "./bytes";
import { type Jt808Error, jt808Error } from "./errors";

/**
 * BCD[6] time YY-MM-DD-hh-mm-ss in GMT+8 (domain-notes.md "0x0200") → epoch milliseconds. The
 * calendar rule (years 2000–2099, no 30 February) is the GB/T 32960 time field's, shared.
 */
export function readBcdTime(bytes: Uint8Array, field: string): Result<number, Jt808Error> {
  const digits = bcdToDigits(bytes, field);
  if (!digits.ok) return digits;
  const parts = Uint8Array.from({ length: 6 }, (_, i) => Number(digits.value.slice(i * 2, i * 2 + 2)));
  const ms = decodeCollectionTime(parts, 0);
  if (!ms.ok) return jt808Error("bad-time", `“${field}”${digits.value}不是有效的日期时间`);
  return ok(ms.value);
}

/** Epoch milliseconds → BCD[6] GMT+8 (whole seconds; 2000–2099). */
export function writeBcdTime(epochMs: number, field: string): Result<Uint8Array, Jt808Error> {
  const parts = encodeCollectionTime(epochMs);
  if (!parts.ok) return jt808Error("bad-time", `“${field}”必须在2000年至2099年之间（北京时间）`);
  return ok(Uint8Array.from(parts.value, (n) => Math.floor(n / 10) * 16 + (n % 10)));
}
