import { describe, expect, it } from "vitest";
import { isSuccessCode } from "./successCodes";

describe("success codes (§8)", () => {
  it.each([200, 0, "000000", 602602, 602601, 617014, "200", undefined, null, ""])("%s is success", (code) => {
    expect(isSuccessCode(code)).toBe(true);
  });
  it.each([401, 404, 500, "00000", 602603, "error"])("%s is failure", (code) => {
    expect(isSuccessCode(code)).toBe(false);
  });
});
