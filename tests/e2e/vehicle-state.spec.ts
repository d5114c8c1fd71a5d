import { expect, type Page, test } from "@playwright/test";
import { audit } from "./axe";
import { signIn, storedToken } from "./console-signin";

const table = (page: Page) => page.getByRole("table", { name: "车辆实时状态" });
const rows = (page: Page) => table(page).locator("tbody tr");

/** The SOC cell texts of the rows on screen (the column headed SOC). */
async function socTexts(page: Page): Promise<string[]> {
  const headers = await table(page).locator("thead th").allTextContents();
  const col = headers.findIndex((h) => h.trim() === "SOC");
  return rows(page)
    .locator(`td:nth-child(${col + 1})`)
    .allTextContents();
}

test("车辆实时状态 and 单车查询: the seeded fleet, SOC < 20 %, a live detail, a vehicle's groups, map, alarms and journals", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, "admin", "/newCarMonitor/latest");
  await page.goto("/#/newCarMonitor/latest");
  await expect(page.getByRole("heading", { name: "车辆实时状态" })).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  // The seeded vehicles' newest units: SOC with its unit on the first rows (newest report first).
  await expect(rows(page).first()).toContainText(" %");
  await audit(page, "real-time list");
  await page.screenshot({ path: "test-results/screenshots/vehicle-state-list.png" });

  // SOC below 20 %: the upper bound is exclusive; every row shown has a valid SOC under 20.
  await page.getByLabel("SOC(%)最大值").fill("20");
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(page).toHaveURL(/socMax=20/);
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const answer = await page.request.get("/tsp-shadow/vehicleStatus/latest/list?socMax=20&pageNum=1&pageSize=10", {
    headers,
  });
  const low = ((await answer.json()) as { data: { list: { vin: string }[]; total: number } }).data;
  expect(low.total, "the seed has vehicles below 20 % SOC").toBeGreaterThan(0);
  await expect(rows(page)).toHaveCount(Math.min(10, low.total));
  for (const text of await socTexts(page)) expect(Number.parseFloat(text)).toBeLessThan(20);
  const vin = low.list[0]?.vin ?? "";

  // 详情 by keyboard: the live state of the VIN, values with units, the battery and motors.
  const row = rows(page).filter({ hasText: vin });
  await row.getByRole("button", { name: "详情" }).focus();
  await page.keyboard.press("Enter");
  const detail = page.getByRole("dialog", { name: `实时状态 ${vin}` });
  await expect(detail).toContainText("每5秒自动刷新");
  await expect(detail).toContainText("总电压");
  await expect(detail).toContainText(" V");
  await expect(detail.getByRole("region", { name: "动力电池" })).toBeVisible();
  // It reads again while open (a second answer of the detail call).
  await page.waitForResponse((r) => r.url().includes("/tsp-shadow/vehicleStatus/latest/detail"), { timeout: 12_000 });
  await audit(page, "real-time detail");
  await page.screenshot({ path: "test-results/screenshots/vehicle-state-detail.png" });

  // 地址详情 of its position (the offline province geocoder).
  await detail.getByRole("button", { name: "地址详情" }).click();
  const address = page.getByRole("dialog", { name: "地址详情" });
  await expect(address).toContainText("经纬度");
  await page.keyboard.press("Escape");
  await expect(address).toHaveCount(0);

  // To 单车查询 from the detail.
  await detail.getByRole("link", { name: "单车查询" }).click();
  await expect(page).toHaveURL(new RegExp(`/operate/query\\?vin=${vin}`));
  await expect(page.getByRole("heading", { name: "单车查询" })).toBeVisible();
  const vehicle = page.getByRole("region", { name: "车辆基本信息" });
  await expect(vehicle).toContainText(vin);
  await expect(vehicle).toContainText("品牌");
  await expect(page.getByRole("region", { name: "TBOX / SIM卡" })).toContainText("ICCID");
  // Every new-energy filing group, filled or said not to be.
  const filing = page.getByRole("region", { name: "新能源备案" });
  for (const group of ["车辆信息", "动力电池", "驱动电机", "终端"]) {
    await expect(filing.getByRole("region", { name: new RegExp(group) }).first()).toBeVisible();
  }
  await expect(page.getByRole("region", { name: "实时状态" })).toContainText("SOC");
  // The last position on the map, and the last alarms (the seed's alarm yesterday morning).
  await expect(page.getByRole("region", { name: "最后位置" }).locator("canvas").first()).toBeVisible({
    timeout: 20_000,
  });
  const alarms = page.getByRole("region", { name: "最近报警（近7天）" });
  await expect(alarms.locator("tbody tr").first()).toBeVisible();
  await audit(page, "vehicle query");
  await page.screenshot({ path: "test-results/screenshots/vehicle-query.png", fullPage: true });

  // A journal link opens the journal with the VIN searched.
  await page.getByRole("region", { name: "报文日志" }).getByRole("link", { name: "新能源国标数据" }).click();
  await expect(page).toHaveURL(new RegExp(`/tbox/energyCar\\?.*vin=${vin}`));
  await expect(page.getByRole("textbox", { name: "VIN" }).first()).toHaveValue(vin);

  // A mistyped VIN is refused on its field, nothing asked.
  await page.goto("/#/operate/query");
  await expect(page.getByText("请输入17位VIN后点击查询")).toBeVisible();
  await page.getByLabel("VIN").fill("ABC");
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(page.locator("#vquery-vin-problem")).not.toBeEmpty();

  // The two-part box: a SIM card's ICCID finds its vehicle (findIccidList), picked from the list.
  const cards = await page.request.get("/tsp-bss/v1/vehicle/findIccidList?pageNum=1&pageSize=50", { headers });
  const card = ((await cards.json()) as { data: { list: { iccid: string; vin: string | null }[] } }).data.list.find(
    (c) => c.vin,
  );
  if (!card?.vin) throw new Error("no seeded card is fitted to a vehicle");
  const finder = page.getByRole("group", { name: "查找车辆" });
  await expect(finder.getByRole("combobox", { name: "查找车辆类型" })).toHaveValue("iccid");
  await finder.getByRole("combobox", { name: "ICCID" }).fill(card.iccid.slice(-10));
  await page.getByRole("option", { name: card.iccid }).click();
  await expect(page).toHaveURL(new RegExp(`/operate/query\\?vin=${card.vin}`));
  await expect(page.getByRole("region", { name: "车辆基本信息" })).toContainText(card.vin);
});

test("车辆实时状态: no export without the permission", async ({ page }) => {
  await signIn(page, "operator", "/newCarMonitor/latest");
  await page.goto("/#/newCarMonitor/latest");
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByRole("button", { name: "导出" })).toHaveCount(0);
});
