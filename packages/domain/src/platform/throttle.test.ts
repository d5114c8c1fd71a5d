import { describe, expect, it } from "vitest";
import { canConfirm } from "./throttle";

describe("dialog confirm throttled to once every 2 seconds (§5)", () => {
  it("the first press runs", () => {
    expect(canConfirm(null, 5)).toBe(true);
  });
  it("a press 1999 ms later is dropped, 2000 ms later runs", () => {
    expect(canConfirm(10_000, 11_999)).toBe(false);
    expect(canConfirm(10_000, 12_000)).toBe(true);
  });
  it("the interval is configurable", () => {
    expect(canConfirm(0, 500, 400)).toBe(true);
  });
});
