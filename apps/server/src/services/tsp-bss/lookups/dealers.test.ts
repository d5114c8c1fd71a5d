import { describe, expect, it } from "vitest";
import { regionPattern } from "./dealers";

describe("a region and everything below it (GB/T 2260)", () => {
  it("matches a province by 2 digits, a city by 4, a district exactly", () => {
    expect(regionPattern("440000")).toBe("44%");
    expect(regionPattern("440300")).toBe("4403%");
    expect(regionPattern("440305")).toBe("440305");
  });
});
