import { describe, expect, it } from "vitest";
import { creditCodeWithCheck } from "../seed/identifiers";
import { creditCodeCheckChar } from "./rules";

describe("GB 32100 credit code check character", () => {
  it("is what the seed writes", () => {
    const code = creditCodeWithCheck("91440305MA5F0000K");
    expect(creditCodeCheckChar(code.slice(0, 17))).toBe(code.charAt(17));
  });
});
