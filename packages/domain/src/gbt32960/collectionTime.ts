import { CHINA_UTC_OFFSET_MS as CST_OFFSET_MS } from "../dates/chinaTime";
import { ok, type Result } from "../shared/result";
import { type FrameError, frameError } from "./errors";

/** Offset of China Standard Time (UTC+8), the zone of every GB/T 32960 time field. */
/** Length of the time field: YY MM DD hh mm ss. */
export const TIME_LENGTH = 6;

/**
 * Reads the 6-byte collection time (domain-notes.md "Vehicle login body": YY MM DD hh mm ss,
 * UTC+8, years 2000–2099) at `offset` into epoch milliseconds. A calendar date that does not
 * exist (month 13, 30 February, hour 24 …) is rejected.
 */
export function decodeCollectionTime(bytes: Uint8Array, offset: number): Result<number, FrameError> {
  // Callers have checked that the six bytes are there.
  const [yy, mo, dd, hh, mi, ss] = Array.from(bytes.subarray(offset, offset + TIME_LENGTH)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Date.UTC(2000 + yy, mo - 1, dd, hh, mi, ss);
  const back = new Date(ms);
  const valid =
    yy <= 99 &&
    back.getUTCMonth() === mo - 1 &&
    back.getUTCDate() === dd &&
    back.getUTCHours() === hh &&
    back.getUTCMinutes() === mi &&
    back.getUTCSeconds() === ss;
  if (!valid) {
    const text = [yy, mo, dd, hh, mi, ss].map((n) => String(n).padStart(2, "0")).join(" ");
    return frameError("bad-time", `采集时间“${text}”不是有效的日期时间`, offset);
  }
  return ok(ms - CST_OFFSET_MS);
}

/**
 * Writes epoch milliseconds as the 6-byte collection time (UTC+8). Milliseconds are dropped
 * (the field has whole seconds); times outside 2000–2099 in UTC+8 are rejected.
 */
export function encodeCollectionTime(epochMs: number): Result<Uint8Array, FrameError> {
  const local = new Date(Math.floor(epochMs / 1000) * 1000 + CST_OFFSET_MS);
  const year = local.getUTCFullYear();
  if (!Number.isFinite(epochMs) || year < 2000 || year > 2099) {
    return frameError("bad-time", "采集时间必须在2000年至2099年之间（北京时间）");
  }
  return ok(
    Uint8Array.of(
      year - 2000,
      local.getUTCMonth() + 1,
      local.getUTCDate(),
      local.getUTCHours(),
      local.getUTCMinutes(),
      local.getUTCSeconds(),
    ),
  );
}
