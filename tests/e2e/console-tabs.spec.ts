import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./console-signin";

/** Opens a screen from the side menu, opening its group first when it has one. */
async function openFromMenu(page: Page, group: string | null, screen: string) {
  const menu = page.getByRole("navigation", { name: "侧边菜单" });
  if (group) {
    const button = menu.getByRole("button", { name: new RegExp(group) });
    if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
  }
  await menu.getByRole("link", { name: screen, exact: true }).click();
}

const tabNames = (page: Page) => page.getByRole("tablist", { name: "已打开的页面" }).getByRole("tab").allInnerTexts();
const selectedTab = (page: Page) => page.getByRole("tab", { selected: true });

test("tabs: open, reuse, close active and earlier ones, close others, survive a reload", async ({ page }) => {
  await signIn(page);
  await expect(selectedTab(page)).toHaveText("首页"); // the home tab is preset

  await openFromMenu(page, "TBOX可视化联调", "登录登出日志");
  await openFromMenu(page, null, "导出文件列表");
  await openFromMenu(page, "系统管理", "角色管理");
  expect((await tabNames(page)).map((s) => s.replace("×", "").trim())).toEqual([
    "首页",
    "登录登出日志",
    "导出文件列表",
    "角色管理",
  ]);
  await expect(selectedTab(page)).toContainText("角色管理");

  // Reopening a screen reuses its tab and makes it active.
  await openFromMenu(page, "TBOX可视化联调", "登录登出日志");
  await expect(page.getByRole("tab")).toHaveCount(4);
  await expect(selectedTab(page)).toContainText("登录登出日志");

  // Closing the active tab activates the previous one and shows its screen.
  await openFromMenu(page, null, "导出文件列表");
  await page.getByTitle("关闭 导出文件列表").click();
  await expect(page.getByRole("tab")).toHaveCount(3);
  await expect(selectedTab(page)).toContainText("登录登出日志");
  await expect(page).toHaveURL(/#\/tbox\/loginJournal$/);
  await expect(page.getByRole("heading", { name: "车辆登录日志列表" })).toBeVisible();

  // Closing an earlier tab shifts the active index down; the same screen stays active.
  await openFromMenu(page, "系统管理", "角色管理");
  await page.getByTitle("关闭 登录登出日志").click();
  await expect(page.getByRole("tab")).toHaveCount(2);
  await expect(selectedTab(page)).toContainText("角色管理");
  await expect(page).toHaveURL(/#\/permit\/role$/);

  // Close others from the context menu, reached by keyboard.
  await openFromMenu(page, null, "导出文件列表");
  await openFromMenu(page, "TBOX可视化联调", "登录登出日志");
  await page.getByRole("tab", { name: /导出文件列表/ }).focus();
  await page.keyboard.press("Shift+F10");
  await expect(page.getByRole("menu", { name: "标签操作" })).toBeVisible();
  await page.getByRole("menuitem", { name: "关闭其他" }).click();
  expect((await tabNames(page)).map((s) => s.replace("×", "").trim())).toEqual(["首页", "导出文件列表"]);
  await expect(page).toHaveURL(/#\/exportFile\/index$/);

  // The list survives a reload.
  await page.reload();
  await expect(page.getByRole("heading", { name: "导出文件列表" })).toBeVisible();
  expect((await tabNames(page)).map((s) => s.replace("×", "").trim())).toEqual(["首页", "导出文件列表"]);
  await expect(selectedTab(page)).toContainText("导出文件列表");

  // Close all (right click) leaves home.
  await page.getByRole("tab", { name: /导出文件列表/ }).click({ button: "right" });
  await page.getByRole("menuitem", { name: "关闭全部" }).click();
  await expect(page.getByRole("tab")).toHaveCount(1);
  await expect(page).toHaveURL(/#\/dataHome$/);

  // On 404 no tab is active.
  await page.goto("/#/nowhere");
  await expect(page.getByText("抱歉，您访问的页面不存在。")).toBeVisible();
  await expect(selectedTab(page)).toHaveCount(0);
});
