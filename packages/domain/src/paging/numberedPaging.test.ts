import { describe, expect, it } from "vitest";
import {
  initialNumberedPaging,
  type NumberedPaging,
  pageCount,
  reduceNumberedPaging,
  rememberedPageSize,
} from "./numberedPaging";

const at = (pageNum: number, total = 95, pageSize = 10): NumberedPaging => ({ pageNum, pageSize, total });

describe("numbered paging: pageNum from 1, sizes 10/20/50/100, default 10 (§3, §9)", () => {
  it("starts on page 1 at the default or remembered size", () => {
    expect(initialNumberedPaging()).toEqual({ pageNum: 1, pageSize: 10, total: 0 });
    expect(initialNumberedPaging(50).pageSize).toBe(50);
    expect(initialNumberedPaging(30).pageSize).toBe(10);
  });
  it("the chosen size is remembered; anything else stored gives 10", () => {
    expect(rememberedPageSize("20")).toBe(20);
    expect(rememberedPageSize("100")).toBe(100);
    expect(rememberedPageSize(null)).toBe(10);
    expect(rememberedPageSize("30")).toBe(10);
    expect(rememberedPageSize("abc")).toBe(10);
  });
  it("counts pages, at least one", () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(100, 10)).toBe(10);
    expect(pageCount(101, 10)).toBe(11);
  });
  it("goes to a page within 1..last", () => {
    expect(reduceNumberedPaging(at(1), { type: "goTo", pageNum: 3 }).pageNum).toBe(3);
    expect(reduceNumberedPaging(at(1), { type: "goTo", pageNum: 99 }).pageNum).toBe(10);
    expect(reduceNumberedPaging(at(3), { type: "goTo", pageNum: 0 }).pageNum).toBe(1);
    expect(reduceNumberedPaging(at(3), { type: "goTo", pageNum: Number.NaN }).pageNum).toBe(1);
  });
  it("a new size restarts at page 1; a size not offered changes nothing", () => {
    expect(reduceNumberedPaging(at(4), { type: "setPageSize", pageSize: 20 })).toEqual({
      pageNum: 1,
      pageSize: 20,
      total: 95,
    });
    expect(reduceNumberedPaging(at(4), { type: "setPageSize", pageSize: 15 })).toEqual(at(4));
  });
  it("a smaller total moves a page beyond the last to the last", () => {
    expect(reduceNumberedPaging(at(10), { type: "loaded", total: 35 })).toEqual(at(4, 35));
    expect(reduceNumberedPaging(at(2), { type: "loaded", total: 35 })).toEqual(at(2, 35));
    expect(reduceNumberedPaging(at(2), { type: "loaded", total: -5 })).toEqual(at(1, 0));
  });
  it("a filter change restarts at page 1", () => {
    expect(reduceNumberedPaging(at(7), { type: "filterChanged" })).toEqual(at(1));
  });
});
