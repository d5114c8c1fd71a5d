import { describe, expect, it } from "vitest";
import { routeName } from "./routeBuilders";
import { CONSTANT_ROUTES, HOME_PATH, ROUTE_TABLE } from "./routeTable";
import type { RouteNode } from "./routeTypes";

const all = (nodes: readonly RouteNode[]): RouteNode[] => nodes.flatMap((n) => [n, ...all(n.children)]);
const group = (path: string) => {
  const g = ROUTE_TABLE.find((r) => r.path === path);
  if (g === undefined) throw new Error(`no group ${path}`);
  return g;
};
const childSegments = (path: string) => group(path).children.map((c) => c.path.slice(path.length + 1));

describe("the route table of both spec documents", () => {
  it("home is /dataHome, name DataHome, title 首页", () => {
    expect(group(HOME_PATH)).toMatchObject({ name: "DataHome", title: "首页", hidden: false });
  });
  it.each([
    ["/notRoadMonitor", 70],
    ["/dataService", 80],
    ["/lease", 95],
    ["/baseInfo", 120],
    ["/tbox", 180],
    ["/exportFile", 300],
  ])("%s has the spec's order %i", (path, order) => {
    expect(group(path).order).toBe(order);
  });
  it.each([
    ["/exportFile", "/exportFile/index"],
    ["/tbox", "/tbox/awaken"],
    ["/auth", "/auth/index"],
    ["/deviceManage", "/deviceManage/tboxChange"],
    ["/notRoadFour", "/notRoadFour/chipModel"],
    ["/baseInfo", "/baseInfo/appUser"],
    ["/notRoadMonitor", "/notRoadMonitor/screen"],
  ])("%s redirects to %s, one of its own screens", (path, target) => {
    expect(group(path).redirect).toBe(target);
    expect(group(path).children.map((c) => c.path)).toContain(target);
  });
  it("the TBOX group holds all 22 screens in the spec's order, loginJournal titled 登录登出日志", () => {
    expect(childSegments("/tbox")).toEqual([
      "visualization/media",
      "search",
      "setting",
      "warnsearch",
      "warnupload",
      "awaken",
      "registersState",
      "remoteControl",
      "locationMessage",
      "locationResendMessage",
      "warnMessage",
      "ecAllMessage",
      "terminalSet",
      "energyCar",
      "fuelCar",
      "loginJournal",
      "travalData",
      "gearsSpeed",
      "errorReport",
      "remoteJoint",
      "audioVideo",
      "reliabilityTestRecord",
    ]);
    expect(group("/tbox").children.find((c) => c.path === "/tbox/loginJournal")).toMatchObject({
      title: "登录登出日志",
      name: "TboxLoginJournal",
      order: 16,
    });
  });
  it("data service lists its screens and two hidden detail pages", () => {
    expect(childSegments("/dataService")).toEqual([
      "base",
      "terminal",
      "can",
      "infoSystem",
      "content",
      "history",
      "newMessageCheck",
      "faultCodeManagement",
      "info",
      "location",
      "udsV2",
      "newMessageCheck/newMessageCheckDetail",
      "history/detail",
    ]);
    expect(
      group("/dataService")
        .children.filter((c) => c.hidden)
        .map((c) => c.title),
    ).toEqual(["故障详情", "查看详情"]);
  });
  it("business-area groups list every child the spec names", () => {
    expect(childSegments("/permit")).toEqual(["tenant", "belowTenant", "account", "role", "organize", "log", "menu"]);
    expect(childSegments("/lease")).toEqual([
      "leaseVehicle",
      "vehicleBuy",
      "vehicleOperation",
      "vehicleRental",
      "leaseHistory",
    ]);
    expect(childSegments("/baseInfo")).toHaveLength(18);
    expect(childSegments("/notRoadFour")).toHaveLength(8);
    expect(childSegments("/deviceManage")).toContain("tamperAlarm/alarmNotify");
    expect(childSegments("/operate")).toEqual(
      expect.arrayContaining(["query", "details", "screen", "test", "overview"]),
    );
    expect(childSegments("/notRoadMonitor")).toEqual(["screen", "latest", "history", "report", "online"]);
  });
  it("hidden entries are the ones the spec marks hidden", () => {
    const hidden = all(ROUTE_TABLE)
      .filter((r) => r.hidden)
      .map((r) => r.path);
    expect(hidden.toSorted()).toEqual(
      [
        "/dataService/history/detail",
        "/dataService/newMessageCheck/newMessageCheckDetail",
        "/deviceManage/tamperAlarm/alarmNotify",
        "/notRoadMonitor/report",
        "/operate/details",
        "/personal",
      ].toSorted(),
    );
  });
  it("titles are Chinese menu titles: 基础信息管理, 导出文件列表", () => {
    expect(group("/baseInfo").title).toBe("基础信息管理");
    expect(group("/exportFile").children[0]?.title).toBe("导出文件列表");
    for (const r of all(ROUTE_TABLE)) expect(r.title).toMatch(/[\u4e00-\u9fa5]/);
  });
  it("paths and names are unique across the constant and permitted routes", () => {
    const routes = all([...CONSTANT_ROUTES, ...ROUTE_TABLE]);
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
    expect(new Set(routes.map((r) => r.name)).size).toBe(routes.length);
  });
  it("designed groups say why", () => {
    for (const path of ["/finance", "/enclosure", "/ota"]) expect(group(path).designed).toMatch(/not show/);
  });
  it("the constant routes: / redirects home, error pages are hidden", () => {
    expect(CONSTANT_ROUTES.find((r) => r.path === "/")).toMatchObject({
      redirect: "/dataHome",
      title: "运营管理系统",
      name: "Root",
    });
    expect(CONSTANT_ROUTES.map((r) => r.path)).toEqual(["/login", "/bigScreen", "/", "/error", "/404", "/401"]);
    expect(CONSTANT_ROUTES.every((r) => r.hidden)).toBe(true);
  });
  it("names are PascalCase of the path", () => {
    expect(routeName("/tbox/visualization/media")).toBe("TboxVisualizationMedia");
    expect(routeName("/404")).toBe("Page404");
    expect(routeName("/")).toBe("Root");
  });
});
