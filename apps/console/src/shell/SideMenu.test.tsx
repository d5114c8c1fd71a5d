import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { buildSideMenu, filterRoutesByMenuApis, ROUTE_TABLE } from "@tsp/domain";
import { describe, expect, it } from "vitest";
import { SideMenu } from "./SideMenu";

const menu = buildSideMenu(
  filterRoutesByMenuApis(ROUTE_TABLE, ["/dataHome", "/tbox/loginJournal", "/tbox/awaken", "/exportFile/index"]),
);

describe("side menu", () => {
  it("lists permitted groups in order, opens the group of the current screen, marks the page", () => {
    render(<SideMenu entries={menu} activePath="/tbox/loginJournal" />);
    const nav = screen.getByRole("navigation", { name: "侧边菜单" });
    const top = [...nav.querySelectorAll(":scope > ul > li > a, :scope > ul > li > button")].map((e) => e.textContent);
    expect(top).toEqual(["首页", "TBOX可视化联调›", "导出文件列表"]);
    expect(screen.getByRole("link", { name: "登录登出日志" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "登录登出日志" }).getAttribute("href")).toBe("#/tbox/loginJournal");
  });
  it("groups open and close; the whole menu collapses", async () => {
    const user = userEvent.setup();
    render(<SideMenu entries={menu} activePath="/dataHome" />);
    const group = screen.getByRole("button", { name: /TBOX可视化联调/ });
    expect(group.getAttribute("aria-expanded")).toBe("false");
    await user.click(group);
    expect(screen.getByRole("link", { name: "TBOX唤醒" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "收起菜单" }));
    expect(screen.queryByRole("link", { name: "首页" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "展开菜单" }));
    expect(screen.getByRole("link", { name: "首页" })).toBeTruthy();
  });
});
