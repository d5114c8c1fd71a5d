import { HOME_PATH, NO_TAB_PATHS } from "../routes/routeTable";

/** One tab (platform-shell.md §3 "Layout state: tagList (path, fullPath, name, meta.title)"). */
export interface Tab {
  readonly path: string;
  /** Path with query, what navigating back to the tab opens. */
  readonly fullPath: string;
  readonly name: string;
  readonly meta: { readonly title: string };
  /** An affixed tab (home) is never closed. */
  readonly affix?: boolean;
}

/** The tab list and the active index (-1: no tab is active, §2 "on login, 404 and 401"). */
export interface TabsState {
  readonly tabs: readonly Tab[];
  readonly activeIndex: number;
}

/** What may happen to the tab list. */
export type TabsAction =
  | { readonly type: "open"; readonly tab: Tab }
  | { readonly type: "close"; readonly index: number }
  | { readonly type: "closeOthers"; readonly index: number }
  | { readonly type: "closeAllButHome" };

/** New state and, when the shown page must change, where to navigate (the shell navigates). */
export interface TabsResult {
  readonly state: TabsState;
  readonly navigateTo: string | null;
}

/** The preset home tab (§2 "The home tab is preset"). */
export const HOME_TAB: Tab = {
  path: HOME_PATH,
  fullPath: HOME_PATH,
  name: "DataHome",
  meta: { title: "首页" },
  affix: true,
};

/** The starting tab list: only the home tab, active. */
export function initialTabs(home: Tab = HOME_TAB): TabsState {
  return { tabs: [home], activeIndex: 0 };
}

const stay = (state: TabsState): TabsResult => ({ state, navigateTo: null });

/**
 * The tab-list reducer (platform-shell.md §2 and §4, business-areas.md §4):
 * - open: a tab with the same path is reused (its fullPath updated) and becomes active; a new
 *   one is appended and becomes active; entering /login, /404 or /401 makes no tab and sets the
 *   active index to -1.
 * - close: closing the active tab activates the previous one (index 0 stays 0 if it was first)
 *   and navigates there; closing an earlier tab shifts the active index down by one; closing a
 *   later one changes nothing else; an affixed (home) tab does not close; closing the last tab
 *   navigates to "/" (which leads home).
 * - closeOthers: keeps affixed tabs and the given one, which becomes active.
 * - closeAllButHome: keeps affixed tabs; the first becomes active.
 * Out-of-range indexes change nothing.
 */
export function reduceTabs(state: TabsState, action: TabsAction): TabsResult {
  switch (action.type) {
    case "open":
      return open(state, action.tab);
    case "close":
      return close(state, action.index);
    case "closeOthers":
      return closeOthers(state, action.index);
    case "closeAllButHome":
      return closeAllButHome(state);
  }
}

function open(state: TabsState, tab: Tab): TabsResult {
  if (NO_TAB_PATHS.includes(tab.path)) return stay({ ...state, activeIndex: -1 });
  const found = state.tabs.findIndex((t) => t.path === tab.path);
  if (found < 0) return stay({ tabs: [...state.tabs, tab], activeIndex: state.tabs.length });
  const tabs = state.tabs.map((t, i) => (i === found ? { ...t, fullPath: tab.fullPath } : t));
  return stay({ tabs, activeIndex: found });
}

function close(state: TabsState, index: number): TabsResult {
  const target = state.tabs[index];
  if (target === undefined || target.affix === true) return stay(state);
  const tabs = state.tabs.filter((_, i) => i !== index);
  if (tabs.length === 0) return { state: { tabs, activeIndex: -1 }, navigateTo: "/" };
  if (index === state.activeIndex) {
    const activeIndex = index === 0 ? 0 : index - 1;
    return { state: { tabs, activeIndex }, navigateTo: (tabs[activeIndex] as Tab).fullPath };
  }
  return stay({ tabs, activeIndex: index < state.activeIndex ? state.activeIndex - 1 : state.activeIndex });
}

function closeOthers(state: TabsState, index: number): TabsResult {
  const focus = state.tabs[index];
  if (focus === undefined) return stay(state);
  const tabs = state.tabs.filter((t, i) => t.affix === true || i === index);
  return activate(state, tabs, focus);
}

function closeAllButHome(state: TabsState): TabsResult {
  const tabs = state.tabs.filter((t) => t.affix === true);
  const focus = tabs[0];
  if (focus === undefined) return { state: { tabs, activeIndex: -1 }, navigateTo: "/" };
  return activate(state, tabs, focus);
}

/** Makes `focus` active among the kept tabs; navigates unless it was already shown. */
function activate(state: TabsState, tabs: readonly Tab[], focus: Tab): TabsResult {
  const wasActive = state.tabs[state.activeIndex] === focus;
  return { state: { tabs, activeIndex: tabs.indexOf(focus) }, navigateTo: wasActive ? null : focus.fullPath };
}
