import type { MenuItem, RouteNode } from "./routeTypes";

function byOrder(a: RouteNode, b: RouteNode): number {
  return a.order - b.order;
}

/**
 * Builds the side menu from permitted routes (platform-shell.md §2: hidden items are left out;
 * the menu is sorted by each route's order value — children too). A group left with no visible
 * children disappears. A group whose only visible child is its `index` screen (exportFile,
 * auth) is one menu entry: the group's title leading to that screen, as such shells show it.
 */
export function buildSideMenu(routes: readonly RouteNode[]): MenuItem[] {
  const items: MenuItem[] = [];
  for (const route of routes.toSorted(byOrder)) {
    if (route.hidden) continue;
    if (route.children.length === 0) {
      items.push({ path: route.path, title: route.title, children: [] });
      continue;
    }
    const visible = route.children.filter((c) => !c.hidden).toSorted(byOrder);
    const only = visible.length === 1 ? visible[0] : undefined;
    if (only !== undefined && only.path === `${route.path}/index`) {
      items.push({ path: only.path, title: route.title, children: [] });
    } else if (visible.length > 0) {
      items.push({
        path: route.path,
        title: route.title,
        children: visible.map((c) => ({ path: c.path, title: c.title, children: [] })),
      });
    }
  }
  return items;
}
