import { filterRoutesByMenuApis, ROUTE_TABLE } from "@tsp/domain";
import { describe, expect, it } from "vitest";
import { BUILT_SCREEN_PATHS, GalleryScreen } from "../routes/screens";
import { outletFor } from "./ScreenOutlet";

const routes = filterRoutesByMenuApis(ROUTE_TABLE, [
  "/dataHome",
  "/tbox/loginJournal",
  "/tbox/awaken",
  "/exportFile/index",
]);

describe("what the content area shows", () => {
  it("a permitted screen, with its title", () => {
    expect(outletFor(routes, "/tbox/loginJournal", "vin=1")).toEqual({
      kind: "screen",
      path: "/tbox/loginJournal",
      title: "登录登出日志",
    });
  });
  it("redirects: / to home, a group to its first screen, keeping the query", () => {
    expect(outletFor(routes, "/", "")).toEqual({ kind: "redirect", to: "/dataHome" });
    expect(outletFor(routes, "/exportFile", "")).toEqual({ kind: "redirect", to: "/exportFile/index" });
    expect(outletFor(routes, "/tbox", "a=1")).toEqual({ kind: "redirect", to: "/tbox/awaken?a=1" });
  });
  it("unknown or unpermitted paths go to /404; the error pages show themselves", () => {
    expect(outletFor(routes, "/permit/role", "")).toEqual({ kind: "redirect", to: "/404" });
    expect(outletFor(routes, "/404", "")).toEqual({ kind: "notFound" });
    expect(outletFor(routes, "/401", "")).toEqual({ kind: "unauthorized" });
    expect(outletFor(routes, "/error", "")).toEqual({ kind: "error" });
  });
  it("the real screens are in the route table", () => {
    const all = filterRoutesByMenuApis(ROUTE_TABLE, BUILT_SCREEN_PATHS);
    for (const path of BUILT_SCREEN_PATHS) expect(outletFor(all, path, "")).toMatchObject({ kind: "screen", path });
  });
  it("the widget gallery opens only for accounts permitted menu management, never in the menu", () => {
    const admins = filterRoutesByMenuApis(ROUTE_TABLE, ["/dataHome", "/permit/menu"]);
    expect(outletFor(routes, "/gallery", "")).toEqual({ kind: "redirect", to: "/404" });
    expect(outletFor(admins, "/gallery", "")).toEqual(
      GalleryScreen ? { kind: "screen", path: "/gallery", title: "组件示例" } : { kind: "redirect", to: "/404" },
    );
  });
});
