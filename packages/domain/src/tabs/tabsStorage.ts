import * as v from "valibot";
import { initialTabs, type Tab, type TabsState } from "./tabsReducer";

const TabSchema = v.object({
  path: v.pipe(v.string(), v.startsWith("/")),
  fullPath: v.pipe(v.string(), v.startsWith("/")),
  name: v.string(),
  meta: v.object({ title: v.string() }),
  affix: v.optional(v.boolean()),
});
const TabsStateSchema = v.object({ tabs: v.array(TabSchema), activeIndex: v.pipe(v.number(), v.integer()) });

/** Storage key of the tab list (the spec does not name one; designed after its token key's style). */
export const TABS_STORAGE_KEY = "wit-dashboard-tags";

/** The tab list as text, for session storage so tabs survive a reload (platform-shell.md §3 "Layout state"). */
export function serializeTabs(state: TabsState): string {
  return JSON.stringify(state);
}

/**
 * Reads a stored tab list back. Anything unreadable — missing, not JSON, wrong shape — gives
 * the initial list; the preset home tab is put back first if missing; an active index outside
 * the list becomes -1. A stored list can never break the shell.
 */
export function deserializeTabs(text: string | null, home?: Tab): TabsState {
  const fresh = initialTabs(home);
  if (text === null) return fresh;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return fresh;
  }
  const parsed = v.safeParse(TabsStateSchema, data);
  if (!parsed.success) return fresh;
  const first = fresh.tabs[0] as Tab;
  const hasHome = parsed.output.tabs.some((t) => t.path === first.path);
  const tabs: Tab[] = hasHome ? parsed.output.tabs : [first, ...parsed.output.tabs];
  const stored = parsed.output.activeIndex;
  const shifted = stored < 0 || hasHome ? stored : stored + 1;
  return { tabs, activeIndex: shifted >= 0 && shifted < tabs.length ? shifted : -1 };
}
