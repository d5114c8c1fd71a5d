import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * The screens that are really built, by route path; each loads lazily as its own chunk
 * (platform-shell.md §2 "Pages load lazily"). Every other route of @tsp/domain's table shows
 * the honest 暂未开放 page with its title.
 */
export const SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  "/dataHome": lazy(() => import("./dataHome/DataHomePage")),
  "/tbox/loginJournal": lazy(() => import("./tbox/loginJournal/LoginJournalPage")),
  "/exportFile/index": lazy(() => import("./exportFile/ExportFileListPage")),
};

/** Paths of the real screens (for the README's list and tests). */
export const BUILT_SCREEN_PATHS: readonly string[] = Object.keys(SCREENS);
