import {
  differenceInCalendarDays,
  differenceInCalendarMonths,
  endOfDay,
  endOfMonth,
  endOfWeek,
  isMonday,
  isSunday,
  setMilliseconds,
  startOfDay,
  startOfMonth,
  startOfWeek,
  subDays,
  subMonths,
  subWeeks,
} from "date-fns";

/** Date-picker modes (platform-shell.md §5 "Date picker"). */
export type DateRangeMode = "day" | "week" | "month";
/** A range as two timestamps (ms). */
export type DateRange = readonly [number, number];

/** Day mode: default largest span (§5, §9 "dayMax 31"). */
export const DAY_MAX_DEFAULT = 31;
/** Day mode: smallest span in days. */
export const DAY_MIN = 7;
/** Week mode: span in days, Monday to Sunday (§5). */
export const WEEK_MIN_DAYS = 28;
/** Week mode: largest span in days (24 weeks). */
export const WEEK_MAX_DAYS = 168;
/** Month mode: span in calendar months (§5). */
export const MONTH_MIN = 6;
/** Month mode: largest span in calendar months. */
export const MONTH_MAX = 12;

/** Weeks start on Monday (§5 "week mode starts Monday and ends Sunday"). */
const WEEK = { weekStartsOn: 1 } as const;

// Designed messages: the spec states the spans but quotes no messages.
/** The start is after the end. */
export const MSG_RANGE_REVERSED = "开始时间不能晚于结束时间";
/** Week mode start is not a Monday. */
export const MSG_WEEK_START_MONDAY = "开始日期必须为周一";
/** Week mode end is not a Sunday. */
export const MSG_WEEK_END_SUNDAY = "结束日期必须为周日";
/** Week mode span outside 28–168 days. */
export const MSG_WEEK_SPAN = `时间跨度需为${WEEK_MIN_DAYS}至${WEEK_MAX_DAYS}天`;
/** Month mode span outside 6–12 months. */
export const MSG_MONTH_SPAN = `时间跨度需为${MONTH_MIN}至${MONTH_MAX}个月`;
/** Day mode span outside 7–dayMax days. */
export function msgDaySpan(dayMax: number): string {
  return `时间跨度需为${DAY_MIN}至${dayMax}天`;
}

/** End of a day as the spec writes it: 23:59:59 (.000), not 23:59:59.999. */
function dayEnd(date: Date | number): number {
  return setMilliseconds(endOfDay(date), 0).getTime();
}

/**
 * Applies the default times (§5 "Times default to 00:00:00 to 23:59:59"): the start at the
 * beginning of its day, the end at 23:59:59 of its day, in the runtime's time zone.
 */
export function withDefaultTimes(range: DateRange): DateRange {
  return [startOfDay(range[0]).getTime(), dayEnd(range[1])];
}

/**
 * The default range of a mode, given "now" (§5 "Defaults: last 7 days, last 4 weeks, last 6
 * months"). Each counts the current unit as the last one: day → the 7 days ending today; week
 * → Monday three weeks back to this week's Sunday (28 days); month → the first of the month
 * five months back to the end of this month. Times are 00:00:00 and 23:59:59.
 */
export function defaultDateRange(mode: DateRangeMode, now: Date | number): DateRange {
  switch (mode) {
    case "day":
      return [startOfDay(subDays(now, DAY_MIN - 1)).getTime(), dayEnd(now)];
    case "week":
      return [startOfWeek(subWeeks(now, 3), WEEK).getTime(), dayEnd(endOfWeek(now, WEEK))];
    case "month":
      return [startOfMonth(subMonths(now, MONTH_MIN - 1)).getTime(), dayEnd(endOfMonth(now))];
  }
}

/** Inclusive number of calendar days a range covers (Monday–Sunday of one week is 7). */
export function spanDays(range: DateRange): number {
  return differenceInCalendarDays(range[1], range[0]) + 1;
}

/** Inclusive number of calendar months a range covers (January–June is 6). */
export function spanMonths(range: DateRange): number {
  return differenceInCalendarMonths(range[1], range[0]) + 1;
}

/**
 * The problem of a chosen range in a mode, or null (§5 "Date picker"): day mode spans 7 to
 * dayMax (default 31) days; week mode starts on a Monday, ends on a Sunday and spans 28 to 168
 * days; month mode spans 6 to 12 calendar months. Spans count both ends.
 */
export function dateRangeProblem(
  mode: DateRangeMode,
  range: DateRange,
  dayMax: number = DAY_MAX_DEFAULT,
): string | null {
  if (range[0] > range[1]) return MSG_RANGE_REVERSED;
  if (mode === "day") {
    const days = spanDays(range);
    return days < DAY_MIN || days > dayMax ? msgDaySpan(dayMax) : null;
  }
  if (mode === "week") {
    if (!isMonday(range[0])) return MSG_WEEK_START_MONDAY;
    if (!isSunday(range[1])) return MSG_WEEK_END_SUNDAY;
    const days = spanDays(range);
    return days < WEEK_MIN_DAYS || days > WEEK_MAX_DAYS ? MSG_WEEK_SPAN : null;
  }
  const months = spanMonths(range);
  return months < MONTH_MIN || months > MONTH_MAX ? MSG_MONTH_SPAN : null;
}
