import { describe, expect, it } from "vitest";
import {
  type CursorPaging,
  canGoBack,
  canGoNext,
  cursorPageNumber,
  cursorQuery,
  initialCursorPaging,
  reduceCursorPaging,
} from "./cursorPaging";

const run = (state: CursorPaging, ...actions: Parameters<typeof reduceCursorPaging>[1][]) =>
  actions.reduce(reduceCursorPaging, state);

describe("cursor paging with a row-key stack (§2, §3)", () => {
  const first = initialCursorPaging(20);
  it("the first page asks without a rowKey", () => {
    expect(cursorQuery(first)).toEqual({ pageSize: 20 });
    expect(cursorPageNumber(first)).toBe(1);
    expect(canGoBack(first)).toBe(false);
  });
  it("a next page is offered while a nextKey exists", () => {
    expect(canGoNext(run(first, { type: "loaded", nextKey: "k2" }))).toBe(true);
    expect(canGoNext(run(first, { type: "loaded", nextKey: null }))).toBe(false);
    expect(canGoNext(run(first, { type: "loaded", nextKey: undefined }))).toBe(false);
    expect(canGoNext(run(first, { type: "loaded", nextKey: "" }))).toBe(false);
  });
  it("next asks with the nextKey as rowKey; without one it does nothing", () => {
    const second = run(first, { type: "loaded", nextKey: "k2" }, { type: "next" });
    expect(cursorQuery(second)).toEqual({ pageSize: 20, rowKey: "k2" });
    expect(cursorPageNumber(second)).toBe(2);
    expect(canGoNext(second)).toBe(false);
    expect(run(first, { type: "next" })).toBe(first);
  });
  it("back returns to the previous page's rowKey, and to none on page 1", () => {
    const third = run(
      first,
      { type: "loaded", nextKey: "k2" },
      { type: "next" },
      { type: "loaded", nextKey: "k3" },
      { type: "next" },
    );
    expect(cursorQuery(third).rowKey).toBe("k3");
    const back = run(third, { type: "back" });
    expect(cursorQuery(back)).toEqual({ pageSize: 20, rowKey: "k2" });
    expect(cursorQuery(run(back, { type: "back" }))).toEqual({ pageSize: 20 });
    expect(run(first, { type: "back" })).toBe(first);
  });
  it("a filter change returns to the first page", () => {
    const second = run(first, { type: "loaded", nextKey: "k2" }, { type: "next" });
    expect(run(second, { type: "filterChanged" })).toEqual(first);
  });
});
