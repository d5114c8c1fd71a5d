import { describe, expect, it } from "vitest";
import { loginLogQuery } from "./loginLogQuery";
import { MSG_RANGE_ORDER, NUMBER_RANGE_MAX, numberRangeProblem, parseNumberRangeInput } from "./numberRange";

describe("number range inputs: max length 6, 0 to 999999, parsed as numbers (§5)", () => {
  it("parses digits as a number", () => {
    expect(parseNumberRangeInput("0")).toBe(0);
    expect(parseNumberRangeInput("120")).toBe(120);
    expect(parseNumberRangeInput("999999")).toBe(NUMBER_RANGE_MAX);
  });
  it("cuts at 6 characters, so 1000000 cannot be typed", () => {
    expect(parseNumberRangeInput("1000000")).toBe(100000);
  });
  it("drops non-digits; nothing left is empty", () => {
    expect(parseNumberRangeInput("-12.5")).toBe(125);
    expect(parseNumberRangeInput("abc")).toBeNull();
    expect(parseNumberRangeInput("")).toBeNull();
  });
  it("the lower bound may not be above the upper", () => {
    expect(numberRangeProblem(10, 5)).toBe(MSG_RANGE_ORDER);
    expect(numberRangeProblem(5, 5)).toBeNull();
    expect(numberRangeProblem(null, 5)).toBeNull();
    expect(numberRangeProblem(10, null)).toBeNull();
  });
});

describe("login log query and export are silently skipped without VIN or time range (§5)", () => {
  it("skips an empty VIN or a missing range", () => {
    expect(loginLogQuery("  ", [1, 2], true)).toBeNull();
    expect(loginLogQuery("LSVAU2180N2183294", null, true)).toBeNull();
  });
  it("builds the query otherwise", () => {
    expect(loginLogQuery(" LSVAU2180N2183294", [1, 2], false)).toEqual({
      vin: "LSVAU2180N2183294",
      startTime: 1,
      endTime: 2,
      reportTimeDesc: false,
    });
  });
});
