import { render, screen } from "@testing-library/react";
import { filterRoutesByMenuApis, ROUTE_TABLE, type RouteNode } from "@tsp/domain";
import { describe, expect, it } from "vitest";
import { SCREENS } from "../routes/screens";
import { ScreenOutlet } from "./ScreenOutlet";

/** Every screen route of the table (groups redirect to a child; they are no screen). */
const screensOf = (nodes: readonly RouteNode[]): RouteNode[] =>
  nodes.flatMap((n) => [...(n.children.length === 0 ? [n] : []), ...screensOf(n.children)]);

describe("a route of the table with no screen", () => {
  it("shows the honest 暂未开放 page with its title, inside the outlet", () => {
    // Every route of the spec is built now, so the placeholder is shown for a route added to the
    // table without a screen (what a new route would get until its screen lands).
    const unbuilt: RouteNode = {
      path: "/operate/notBuiltYet",
      name: "OperateNotBuiltYet",
      title: "尚未建设的页面",
      order: 99,
      hidden: false,
      children: [],
    };
    const routes = [
      ...filterRoutesByMenuApis(ROUTE_TABLE, ["/dataHome"]),
      { ...unbuilt, path: "/operate", name: "Operate", title: "车辆运营管理", children: [unbuilt] },
    ];
    expect(SCREENS[unbuilt.path]).toBeUndefined();
    render(<ScreenOutlet routes={routes} path={unbuilt.path} search="" onSignIn={() => {}} />);
    expect(screen.getByRole("heading", { name: "尚未建设的页面" })).toBeTruthy();
    expect(screen.getByText("暂未开放")).toBeTruthy();
    expect(screen.getByText("「尚未建设的页面」页面正在建设中，暂未开放。")).toBeTruthy();
  });

  it("is none of the spec's: every screen route of the table has its screen", () => {
    expect(
      screensOf(ROUTE_TABLE)
        .filter((r) => !SCREENS[r.path])
        .map((r) => r.path),
    ).toEqual([]);
  });
});
