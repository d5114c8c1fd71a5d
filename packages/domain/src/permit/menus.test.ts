import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { filterRoutesByMenuApis } from "../routes/menuApis";
import { ROUTE_TABLE } from "../routes/routeTable";
import {
  MSG_PERMIT_MENU_ICON,
  MSG_PERMIT_MENU_ORDER,
  PermitMenuEditSchema,
  type PermitMenuNode,
  permitGrantedMenus,
  permitMenuDescendants,
  permitMenuRows,
  permitTickState,
  permitToggleTick,
  withMenuPresentation,
} from "./menus";

const node = (
  id: number,
  parentId: number | null,
  kind: "menu" | "button",
  api: string,
  order = 0,
): PermitMenuNode => ({
  id,
  parentId,
  kind,
  api,
  title: api,
  order,
  hidden: false,
  icon: "",
});
const tree = [
  node(1, null, "menu", "/tbox", 2),
  node(2, 1, "menu", "/tbox/loginJournal", 1),
  node(3, 2, "button", "/tbox/loginJournal/loginLog/export"),
  node(4, 2, "button", "/tbox/loginJournal/logoutLog/export"),
  node(5, 1, "menu", "/tbox/awaken", 0),
  node(6, null, "menu", "/dataHome", 1),
  node(7, 99, "button", "/orphan"),
];

describe("menu tree", () => {
  it("lists menus by order, buttons after their siblings' menus, with depth", () => {
    expect(permitMenuRows(tree).map((r) => `${r.depth}${r.api}`)).toEqual([
      "0/dataHome",
      "0/tbox",
      "1/tbox/awaken",
      "1/tbox/loginJournal",
      "2/tbox/loginJournal/loginLog/export",
      "2/tbox/loginJournal/logoutLog/export",
      "0/orphan",
    ]);
  });
  it("grants the ancestors of every ticked node", () => {
    expect(permitGrantedMenus(tree, [3])).toEqual([1, 2, 3]);
    expect(permitGrantedMenus(tree, [3, 4, 7, 500])).toEqual([1, 2, 3, 4, 7]);
  });
  it("shows all, some or none of a subtree ticked, and toggles the subtree", () => {
    expect(permitMenuDescendants(tree, 1).toSorted()).toEqual([1, 2, 3, 4, 5]);
    const some = new Set([1, 2, 3]);
    expect(permitTickState(tree, some, 2)).toBe("some");
    expect(permitTickState(tree, some, 3)).toBe("all");
    expect(permitTickState(tree, some, 5)).toBe("none");
    expect([...permitToggleTick(tree, some, 2)].toSorted()).toEqual([1, 2, 3, 4]);
    expect([...permitToggleTick(tree, new Set([2, 3, 4]), 2)]).toEqual([]);
  });
  it("checks a menu edit", () => {
    expect(v.safeParse(PermitMenuEditSchema, { title: "登录", order: 1, hidden: false, icon: "log-in" }).success).toBe(
      true,
    );
    const bad = v.safeParse(PermitMenuEditSchema, { title: "登录", order: -1, hidden: true, icon: "<svg>" });
    expect(bad.success ? [] : bad.issues.map((i) => i.message)).toEqual([MSG_PERMIT_MENU_ORDER, MSG_PERMIT_MENU_ICON]);
  });
});

describe("menu presentation over the route table", () => {
  const routes = filterRoutesByMenuApis(ROUTE_TABLE, ["/tbox/loginJournal", "/dataHome"]);
  it("renames, reorders and hides by path; other routes keep the route table's", () => {
    const shown = withMenuPresentation(routes, [
      { api: "/tbox/loginJournal", title: "登录日志", order: 9, hidden: true },
      { api: "/dataHome", title: "总览", order: 99, hidden: false },
    ]);
    const tbox = shown.find((r) => r.path === "/tbox");
    expect(tbox?.title).toBe(routes.find((r) => r.path === "/tbox")?.title);
    expect(tbox?.children[0]).toMatchObject({ path: "/tbox/loginJournal", title: "登录日志", order: 9, hidden: true });
    expect(shown.find((r) => r.path === "/dataHome")).toMatchObject({ title: "总览", order: 99 });
  });
  it("without entries leaves the routes as they are", () => {
    expect(withMenuPresentation(routes, [])).toEqual(routes);
  });
});
