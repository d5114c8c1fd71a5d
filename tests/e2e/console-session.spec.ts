import { expect, test } from "@playwright/test";
import { buildSideMenu, filterRoutesByMenuApis, ROUTE_TABLE } from "@tsp/domain";
import { signIn, storedToken } from "./console-signin";

test.describe("session, menu and error pages (issue 6)", () => {
  test("a new user is sent to the authorize page, signs in as the administrator and lands on home with the menu in spec order", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/b-iam-account\/oauth\/authorize\?.*response_type=code.*client_id=tsp-console/);
    await expect(page.getByRole("button", { name: "登录" })).toBeVisible();
    await page.screenshot({ path: "test-results/screenshots/sign-in.png" });

    await page.getByLabel("用户名").fill("admin");
    await page.getByLabel("密码").fill("Admin@123456");
    await page.getByRole("button", { name: "登录" }).click();
    await expect(page).toHaveURL(/#\/dataHome$/);
    await expect(page).toHaveTitle("车联网运营管理系统");
    // The code was exchanged and is gone from the address.
    expect(page.url()).not.toContain("code=");

    // The administrator holds every menu: the side menu is the whole table, sorted, no hidden items.
    const menu = page.getByRole("navigation", { name: "侧边菜单" });
    const expected = buildSideMenu(filterRoutesByMenuApis(ROUTE_TABLE, allPaths())).map((m) => m.title);
    const shown = await menu.locator(":scope > ul > li > :is(a, button)").allInnerTexts();
    expect(shown.map((s) => s.replace("›", "").trim())).toEqual(expected);
    await expect(menu.getByText("个人中心")).toHaveCount(0); // /personal is hidden
    await expect(page.getByRole("heading", { name: /欢迎/ })).toBeVisible();
    await expect(page.getByText("车辆总数")).toBeVisible();
    await expect(page.getByRole("img", { name: "近7天登录/登出报文" })).toBeVisible();
    await page.screenshot({ path: "test-results/screenshots/home.png" });
  });

  test("an unknown path shows the 404 page; a reload on a deep link stays there", async ({ page }) => {
    await signIn(page, "admin", "/tbox/loginJournal");
    await page.goto("/#/no/such/screen");
    await expect(page).toHaveURL(/#\/404$/);
    await expect(page.getByText("抱歉，您访问的页面不存在。")).toBeVisible();
    await page.goto("/#/exportFile/index");
    await page.reload();
    await expect(page).toHaveURL(/#\/exportFile\/index$/);
    await expect(page.getByRole("heading", { name: "导出文件列表" })).toBeVisible();
  });

  test("removing the token and acting sends the browser to the authorize page", async ({ page }) => {
    await signIn(page);
    // The home screen's own calls must be answered first: one still to go out after the token
    // is gone would send the browser away before the click (seen on a slow CI machine).
    await expect(page.getByRole("img", { name: "近7天登录/登出报文" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => localStorage.removeItem("wit-dashboard-token"));
    await page.getByRole("navigation", { name: "侧边菜单" }).getByRole("link", { name: "导出文件列表" }).click();
    await expect(page).toHaveURL(/\/b-iam-account\/oauth\/authorize\?/);
  });

  test("sign out ends the session: the old token is refused", async ({ page }) => {
    await signIn(page);
    const token = await storedToken(page);
    const before = await page.request.get("/comm-inc-center/v1/web/home/user/myInfo", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(before.status()).toBe(200);
    await page.getByRole("button", { name: "退出登录" }).click();
    await expect(page).toHaveURL(/\/b-iam-account\/oauth\/authorize\?/);
    const after = await page.request.get("/comm-inc-center/v1/web/home/user/myInfo", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(after.status()).toBe(401);
  });

  test("/login and /bigScreen need no session; the big screen is laid out at 3840 and scaled", async ({ page }) => {
    await page.goto("/#/bigScreen");
    await expect(page.getByRole("heading", { name: "车联网运营监控大屏" })).toBeVisible();
    const canvas = page.getByTestId("big-screen-canvas");
    await expect(canvas).toHaveCSS("width", "3840px");
    const box = await canvas.boundingBox();
    const viewport = page.viewportSize();
    expect(box?.width).toBeCloseTo(viewport?.width ?? 0, 0);
    await page.goto("/#/login");
    await expect(page.getByRole("button", { name: "前往登录" })).toBeVisible();
    await expect(page).toHaveURL(/#\/login$/);
  });
});

/** Every route path of the table (what the administrator's menuApis hold). */
function allPaths(): string[] {
  const out: string[] = [];
  const walk = (nodes: typeof ROUTE_TABLE) => {
    for (const n of nodes) {
      out.push(n.path);
      walk(n.children);
    }
  };
  walk(ROUTE_TABLE);
  return out;
}
