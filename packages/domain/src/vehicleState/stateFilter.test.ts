import { describe, expect, it } from "vitest";
import { ALARM_LEVEL_NAMES, CHARGE_STATE_NAMES, socRangeProblem } from "./index";

describe("the real-time list's filters", () => {
  it("checks the SOC range: 0–100, lower not above upper, open bounds allowed", () => {
    expect(socRangeProblem(undefined, 20)).toBeUndefined();
    expect(socRangeProblem(0, 100)).toBeUndefined();
    expect(socRangeProblem(-1, undefined)).toBe("SOC须在0到100之间");
    expect(socRangeProblem(undefined, 101)).toBe("SOC须在0到100之间");
    expect(socRangeProblem(Number.NaN, undefined)).toBe("SOC须在0到100之间");
    expect(socRangeProblem(60, 20)).toBe("SOC下限不能大于上限");
  });

  it("names the standard's charge states and alarm levels", () => {
    expect(CHARGE_STATE_NAMES["1"]).toBe("停车充电");
    expect(ALARM_LEVEL_NAMES["3"]).toBe("3级");
  });
});
