import * as v from "valibot";
import type { RouteNode } from "../routes/routeTypes";

/** 菜单管理 (/permit/menu) and the menu tree roles are granted on. */

export interface PermitMenuNode {
  id: number;
  parentId: number | null;
  kind: "menu" | "button";
  api: string;
  title: string;
  order: number;
  hidden: boolean;
  icon: string;
}

/** A node with its depth, in tree order (menus by order, buttons after the menus of their parent). */
export interface PermitMenuRow extends PermitMenuNode {
  depth: number;
}

export const MSG_PERMIT_MENU_TITLE = "请输入1-32个字符的菜单名称";
export const MSG_PERMIT_MENU_ORDER = "排序须为0-9999的整数";
export const MSG_PERMIT_MENU_ICON = "图标须为1-40位字母、数字或横线，可留空";

export const PermitMenuEditSchema = v.object({
  title: v.pipe(v.string(), v.trim(), v.minLength(1, MSG_PERMIT_MENU_TITLE), v.maxLength(32, MSG_PERMIT_MENU_TITLE)),
  order: v.pipe(
    v.number(MSG_PERMIT_MENU_ORDER),
    v.integer(MSG_PERMIT_MENU_ORDER),
    v.minValue(0, MSG_PERMIT_MENU_ORDER),
    v.maxValue(9999, MSG_PERMIT_MENU_ORDER),
  ),
  hidden: v.boolean(),
  /** Empty or absent: no icon. */
  icon: v.nullish(v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{0,40}$/u, MSG_PERMIT_MENU_ICON))),
});
export type PermitMenuEdit = v.InferOutput<typeof PermitMenuEditSchema>;

/** The flat nodes in tree order with their depth. */
export function permitMenuRows(nodes: readonly PermitMenuNode[]): PermitMenuRow[] {
  const ids = new Set(nodes.map((n) => n.id));
  const children = (parentId: number | null) =>
    nodes
      .filter((n) => (parentId === null ? n.parentId === null || !ids.has(n.parentId) : n.parentId === parentId))
      .toSorted(
        (a, b) =>
          Number(a.kind === "button") - Number(b.kind === "button") || a.order - b.order || a.api.localeCompare(b.api),
      );
  const out: PermitMenuRow[] = [];
  const walk = (parentId: number | null, depth: number) => {
    for (const n of children(parentId)) {
      out.push({ ...n, depth });
      walk(n.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** `id` and every node below it. */
export function permitMenuDescendants(nodes: readonly Pick<PermitMenuNode, "id" | "parentId">[], id: number): number[] {
  const out = [id];
  for (let i = 0; i < out.length; i++) for (const n of nodes) if (n.parentId === out[i]) out.push(n.id);
  return out;
}

/**
 * What a role is granted from what was ticked: every ticked node and all of its ancestors (a
 * button is usable only inside its screen, a screen only inside its group), sorted.
 */
export function permitGrantedMenus(
  nodes: readonly Pick<PermitMenuNode, "id" | "parentId">[],
  ticked: readonly number[],
): number[] {
  const parentOf = new Map(nodes.map((n) => [n.id, n.parentId]));
  const out = new Set<number>();
  for (const id of ticked) {
    let at: number | null | undefined = id;
    // Only nodes of the tree: an id that names nothing (or a dangling parent) is not granted.
    while (at !== null && at !== undefined && parentOf.has(at) && !out.has(at)) {
      out.add(at);
      at = parentOf.get(at);
    }
  }
  return [...out].toSorted((a, b) => a - b);
}

/** How a node's checkbox shows against the ticked set: all of its subtree, some of it, or none. */
export function permitTickState(
  nodes: readonly Pick<PermitMenuNode, "id" | "parentId">[],
  ticked: ReadonlySet<number>,
  id: number,
): "all" | "some" | "none" {
  const subtree = permitMenuDescendants(nodes, id);
  const n = subtree.filter((x) => ticked.has(x)).length;
  if (n === 0) return "none";
  return n === subtree.length ? "all" : "some";
}

/** Ticking or unticking a node ticks or unticks its whole subtree. */
export function permitToggleTick(
  nodes: readonly Pick<PermitMenuNode, "id" | "parentId">[],
  ticked: ReadonlySet<number>,
  id: number,
): Set<number> {
  const subtree = permitMenuDescendants(nodes, id);
  const next = new Set(ticked);
  const on = permitTickState(nodes, ticked, id) !== "all";
  for (const x of subtree) {
    if (on) next.add(x);
    else next.delete(x);
  }
  return next;
}

/** How a menu shows, as the permission call carries it (菜单管理's title, order and hidden flag). */
export interface PermitMenuPresentation {
  api: string;
  title: string;
  order: number;
  hidden: boolean;
}

/**
 * The routes with the title, order and hidden flag 菜单管理 gave their menus (by path); a route
 * without an entry keeps the route table's. Paths, names and redirects never change here.
 */
export function withMenuPresentation(
  routes: readonly RouteNode[],
  menus: readonly PermitMenuPresentation[],
): RouteNode[] {
  if (menus.length === 0) return [...routes];
  const byApi = new Map(menus.map((m) => [m.api, m]));
  const walk = (nodes: readonly RouteNode[]): RouteNode[] =>
    nodes.map((n) => {
      const m = byApi.get(n.path);
      return {
        ...n,
        ...(m ? { title: m.title, order: m.order, hidden: m.hidden } : {}),
        children: walk(n.children),
      };
    });
  return walk(routes);
}
