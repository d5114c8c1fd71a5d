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
export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem("wit-dashboard-token"));
  if (!token) throw new Error("no token stored");
  return token;
}

/**
 * A VIN of the signed-in account's tenant with a month of journal rows: from the VIN picker's
 * list (tsp-bss findVinListByDim), as an operator would pick one, the first whose login
 * journal holds at least `minRows` rows over the last 30 days.
 */
export async function seededVin(page: Page, minRows = 30): Promise<string> {
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const now = Date.now();
  // The tenant also has filed vehicles that never reported (the master-data fleet): walk the
  // picker's pages (100 a page) until a vehicle with a month of frames turns up.
  for (let pageNum = 1; pageNum <= 10; pageNum++) {
    const answer = await page.request.get(`/tsp-bss/v1/vehicle/findVinListByDim?pageNum=${pageNum}&pageSize=100`, {
      headers,
    });
    expect(answer.status(), "the VIN picker call answers").toBe(200);
    const body = (await answer.json()) as { data: { list: { vin: string }[]; total: number } };
    for (const { vin } of body.data.list) {
      const query = `vin=${vin}&startTime=${now - 30 * 86_400_000}&endTime=${now}&pageSize=100`;
      const page1 = await page.request.get(`/tsp-hbase-proxy/vehicleLog/getLoginLog?${query}`, { headers });
      const rows = ((await page1.json()) as { data?: { list?: unknown[] } }).data?.list?.length ?? 0;
      if (rows >= minRows) return vin;
    }
    if (pageNum * 100 >= body.data.total) break;
  }
  throw new Error("no VIN in reach of the account has a month of journal rows");
}

/** A time range ending now and starting `days` earlier, as datetime-local values in the page's zone. */
export async function lastDays(page: Page, days: number): Promise<{ start: string; end: string }> {
  return page.evaluate((d) => {
    // The page's own zone decides what a datetime-local value means.
    const end = Date.now();
    const offset = new Date(end).getTimezoneOffset() * 60_000;
    return {
      start: new Date(end - d * 86_400_000 - offset).toISOString().slice(0, 19),
      end: new Date(end - offset).toISOString().slice(0, 19),
    };
  }, days);
}

/** Fills the journal search (VIN, the last `days` days) and presses 查询. */
export async function queryJournal(page: Page, vin: string, days = 30): Promise<void> {
  const range = await lastDays(page, days);
  await page.getByLabel("VIN").fill(vin);
  await page.getByLabel("开始时间").fill(range.start);
  await page.getByLabel("结束时间").fill(range.end);
  await page.getByRole("button", { name: "查询", exact: true }).click();
}
