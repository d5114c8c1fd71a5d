/**
 * One route of the console (platform-shell.md §2, business-areas.md §2): what the server seeds
 * as a menu and the console registers as a screen. `path` is always absolute
 * ("/tbox/loginJournal"), so menuApis, tabs and links compare paths without joining segments.
 */
export interface RouteNode {
  readonly path: string;
  /** Unique route name: PascalCase of the path ("/dataHome" → "DataHome", as the spec names it). */
  readonly name: string;
  /** Chinese title shown in the side menu, the tab and the breadcrumb. */
  readonly title: string;
  /** Side-menu position; smaller first (§2 "the side menu is sorted by each route's order value"). */
  readonly order: number;
  /** Left out of the side menu (§2 "Menu items with hidden=true"). */
  readonly hidden: boolean;
  /** Where entering this path leads instead (groups redirect to a first screen). */
  readonly redirect?: string;
  /** Present when the spec does not show this route and it was designed; says why. */
  readonly designed?: string;
  readonly children: readonly RouteNode[];
}

/** An entry of the side menu built from permitted routes. */
export interface MenuItem {
  readonly path: string;
  readonly title: string;
  readonly children: readonly MenuItem[];
}
