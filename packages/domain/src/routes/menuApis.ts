import type { RouteNode } from "./routeTypes";

/**
 * True when a child screen is permitted by menuApis: its own path is listed, or it is a hidden
 * sub-page (a details page) of a listed screen — "/dataService/history/detail" opens from
 * "/dataService/history", so it goes with it. The spec says routes are filtered "by path" and
 * that any further rule is "not shown" (platform-shell.md §6); this is the designed rule.
 */
function childPermitted(child: RouteNode, groupPath: string, listed: ReadonlySet<string>): boolean {
  if (listed.has(child.path)) return true;
  if (!child.hidden) return false;
  for (const p of listed) if (p !== groupPath && child.path.startsWith(`${p}/`)) return true;
  return false;
}

/**
 * Filters the route table by the permission reply's menuApis (platform-shell.md §6 "menuApis,
 * which filter the route tree and side menu by path"). A group without children (home) needs
 * its own path listed; a group with children is kept when at least one child is permitted —
 * listing only the group's path permits nothing, since the group is a folder and not a screen.
 * A group redirecting to a screen that was filtered out redirects to its first permitted
 * visible screen instead (or, if all are hidden, the first permitted one).
 */
export function filterRoutesByMenuApis(routes: readonly RouteNode[], menuApis: readonly string[]): RouteNode[] {
  const listed = new Set(menuApis);
  const kept: RouteNode[] = [];
  for (const route of routes) {
    if (route.children.length === 0) {
      if (listed.has(route.path)) kept.push(route);
      continue;
    }
    const children = route.children.filter((c) => childPermitted(c, route.path, listed));
    const first = children.find((c) => !c.hidden) ?? children[0];
    if (first === undefined) continue;
    const keepsRedirect = route.redirect === undefined || children.some((c) => c.path === route.redirect);
    kept.push({ ...route, children, ...(keepsRedirect ? {} : { redirect: first.path }) });
  }
  return kept;
}

/** Every path of the given routes and their children, for "is this permitted" questions. */
export function routePaths(routes: readonly RouteNode[]): Set<string> {
  const paths = new Set<string>();
  const walk = (nodes: readonly RouteNode[]) => {
    for (const n of nodes) {
      paths.add(n.path);
      walk(n.children);
    }
  };
  walk(routes);
  return paths;
}
