import { describe, expect, it } from "vitest";
import { HOME_TAB, initialTabs, type Tab, type TabsState } from "./tabsReducer";
import { deserializeTabs, serializeTabs } from "./tabsStorage";

const A: Tab = { path: "/a", fullPath: "/a?x=1", name: "A", meta: { title: "甲" } };

describe("tabs survive a reload", () => {
  it("round-trips a tab list", () => {
    const state: TabsState = { tabs: [HOME_TAB, A], activeIndex: 1 };
    expect(deserializeTabs(serializeTabs(state))).toEqual(state);
  });
  it.each([null, "", "not json", '{"tabs":"x","activeIndex":0}', '{"tabs":[{"path":"a"}],"activeIndex":0}'])(
    "unreadable storage %j gives the initial list",
    (text) => {
      expect(deserializeTabs(text)).toEqual(initialTabs());
    },
  );
  it("puts a missing home tab back first and shifts the active index", () => {
    expect(deserializeTabs(JSON.stringify({ tabs: [A], activeIndex: 0 }))).toEqual({
      tabs: [HOME_TAB, A],
      activeIndex: 1,
    });
    expect(deserializeTabs(JSON.stringify({ tabs: [A], activeIndex: -1 })).activeIndex).toBe(-1);
  });
  it("an active index outside the list becomes -1", () => {
    expect(deserializeTabs(JSON.stringify({ tabs: [HOME_TAB], activeIndex: 4 })).activeIndex).toBe(-1);
  });
  it("uses the given home tab", () => {
    const home: Tab = { ...HOME_TAB, path: "/h", fullPath: "/h" };
    expect(deserializeTabs(null, home).tabs).toEqual([home]);
  });
});
