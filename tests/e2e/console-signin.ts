import { expect, type Page } from "@playwright/test";

/** Demo accounts of the seed (README "Demo sign-in"). */
export const ACCOUNTS = {
  admin: { username: "admin", password: "Admin@123456" },
  operator: { username: "operator", password: "Operator@123456" },
} as const;

/**
 * Opens `hash` (e.g. "/tbox/loginJournal") as a new visitor: the console sends the browser to
 * the authorize page, the account signs in there, and the console comes back with a code.
 * Resolves once the shell (side menu) is on screen.
 */
export async function signIn(page: Page, who: keyof typeof ACCOUNTS = "admin", hash = "/"): Promise<void> {
  await page.goto(`/#${hash}`);
  await expect(page).toHaveURL(/\/b-iam-account\/oauth\/authorize\?/);
  await page.getByLabel("用户名").fill(ACCOUNTS[who].username);
  await page.getByLabel("密码").fill(ACCOUNTS[who].password);
  await page.getByRole("button", { name: "登录" }).click();
  await expect(page.getByRole("navigation", { name: "侧边菜单" })).toBeVisible();
}

/** The stored bearer token of the page (spec §9 key `wit-dashboard-token`). */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem("wit-dashboard-token"));
}
