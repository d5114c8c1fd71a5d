import { format, isMatch, parse } from "date-fns";

/**
 * Date-times as operators read and type them (issue 13: "date-time ranges in
 * `yyyy-MM-dd HH:mm:ss`, not the browser's locale format"). In the time zone the code runs in,
 * which for the console is the operator's.
 */
export const DATE_TIME_PATTERN = "yyyy-MM-dd HH:mm:ss";

/** Designed message for text that is not a date-time of that pattern (the spec quotes none). */
export const MSG_DATE_TIME_FORMAT = "请输入正确的时间，格式为 yyyy-MM-dd HH:mm:ss";

/** `2026-11-23 08:05:00` of epoch milliseconds; empty for null. */
export function formatDateTimeText(ms: number | null): string {
  return ms === null ? "" : format(ms, DATE_TIME_PATTERN);
}

/**
 * Epoch milliseconds of `yyyy-MM-dd HH:mm:ss` text (surrounding spaces ignored), or null when
 * the text is not exactly such a date-time (`2026-02-30 00:00:00`, `2026-1-1 0:0:0` and the
 * browser's `2026/11/23` are refused rather than guessed). A pasted ISO local time
 * (`2026-11-23T08:05:00`) is read too: its `T` is the only difference.
 */
export function parseDateTimeText(text: string): number | null {
  const t = text.trim().replace(/^(\d{4}-\d{2}-\d{2})T/, "$1 ");
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(t) || !isMatch(t, DATE_TIME_PATTERN)) return null;
  return parse(t, DATE_TIME_PATTERN, 0).getTime();
}
