import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";

describe("money: divide by 100, 2 decimals (§9)", () => {
  it.each([
    [12345, "123.45"],
    [1005, "10.05"],
    [5, "0.05"],
    [0, "0.00"],
    [100, "1.00"],
    [-250, "-2.50"],
    ["9999", "99.99"],
    [12.5, "0.13"],
    [-0.4, "0.00"],
  ] as const)("%s fen → %s", (fen, text) => {
    expect(formatMoney(fen)).toBe(text);
  });
  it.each([null, undefined, "", "abc", Number.NaN, Number.POSITIVE_INFINITY])("%s → empty", (fen) => {
    expect(formatMoney(fen)).toBe("");
  });
});
