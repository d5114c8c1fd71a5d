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

test("the console is sent with a Content-Security-Policy that allows no inline script, and still works under it", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await signIn(page, "admin");
  const response = await page.request.get("/");
  const csp = response.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
  await expect(page.getByRole("complementary", { name: "侧边菜单" })).toBeVisible();
  // An injected inline script must not run under the policy.
  const ran = await page.evaluate(() => {
    const s = document.createElement("script");
    s.textContent = "window.inlineScriptRan = true";
    document.body.append(s);
    return (window as unknown as { inlineScriptRan?: boolean }).inlineScriptRan === true;
  });
  expect(ran).toBe(false);
  expect(violations.filter((v) => !v.includes("inline"))).toEqual([]);
});
