import {
  deserializeTabs,
  findRoute,
  type RouteNode,
  reduceTabs,
  serializeTabs,
  TABS_STORAGE_KEY,
  type TabsAction,
  type TabsState,
} from "@tsp/domain";
import { useCallback, useEffect, useState } from "react";
import { navigateHash } from "../routing/hashLocation";
import { outletFor } from "./ScreenOutlet";
import type { ShellTabsProps } from "./ShellTabs";

function load(): TabsState {
  try {
    return deserializeTabs(sessionStorage.getItem(TABS_STORAGE_KEY));
  } catch {
    return deserializeTabs(null);
  }
}

/**
 * The tab list of the shell, driven by @tsp/domain's reducer (spec §2/§4): every visited
 * permitted screen opens (or reuses) its tab; 404/401 leave no tab active; closing returns
 * where to go, and the shell goes there. Kept in sessionStorage so a reload keeps the tabs.
 */
export function useTabs(routes: readonly RouteNode[], path: string, search: string): ShellTabsProps {
  const [state, setState] = useState<TabsState>(load);

  const apply = useCallback((action: TabsAction) => {
    setState((prev) => {
      const result = reduceTabs(prev, action);
      if (result.navigateTo !== null) {
        const to = result.navigateTo;
        // Navigate after the state update, outside React's render phase.
        queueMicrotask(() => navigateHash(to));
      }
      return result.state;
    });
  }, []);

  // Opening the tab of the address is derived from the address: done while rendering, when the
  // address differs from the one last seen (React's "adjust state on a prop change" pattern).
  const fullPath = search ? `${path}?${search}` : path;
  const [seen, setSeen] = useState<string | null>(null);
  if (seen !== fullPath) {
    setSeen(fullPath);
    const outlet = outletFor(routes, path, search);
    // A redirecting path is left alone: the outlet is about to replace it. The reducer gives
    // 404/401 no active tab.
    if (outlet.kind !== "redirect") {
      const title = outlet.kind === "screen" ? outlet.title : (findRoute(routes, path)?.title ?? path);
      const tab = { path, fullPath, name: findRoute(routes, path)?.name ?? path, meta: { title } };
      setState((prev) => reduceTabs(prev, { type: "open", tab }).state);
    }
  }

  useEffect(() => {
    try {
      sessionStorage.setItem(TABS_STORAGE_KEY, serializeTabs(state));
    } catch {
      // Storage full or blocked: tabs still work for this page's life.
    }
  }, [state]);

  return {
    state,
    onActivate: (index) => {
      const tab = state.tabs[index];
      if (tab) navigateHash(tab.fullPath);
    },
    onClose: (index) => apply({ type: "close", index }),
    onCloseOthers: (index) => apply({ type: "closeOthers", index }),
    onCloseAll: () => apply({ type: "closeAllButHome" }),
  };
}
