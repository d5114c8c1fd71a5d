import { err, ok, type Result } from "../shared/result";

/**
 * 转发统计's day range (issue 19): China days `yyyy-MM-dd` to `yyyy-MM-dd`, both included, at most
 * {@link FORWARD_STATIST_DAYS_MAX} days. Designed: the spec shows no fields; an operator checks a
 * week or a month of forwarding per platform, and the pending count reads the journal of the
 * range, so the range is capped like the journals' (≤ 31 days).
 */
export const FORWARD_STATIST_DAYS_MAX = 31;
export const MSG_FORWARD_DAY = "日期格式应为yyyy-MM-dd";
export const MSG_FORWARD_DAYS_REVERSED = "结束日期不能早于开始日期";
export const MSG_FORWARD_DAYS_TOO_MANY = `统计范围不能超过${FORWARD_STATIST_DAYS_MAX}天`;

const DAY_MS = 86_400_000;
const DAY = /^(20\d{2})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Epoch ms of 00:00 China time (UTC+8) of a real day, or null. */
function dayStart(day: string): number | null {
  if (!DAY.test(day)) return null;
  const ms = Date.parse(`${day}T00:00:00+08:00`);
  // 2026-02-30 parses to March: a day the calendar has formats back to itself.
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10) === day ? ms : null;
}

/** A checked range: its days in order and its bounds in epoch ms ([from, to)). */
export interface ForwardDays {
  days: string[];
  from: number;
  to: number;
}

/** Checks the range; answers its days and bounds, or the reason with its field. */
export function checkForwardDays(
  startDay: string,
  endDay: string,
): Result<ForwardDays, { field: "startDay" | "endDay"; msg: string }> {
  const from = dayStart(startDay);
  if (from === null) return err({ field: "startDay", msg: MSG_FORWARD_DAY });
  const last = dayStart(endDay);
  if (last === null) return err({ field: "endDay", msg: MSG_FORWARD_DAY });
  if (last < from) return err({ field: "endDay", msg: MSG_FORWARD_DAYS_REVERSED });
  const n = Math.round((last - from) / DAY_MS) + 1;
  if (n > FORWARD_STATIST_DAYS_MAX) return err({ field: "endDay", msg: MSG_FORWARD_DAYS_TOO_MANY });
  const days = Array.from({ length: n }, (_, i) =>
    new Date(from + i * DAY_MS + 8 * 3_600_000).toISOString().slice(0, 10),
  );
  return ok({ days, from, to: last + DAY_MS });
}

/** The range a screen opens with on `today` (yyyy-MM-dd): the seven days up to today. */
export function defaultForwardDays(today: string): { startDay: string; endDay: string } {
  const start = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * DAY_MS).toISOString().slice(0, 10);
  return { startDay: start, endDay: today };
}

/** The figures of a day and platform. */
export interface ForwardFigures {
  forwarded: number;
  acknowledged: number;
  failed: number;
  resent: number;
  pending: number;
}

/** Figures summed (the chart's days, the totals). */
export function sumForwardFigures(rows: readonly ForwardFigures[]): ForwardFigures {
  const out: ForwardFigures = { forwarded: 0, acknowledged: 0, failed: 0, resent: 0, pending: 0 };
  for (const r of rows) {
    out.forwarded += r.forwarded;
    out.acknowledged += r.acknowledged;
    out.failed += r.failed;
    out.resent += r.resent;
    out.pending += r.pending;
  }
  return out;
}
