import type { RouteNode } from "./routeTypes";

/** Options of a route beyond path and title. */
export interface RouteOptions {
  readonly order?: number;
  readonly hidden?: boolean;
  readonly redirect?: string;
  readonly designed?: string;
}

/** "/tbox/loginJournal" → "TboxLoginJournal"; "/" → "Root"; "/404" → "Page404". */
export function routeName(path: string): string {
  const words = path.split("/").filter((w) => w.length > 0);
  if (words.length === 0) return "Root";
  const name = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
  return /^[0-9]/.test(name) ? `Page${name}` : name;
}

/** A leaf (screen) under `parent`; its order is its position in the spec's list unless given. */
export function screen(
  parent: string,
  segment: string,
  title: string,
  position: number,
  options: RouteOptions = {},
): RouteNode {
  const path = `${parent}/${segment}`;
  return {
    path,
    name: routeName(path),
    title,
    order: options.order ?? position,
    hidden: options.hidden ?? false,
    ...(options.redirect === undefined ? {} : { redirect: options.redirect }),
    ...(options.designed === undefined ? {} : { designed: options.designed }),
    children: [],
  };
}

/** A child written as [segment, title] or [segment, title, options]. */
export type ChildSpec = readonly [string, string] | readonly [string, string, RouteOptions];

/** A route group with its children, numbered 1, 2, 3 … in the order given. */
export function group(
  path: string,
  title: string,
  options: RouteOptions & { order: number },
  children: readonly ChildSpec[],
): RouteNode {
  return {
    path,
    name: routeName(path),
    title,
    order: options.order,
    hidden: options.hidden ?? false,
    ...(options.redirect === undefined ? {} : { redirect: options.redirect }),
    ...(options.designed === undefined ? {} : { designed: options.designed }),
    children: children.map(([segment, childTitle, childOptions], i) =>
      screen(path, segment, childTitle, i + 1, childOptions),
    ),
  };
}
