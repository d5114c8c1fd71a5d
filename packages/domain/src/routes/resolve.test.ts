import { describe, expect, it } from "vitest";
import { filterRoutesByMenuApis } from "./menuApis";
import { findRoute, landingPath, pathOf, resolveAddress, rootTarget } from "./resolve";
import { ROUTE_TABLE } from "./routeTable";
import type { RouteNode } from "./routeTypes";

const permitted = filterRoutesByMenuApis(ROUTE_TABLE, [
  "/dataHome",
  "/tbox/loginJournal",
  "/operate/overview",
  "/operate/details",
]);
const noHome = filterRoutesByMenuApis(ROUTE_TABLE, ["/operate/overview", "/tbox/loginJournal"]);
const neither = filterRoutesByMenuApis(ROUTE_TABLE, ["/tbox/loginJournal"]);

describe("addresses after routes have loaded (§2)", () => {
  it("strips query and hash to find the path", () => {
    expect(pathOf("/operate/details?vin=X&name=carCondition-common")).toBe("/operate/details");
    expect(pathOf("/a#b")).toBe("/a");
    expect(pathOf("/a")).toBe("/a");
  });
  it("finds constant and permitted routes, nothing else", () => {
    expect(findRoute(permitted, "/404")?.name).toBe("Page404");
    expect(findRoute(permitted, "/tbox/loginJournal")?.title).toBe("登录登出日志");
    expect(findRoute(permitted, "/tbox/awaken")).toBeUndefined();
  });
  it("a known path stays, with its query", () => {
    expect(resolveAddress(permitted, "/operate/details?vin=X")).toBe("/operate/details?vin=X");
  });
  it("an unknown or unpermitted path goes to /404", () => {
    expect(resolveAddress(permitted, "/nowhere")).toBe("/404");
    expect(resolveAddress(permitted, "/tbox/awaken")).toBe("/404");
  });
  it("/ leads home, a group leads to its (permitted) first screen", () => {
    expect(resolveAddress(permitted, "/")).toBe("/dataHome");
    expect(resolveAddress(permitted, "/tbox")).toBe("/tbox/loginJournal");
  });
  it("/ follows the landing order when home is not permitted, and is /404 with no screen at all", () => {
    expect(resolveAddress(noHome, "/")).toBe("/operate/overview");
    expect(resolveAddress(neither, "/")).toBe("/tbox/loginJournal");
    expect(rootTarget(filterRoutesByMenuApis(ROUTE_TABLE, ["/dataHome"]))).toBe("/dataHome");
    const homeless = filterRoutesByMenuApis(ROUTE_TABLE, ["/exportFile/index"]);
    expect(rootTarget(homeless)).toBe("/exportFile/index");
    const onlyLeaf: RouteNode[] = [{ path: "/solo", name: "Solo", title: "独", order: 1, hidden: false, children: [] }];
    expect(resolveAddress(onlyLeaf, "/")).toBe("/solo");
    expect(resolveAddress([], "/")).toBe("/404");
  });
  it("a redirect cycle in data ends at /404 instead of looping", () => {
    const loop: RouteNode[] = [
      { path: "/x", name: "X", title: "甲", order: 1, hidden: false, redirect: "/y", children: [] },
      { path: "/y", name: "Y", title: "乙", order: 2, hidden: false, redirect: "/x", children: [] },
    ];
    expect(resolveAddress(loop, "/x")).toBe("/404");
  });
});

describe("landing after sign-in: home if permitted, else operate-overview, else the requested path (§2)", () => {
  it("home when permitted", () => {
    expect(landingPath(permitted, "/tbox/loginJournal")).toBe("/dataHome");
  });
  it("operate-overview when home is not permitted", () => {
    expect(landingPath(noHome, "/tbox/loginJournal")).toBe("/operate/overview");
  });
  it("the requested path when neither is", () => {
    expect(landingPath(neither, "/tbox/loginJournal?vin=1")).toBe("/tbox/loginJournal?vin=1");
    expect(landingPath(neither, "/tbox/awaken")).toBe("/404");
  });
});
