import { expect, test } from "@playwright/test";
import { queryJournal, signIn } from "./console-signin";

test("no menu shows before the permission call returns", async ({ page }) => {
  const gate: { open?: () => void } = {};
  const held = new Promise<void>((resolve) => {
    gate.open = resolve;
  });
  await page.route("**/comm-inc-center/v1/web/home/user/permissions", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/");
  await page.getByLabel("用户名").fill("admin");
  await page.getByLabel("密码").fill("Admin@123456");
  await page.getByRole("button", { name: "登录" }).click();
  await expect(page.getByText(/正在登录/)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "侧边菜单" })).toHaveCount(0);
  gate.open?.();
  await expect(page.getByRole("navigation", { name: "侧边菜单" })).toBeVisible();
});

test("a slow call shows the loading overlay; leaving the screen cancels it without an error", async ({ page }) => {
  await signIn(page, "admin", "/tbox/loginJournal");
  await page.goto("/#/tbox/loginJournal");
  await page.route("**/tsp-hbase-proxy/vehicleLog/getLoginLog?**", async (route) => {
    await new Promise((r) => setTimeout(r, 8000));
    await route.continue().catch(() => {}); // the page aborted it meanwhile
  });
  await queryJournal(page, "LSVAU2180N2183294", 7);
  const overlay = page.getByRole("status").filter({ hasText: "加载中" });
  await expect(overlay.first()).toBeVisible();

  // Navigating away cancels the pending call (spec §7 cancelAll on navigation): nothing is
  // pending any more, so the overlay is gone long before the held answer could arrive…
  await page.getByRole("navigation", { name: "侧边菜单" }).getByRole("link", { name: "首页" }).click();
  await expect(page.getByRole("heading", { name: /欢迎/ })).toBeVisible();
  await expect(overlay).toHaveCount(0, { timeout: 2000 });
  // …and a cancelled call is not an error a person hears about.
  await page.waitForTimeout(500);
  await expect(page.getByRole("alert")).toHaveCount(0);
});
