import { describe, expect, it } from "vitest";
import { BULK_SEARCH_PAGE_SIZE, SELECTOR_PAGE_SIZE, shouldLoadNextPage } from "./selectorPaging";

describe("selector: load the next page until pages × size reach the total (§7, §9)", () => {
  it("selectors ask 10 per page; VIN, SN and ICCID searches 10000", () => {
    expect(SELECTOR_PAGE_SIZE).toBe(10);
    expect(BULK_SEARCH_PAGE_SIZE).toBe(10000);
  });
  it("loads more while pages × size is below the total", () => {
    expect(shouldLoadNextPage(2, 10, 21)).toBe(true);
  });
  it("stops when pages × size equals the total: every row is listed already", () => {
    expect(shouldLoadNextPage(2, 10, 20)).toBe(false);
  });
  it("stops when pages × size exceeds the total", () => {
    expect(shouldLoadNextPage(3, 10, 21)).toBe(false);
  });
  it("an empty list loads nothing more", () => {
    expect(shouldLoadNextPage(1, 10, 0)).toBe(false);
  });
});
