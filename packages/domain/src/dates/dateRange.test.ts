import { describe, expect, it } from "vitest";
import {
  dateRangeProblem,
  defaultDateRange,
  MSG_MONTH_SPAN,
  MSG_RANGE_REVERSED,
  MSG_WEEK_END_SUNDAY,
  MSG_WEEK_SPAN,
  MSG_WEEK_START_MONDAY,
  msgDaySpan,
  spanDays,
  withDefaultTimes,
} from "./dateRange";

// Local dates: the rules run in the runtime's time zone, so the tests build local times too.
const at = (y: number, m: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, m - 1, d, h, mi, s).getTime();
const range = (a: number, b: number) => [a, b] as const;

describe("default times 00:00:00 to 23:59:59 (§5)", () => {
  it("moves the start to the beginning and the end to 23:59:59 of their days", () => {
    expect(withDefaultTimes(range(at(2024, 3, 5, 13, 7), at(2024, 3, 9, 1)))).toEqual([
      at(2024, 3, 5),
      at(2024, 3, 9, 23, 59, 59),
    ]);
  });
});

describe("defaults with now passed in (§5)", () => {
  const wednesday = at(2024, 3, 13, 15, 30);
  it("day: the last 7 days, today included", () => {
    expect(defaultDateRange("day", wednesday)).toEqual([at(2024, 3, 7), at(2024, 3, 13, 23, 59, 59)]);
  });
  it("week: the last 4 weeks, Monday to this week's Sunday", () => {
    const r = defaultDateRange("week", wednesday);
    expect(r).toEqual([at(2024, 2, 19), at(2024, 3, 17, 23, 59, 59)]);
    expect(spanDays(r)).toBe(28);
    expect(dateRangeProblem("week", r)).toBeNull();
  });
  it("week: on a Sunday the current week is the one ending that day, not the next", () => {
    const sunday = at(2024, 3, 17, 9);
    expect(defaultDateRange("week", sunday)).toEqual([at(2024, 2, 19), at(2024, 3, 17, 23, 59, 59)]);
  });
  it("week: on a Monday the current week starts that day", () => {
    expect(defaultDateRange("week", at(2024, 3, 18))[1]).toBe(at(2024, 3, 24, 23, 59, 59));
  });
  it("month: the last 6 months, this one included", () => {
    const r = defaultDateRange("month", wednesday);
    expect(r).toEqual([at(2023, 10, 1), at(2024, 3, 31, 23, 59, 59)]);
    expect(dateRangeProblem("month", r)).toBeNull();
  });
  it("every default passes its own mode's rule", () => {
    for (const mode of ["day", "week", "month"] as const)
      expect(dateRangeProblem(mode, defaultDateRange(mode, wednesday))).toBeNull();
  });
});

describe("day mode: 7 to dayMax (31) days", () => {
  it("6 days are too few, 7 and 31 are right, 32 too many", () => {
    expect(dateRangeProblem("day", range(at(2024, 1, 1), at(2024, 1, 6)))).toBe(msgDaySpan(31));
    expect(dateRangeProblem("day", range(at(2024, 1, 1), at(2024, 1, 7)))).toBeNull();
    expect(dateRangeProblem("day", range(at(2024, 1, 1), at(2024, 1, 31)))).toBeNull();
    expect(dateRangeProblem("day", range(at(2024, 1, 1), at(2024, 2, 1)))).toBe("时间跨度需为7至31天");
  });
  it("dayMax is configurable", () => {
    expect(dateRangeProblem("day", range(at(2024, 1, 1), at(2024, 1, 15)), 14)).toBe("时间跨度需为7至14天");
  });
  it("a start after the end is refused", () => {
    expect(dateRangeProblem("day", range(at(2024, 1, 9), at(2024, 1, 1)))).toBe(MSG_RANGE_REVERSED);
  });
});

describe("week mode: Monday to Sunday, 28 to 168 days", () => {
  const monday = at(2024, 1, 1);
  it("21 days are too few, 28 and 168 are right, 175 too many", () => {
    expect(dateRangeProblem("week", range(monday, at(2024, 1, 21)))).toBe(MSG_WEEK_SPAN);
    expect(dateRangeProblem("week", range(monday, at(2024, 1, 28, 23, 59, 59)))).toBeNull();
    expect(spanDays(range(monday, at(2024, 6, 16)))).toBe(168);
    expect(dateRangeProblem("week", range(monday, at(2024, 6, 16)))).toBeNull();
    expect(dateRangeProblem("week", range(monday, at(2024, 6, 23)))).toBe(MSG_WEEK_SPAN);
  });
  it("a range starting on a Sunday is refused", () => {
    expect(dateRangeProblem("week", range(at(2023, 12, 31), at(2024, 1, 28)))).toBe(MSG_WEEK_START_MONDAY);
  });
  it("a range not ending on a Sunday is refused", () => {
    expect(dateRangeProblem("week", range(monday, at(2024, 1, 27)))).toBe(MSG_WEEK_END_SUNDAY);
  });
});

describe("month mode: 6 to 12 months", () => {
  it("5 months are too few, 6 and 12 are right, 13 too many", () => {
    expect(dateRangeProblem("month", range(at(2024, 1, 1), at(2024, 5, 31)))).toBe(MSG_MONTH_SPAN);
    expect(dateRangeProblem("month", range(at(2024, 1, 1), at(2024, 6, 30)))).toBeNull();
    expect(dateRangeProblem("month", range(at(2024, 1, 1), at(2024, 12, 31)))).toBeNull();
    expect(dateRangeProblem("month", range(at(2024, 1, 1), at(2025, 1, 31)))).toBe("时间跨度需为6至12个月");
  });
});
