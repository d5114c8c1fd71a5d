import { describe, expect, it } from "vitest";
import {
  checkButtonPermission,
  hasButtonPermission,
  LOGIN_LOG_EXPORT_PERMISSION,
  MSG_EMPTY_PERMISSION,
} from "./buttonPermission";
import { filterRoutesByMenuApis, routePaths } from "./menuApis";
import { ROUTE_TABLE } from "./routeTable";
import type { RouteNode } from "./routeTypes";
import { buildSideMenu } from "./sideMenu";

describe("menuApis filter the route tree by path (§6)", () => {
  it("keeps only listed screens and the groups that hold them", () => {
    const routes = filterRoutesByMenuApis(ROUTE_TABLE, ["/dataHome", "/tbox/loginJournal", "/tbox/awaken"]);
    expect(routes.map((r) => r.path)).toEqual(["/dataHome", "/tbox"]);
    expect(routes[1]?.children.map((c) => c.path)).toEqual(["/tbox/awaken", "/tbox/loginJournal"]);
    expect(routes[1]?.redirect).toBe("/tbox/awaken");
  });
  it("a group whose redirect target is not permitted redirects to its first permitted screen", () => {
    const [tbox] = filterRoutesByMenuApis(ROUTE_TABLE, ["/tbox/loginJournal"]);
    expect(tbox?.redirect).toBe("/tbox/loginJournal");
  });
  it("a group without a redirect gets none", () => {
    const [permit] = filterRoutesByMenuApis(ROUTE_TABLE, ["/permit/role"]);
    expect(permit?.redirect).toBeUndefined();
  });
  it("listing only a group's path permits nothing", () => {
    expect(filterRoutesByMenuApis(ROUTE_TABLE, ["/tbox", "/permit"])).toEqual([]);
  });
  it("hidden detail pages go with their listed screen, but not with the group", () => {
    const [ds] = filterRoutesByMenuApis(ROUTE_TABLE, ["/dataService/history"]);
    expect(ds?.children.map((c) => c.path)).toEqual(["/dataService/history", "/dataService/history/detail"]);
    const [dm] = filterRoutesByMenuApis(ROUTE_TABLE, ["/deviceManage/tboxChange", "/deviceManage"]);
    expect(dm?.children.map((c) => c.path)).toEqual(["/deviceManage/tboxChange"]);
    expect(filterRoutesByMenuApis(ROUTE_TABLE, ["/operate/query"])[0]?.children.map((c) => c.path)).toEqual([
      "/operate/query",
    ]);
  });
  it("a group with only hidden permitted screens redirects to the first of them", () => {
    const [op] = filterRoutesByMenuApis(
      [{ ...ROUTE_TABLE[1], redirect: "/operate/query" } as RouteNode],
      ["/operate/details"],
    );
    expect(op?.redirect).toBe("/operate/details");
  });
  it("an empty menuApis permits nothing", () => {
    expect(filterRoutesByMenuApis(ROUTE_TABLE, [])).toEqual([]);
  });
  it("routePaths flattens every path", () => {
    const paths = routePaths(filterRoutesByMenuApis(ROUTE_TABLE, ["/tbox/awaken"]));
    expect([...paths]).toEqual(["/tbox", "/tbox/awaken"]);
  });
});

describe("the side menu is sorted by order, hidden items left out (§2)", () => {
  const everything = [...routePaths(ROUTE_TABLE)];
  const menu = buildSideMenu(filterRoutesByMenuApis(ROUTE_TABLE, everything));
  it("top level follows order: notRoadMonitor 70 < dataService 80 < lease 95 < baseInfo 120 < tbox 180 < exportFile 300", () => {
    const paths = menu.map((m) => m.path);
    const idx = (p: string) => paths.indexOf(p);
    expect(idx("/dataHome")).toBe(0);
    for (const [a, b] of [
      ["/notRoadMonitor", "/dataService"],
      ["/dataService", "/lease"],
      ["/lease", "/baseInfo"],
      ["/baseInfo", "/tbox"],
    ]) {
      expect(idx(a as string)).toBeLessThan(idx(b as string));
    }
    expect(paths.at(-1)).toBe("/exportFile/index");
  });
  it("hidden groups and hidden children are not in the menu", () => {
    expect(menu.map((m) => m.path)).not.toContain("/personal");
    const ds = menu.find((m) => m.path === "/dataService");
    expect(ds?.children.map((c) => c.path)).not.toContain("/dataService/history/detail");
    expect(ds?.children).toHaveLength(11);
  });
  it("a group with only an index screen is one entry with the group's title", () => {
    expect(menu.find((m) => m.path === "/exportFile/index")).toEqual({
      path: "/exportFile/index",
      title: "导出文件列表",
      children: [],
    });
    expect(menu.find((m) => m.path === "/auth/index")?.title).toBe("实名认证");
  });
  it("children are sorted by their order", () => {
    const shuffled: RouteNode = {
      path: "/g",
      name: "G",
      title: "组",
      order: 1,
      hidden: false,
      children: [
        { path: "/g/b", name: "GB", title: "乙", order: 2, hidden: false, children: [] },
        { path: "/g/a", name: "GA", title: "甲", order: 1, hidden: false, children: [] },
      ],
    };
    expect(buildSideMenu([shuffled])[0]?.children.map((c) => c.title)).toEqual(["甲", "乙"]);
  });
  it("a group left with only hidden screens disappears", () => {
    const routes = filterRoutesByMenuApis(ROUTE_TABLE, ["/operate/details"]);
    expect(routes).toHaveLength(1);
    expect(buildSideMenu(routes)).toEqual([]);
  });
});

describe("button permissions (§6)", () => {
  it("an element needing the export permission shows only with it", () => {
    expect(hasButtonPermission([LOGIN_LOG_EXPORT_PERMISSION], LOGIN_LOG_EXPORT_PERMISSION)).toBe(true);
    expect(hasButtonPermission([], "/tbox/loginJournal/loginLog/export")).toBe(false);
  });
  it("any one of several required permissions is enough", () => {
    expect(checkButtonPermission(["/b"], ["/a", "/b"])).toEqual({ allowed: true });
  });
  it("an empty requirement is refused with a warning", () => {
    expect(checkButtonPermission(["/a"], [])).toEqual({ allowed: false, warning: MSG_EMPTY_PERMISSION });
    expect(checkButtonPermission(["/a"], "")).toEqual({ allowed: false, warning: MSG_EMPTY_PERMISSION });
  });
});
