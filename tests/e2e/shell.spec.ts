import { expect, test } from "@playwright/test";
import { signIn } from "./console-signin";

test("the served console shows the shell with the platform name", async ({ page }) => {
  // Every path but /login and /bigScreen needs a session (platform-shell.md §2): sign in first.
  await signIn(page, "admin");
  await expect(page).toHaveTitle("车联网运营管理系统");
  await expect(page.getByRole("complementary", { name: "侧边菜单" })).toContainText("车联网运营管理系统");
  await page.screenshot({ path: "test-results/screenshots/shell.png", fullPage: true });
});

test("the server answers its health check and the console config", async ({ request }) => {
  const health = await request.get("/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ code: 200, data: { status: "up", dbOk: true } });
  const config = await request.get("/config.json");
  expect(await config.json()).toHaveProperty("clientId");
});
