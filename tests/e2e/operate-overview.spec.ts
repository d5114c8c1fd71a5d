import { expect, type Page, test } from "@playwright/test";
import { audit } from "./axe";
import { signIn, storedToken } from "./console-signin";

const table = (page: Page) => page.getByRole("table", { name: "高级筛选" });
const rows = (page: Page) => table(page).locator("tbody tr");
const loaded = (page: Page) => expect(table(page).locator("xpath=ancestor::div[1]").getByRole("status")).toHaveCount(0);

interface FleetRow {
  vin: string;
  soc: number | null;
  followed: boolean;
}

/** The filter call itself, for the figures the screen must agree with. */
async function fleet(page: Page, query: string): Promise<{ list: FleetRow[]; total: number }> {
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const res = await page.request.get(`/tsp-bss/operate/screen/list?pageSize=100&${query}`, { headers });
  return ((await res.json()) as { data: { list: FleetRow[]; total: number } }).data;
}

test("运营总览 shows the fleet; 高级筛选 by SOC and offline time, saved, put in a group; a followed vehicle comes first", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, "admin", "/operate/overview");
  await page.goto("/#/operate/overview");
  await expect(page.getByRole("heading", { name: "运营总览" })).toBeVisible();
  const total = await page.locator('[data-stat="vehicles"]').locator("p").nth(1).textContent();
  expect(Number((total ?? "0").replace(/,/g, ""))).toBeGreaterThan(0);
  await expect(page.getByRole("region", { name: "按品牌" })).toBeVisible();
  await expect(page.getByRole("region", { name: "按地区（最后位置）" })).toBeVisible();
  await expect(page.getByRole("region", { name: /近7天油量报警/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "按品牌" }).locator("svg").first()).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/operate-overview.png", fullPage: true });
  await audit(page, "运营总览");

  // The seed's fleet reported days ago: pick a SOC bound that vehicles offline over 24 h fall under.
  const offline = await fleet(page, "offlineHours=24");
  const socs = offline.list.map((r) => r.soc).filter((s): s is number => s !== null);
  expect(socs.length, "the seed has long-offline vehicles with a SOC").toBeGreaterThan(0);
  const bound = Math.min(100, Math.ceil(Math.min(...socs)) + 10);
  const expected = await fleet(page, `offlineHours=24&socMax=${bound}`);
  expect(expected.total).toBeGreaterThan(0);

  await page.getByRole("main").getByRole("link", { name: "高级筛选" }).click();
  await expect(page.getByRole("heading", { name: "高级筛选" })).toBeVisible();
  await page.getByRole("button", { name: "展开 ▾" }).click();
  await page.getByLabel("SOC（%）最大值").fill(String(bound));
  await page.getByLabel("离线超过").selectOption({ label: "24 小时" });
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page);
  await expect(rows(page)).toHaveCount(Math.min(expected.total, 10));
  await expect(page.getByText(`共 ${expected.total} 条`)).toBeVisible();
  expect(page.url()).toContain("offlineHours=24");

  // Save the filter under a name; it is listed and applies again.
  await page.getByRole("button", { name: "保存条件" }).click();
  const save = page.getByRole("dialog", { name: "保存当前筛选条件" });
  await save.getByLabel("名称").fill("低电量且离线超24小时");
  await save.getByRole("button", { name: "确定" }).click();
  await expect(save).toHaveCount(0);
  await expect(page.getByLabel("选择已保存的筛选条件")).toHaveValue(/\d+/);
  await expect(
    page.getByLabel("选择已保存的筛选条件").locator("option", { hasText: "低电量且离线超24小时" }),
  ).toHaveCount(1);

  // Put the result in a group (the seed's group of the demo tenant).
  await page.getByRole("button", { name: "放入分组" }).click();
  const group = page.getByRole("dialog", { name: "把筛选结果放入车辆分组" });
  await audit(page, "放入分组");
  await group.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText(new RegExp(`共 ${expected.total} 辆：新增 \\d+ 辆`))).toBeVisible();

  // Follow the last vehicle of the page: it comes first, marked, and is in 我的关注.
  const last = rows(page).last();
  const vin = ((await last.locator("td").first().textContent()) ?? "").match(/[A-HJ-NPR-Z0-9]{17}/)?.[0] ?? "";
  expect(vin).not.toBe("");
  const followed = page.waitForResponse((r) => r.url().includes("/personal/follow/add"));
  await last.getByRole("button", { name: `关注 ${vin}` }).click();
  const answer = await followed;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(rows(page).first()).toContainText(vin);
  await expect(
    rows(page)
      .first()
      .getByRole("button", { name: `取消关注 ${vin}` }),
  ).toBeVisible();
  await audit(page, "高级筛选");
  await page.goto("/#/personal/follow");
  await expect(page.getByRole("table", { name: "我的关注" }).locator("tbody tr").filter({ hasText: vin })).toHaveCount(
    1,
  );

  // 详情 opens 车辆详情 with the vehicle's sheet.
  await page.getByRole("button", { name: `详情 ${vin}` }).click();
  await expect(page.getByRole("heading", { name: /车辆详情/ })).toContainText(vin);
  await expect(page.getByRole("button", { name: `取消关注 ${vin}` })).toBeVisible();
});
