import { describe, expect, it } from "vitest";
import { HOME_TAB, initialTabs, reduceTabs, type Tab, type TabsState } from "./tabsReducer";

const tab = (path: string, query = ""): Tab => ({
  path,
  fullPath: `${path}${query}`,
  name: path,
  meta: { title: path },
});
const A = tab("/a");
const B = tab("/b");
const C = tab("/c");
/** home, a, b, c with the given active index */
const four = (activeIndex: number): TabsState => ({ tabs: [HOME_TAB, A, B, C], activeIndex });
const paths = (s: TabsState) => s.tabs.map((t) => t.path);

describe("opening tabs (§2: each visited route becomes a tab; same path reused)", () => {
  it("the home tab is preset and active", () => {
    expect(initialTabs()).toEqual({ tabs: [HOME_TAB], activeIndex: 0 });
    expect(HOME_TAB).toMatchObject({ path: "/dataHome", meta: { title: "首页" }, affix: true });
  });
  it("adding a tab makes it active", () => {
    const r = reduceTabs(initialTabs(), { type: "open", tab: A });
    expect(r).toEqual({ state: { tabs: [HOME_TAB, A], activeIndex: 1 }, navigateTo: null });
  });
  it("a tab with the same path is reused, becomes active and keeps the new query", () => {
    const r = reduceTabs(four(3), { type: "open", tab: tab("/a", "?vin=1") });
    expect(paths(r.state)).toEqual(["/dataHome", "/a", "/b", "/c"]);
    expect(r.state.activeIndex).toBe(1);
    expect(r.state.tabs[1]?.fullPath).toBe("/a?vin=1");
  });
  it.each(["/login", "/404", "/401"])("entering %s makes no tab; the active index is -1", (path) => {
    const r = reduceTabs(four(2), { type: "open", tab: tab(path) });
    expect(r.state).toEqual({ tabs: four(2).tabs, activeIndex: -1 });
  });
});

describe("closing tabs (§4)", () => {
  it("closing the active tab activates the previous one and navigates to it", () => {
    const r = reduceTabs(four(2), { type: "close", index: 2 });
    expect(paths(r.state)).toEqual(["/dataHome", "/a", "/c"]);
    expect(r.state.activeIndex).toBe(1);
    expect(r.navigateTo).toBe("/a");
  });
  it("closing the active first tab keeps index 0 and navigates to its neighbour", () => {
    const r = reduceTabs({ tabs: [A, B], activeIndex: 0 }, { type: "close", index: 0 });
    expect(r).toEqual({ state: { tabs: [B], activeIndex: 0 }, navigateTo: "/b" });
  });
  it("closing an earlier tab shifts the active index down by one, no navigation", () => {
    expect(reduceTabs(four(3), { type: "close", index: 1 })).toEqual({
      state: { tabs: [HOME_TAB, B, C], activeIndex: 2 },
      navigateTo: null,
    });
  });
  it("closing a later tab leaves the active index", () => {
    expect(reduceTabs(four(1), { type: "close", index: 3 }).state).toEqual({ tabs: [HOME_TAB, A, B], activeIndex: 1 });
  });
  it("closing a tab while on a 404 page keeps -1", () => {
    expect(reduceTabs(four(-1), { type: "close", index: 1 }).state.activeIndex).toBe(-1);
  });
  it("the home tab and out-of-range indexes do not close", () => {
    expect(reduceTabs(four(0), { type: "close", index: 0 }).state).toEqual(four(0));
    expect(reduceTabs(four(0), { type: "close", index: 9 }).state).toEqual(four(0));
  });
  it("closing the very last tab navigates to /", () => {
    expect(reduceTabs({ tabs: [A], activeIndex: 0 }, { type: "close", index: 0 })).toEqual({
      state: { tabs: [], activeIndex: -1 },
      navigateTo: "/",
    });
  });
});

describe("close others and close all but home", () => {
  it("close others keeps home and the chosen tab, which becomes active", () => {
    expect(reduceTabs(four(1), { type: "closeOthers", index: 2 })).toEqual({
      state: { tabs: [HOME_TAB, B], activeIndex: 1 },
      navigateTo: "/b",
    });
    expect(reduceTabs(four(2), { type: "closeOthers", index: 2 }).navigateTo).toBeNull();
    expect(reduceTabs(four(2), { type: "closeOthers", index: 7 }).state).toEqual(four(2));
  });
  it("close all but home goes home", () => {
    expect(reduceTabs(four(3), { type: "closeAllButHome" })).toEqual({
      state: { tabs: [HOME_TAB], activeIndex: 0 },
      navigateTo: "/dataHome",
    });
    expect(reduceTabs(four(0), { type: "closeAllButHome" }).navigateTo).toBeNull();
  });
  it("close all without a home tab leaves none and navigates to /", () => {
    expect(reduceTabs({ tabs: [A, B], activeIndex: 1 }, { type: "closeAllButHome" })).toEqual({
      state: { tabs: [], activeIndex: -1 },
      navigateTo: "/",
    });
  });
});
