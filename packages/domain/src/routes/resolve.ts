import { CONSTANT_ROUTES, HOME_PATH, NOT_FOUND_PATH, OPERATE_OVERVIEW_PATH } from "./routeTable";
import type { RouteNode } from "./routeTypes";
import { buildSideMenu } from "./sideMenu";

/** The path part of an address: "/operate/details?vin=X#top" → "/operate/details". */
export function pathOf(address: string): string {
  const cut = address.search(/[?#]/);
  return cut < 0 ? address : address.slice(0, cut);
}

/** The route with exactly this path among constant and given routes, at any depth. */
export function findRoute(routes: readonly RouteNode[], path: string): RouteNode | undefined {
  const search = (nodes: readonly RouteNode[]): RouteNode | undefined => {
    for (const n of nodes) {
      if (n.path === path) return n;
      const inner = search(n.children);
      if (inner !== undefined) return inner;
    }
    return undefined;
  };
  return search(CONSTANT_ROUTES) ?? search(routes);
}

/**
 * Where "/" leads for these routes. The spec redirects "/" to home; for a user without the home
 * route that would be a 404, so "/" follows the landing order instead: home, else
 * operate-overview, else the first screen of the side menu; with no screen at all, undefined.
 */
export function rootTarget(routes: readonly RouteNode[]): string | undefined {
  for (const candidate of [HOME_PATH, OPERATE_OVERVIEW_PATH]) {
    if (findRoute(routes, candidate) !== undefined) return candidate;
  }
  const [first] = buildSideMenu(routes);
  return first?.children[0]?.path ?? first?.path;
}

/**
 * Where an address leads once permitted routes have loaded (platform-shell.md §2 "Unknown
 * paths after routes have loaded go to /404"): redirects are followed ("/" → see
 * {@link rootTarget}, a group → its first screen), the query is kept, an unknown path becomes /404.
 */
export function resolveAddress(routes: readonly RouteNode[], address: string): string {
  let path = pathOf(address);
  const query = address.slice(path.length);
  // A redirect chain is at most "/" → group → screen; the bound guards against a cycle in data.
  for (let hop = 0; hop < 5; hop++) {
    if (path === "/") {
      const target = rootTarget(routes);
      if (target === undefined) return NOT_FOUND_PATH;
      path = target;
      continue;
    }
    const route = findRoute(routes, path);
    if (route === undefined) return NOT_FOUND_PATH;
    if (route.redirect === undefined) return `${path}${query}`;
    path = route.redirect;
  }
  return NOT_FOUND_PATH;
}

/**
 * First destination after sign-in (platform-shell.md §2): the home route if permitted, else
 * the operate-overview route if permitted, else the requested address (resolved as
 * {@link resolveAddress}, so an unknown one shows /404).
 */
export function landingPath(routes: readonly RouteNode[], requested: string): string {
  for (const candidate of [HOME_PATH, OPERATE_OVERVIEW_PATH]) {
    if (findRoute(routes, candidate) !== undefined) return candidate;
  }
  return resolveAddress(routes, requested);
}
