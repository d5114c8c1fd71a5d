import { expect, type Page, test } from "@playwright/test";
import { lastDays, queryJournal, seededVin, signIn } from "./console-signin";

const rows = (page: Page) => page.getByRole("table", { name: /日志列表/ }).locator("tbody tr");
const pager = (page: Page) => page.getByRole("navigation", { name: "分页" });
/** Waits until the table has its page (its loading overlay is gone). */
const loaded = (page: Page) =>
  expect(
    page
      .getByRole("table", { name: /日志列表/ })
      .locator("xpath=ancestor::div[1]")
      .getByRole("status"),
  ).toHaveCount(0);

test("login journal: hint, query, pages forward to the end and back, decoded frame, address reproduces the query", async ({
  page,
  context,
}) => {
  await signIn(page, "admin", "/tbox/loginJournal");
  const vin = await seededVin(page);
  await page.goto("/#/tbox/loginJournal");
  await expect(page.getByRole("heading", { name: "车辆登录日志列表" })).toBeVisible();
  await expect(page.getByText("请输入有效的17位VIN，选择时间范围，然后点击查询")).toBeVisible();

  // Without a range the query is skipped silently: nothing is asked, the hint stays.
  await page.getByLabel("VIN").fill(vin);
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(page.getByText("请输入有效的17位VIN，选择时间范围，然后点击查询")).toBeVisible();
  // A VIN that is not 17 characters is refused with a message and nothing is asked.
  await page.getByLabel("VIN").fill(vin.slice(0, 16));
  const range = await lastDays(page, 30);
  await page.getByLabel("开始时间").fill(range.start);
  await page.getByLabel("结束时间").fill(range.end);
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "17位" })).toBeVisible();

  await queryJournal(page, vin);
  await expect(rows(page)).toHaveCount(10);
  await expect(rows(page).first()).toContainText(vin);
  await expect(rows(page).first().locator("td").nth(1)).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  await expect(pager(page)).toContainText("第 1 页");
  await page.screenshot({ path: "test-results/screenshots/journal-rows.png" });

  // Newest first: times go down the page.
  const times = await rows(page).locator("td:nth-child(2)").allInnerTexts();
  expect(times.toSorted().toReversed()).toEqual(times);

  // Next page while nextKey exists, to the end; every row seen once.
  const seen = new Set(times);
  let pages = 1;
  while (await pager(page).getByRole("button", { name: "下一页" }).isVisible()) {
    await pager(page).getByRole("button", { name: "下一页" }).click();
    pages++;
    await expect(pager(page)).toContainText(`第 ${pages} 页`);
    await loaded(page);
    await expect(rows(page).first()).toContainText(vin);
    for (const t of await rows(page).locator("td:nth-child(2)").allInnerTexts()) seen.add(t);
  }
  await expect(pager(page)).toContainText("已是最后一页");
  expect(pages).toBeGreaterThan(2);
  expect(seen.size).toBeGreaterThan(20);

  // Back one page, through the cursor stack.
  const lastFirst = await rows(page).first().locator("td").nth(1).innerText();
  await pager(page).getByRole("button", { name: "上一页" }).click();
  await expect(pager(page)).toContainText(`第 ${pages - 1} 页`);
  await loaded(page);
  await expect(rows(page)).toHaveCount(10);
  await expect(rows(page).first().locator("td").nth(1)).not.toHaveText(lastFirst);

  // Clicking a raw message opens its decoded frame beside the hex.
  await rows(page).first().getByRole("button").click();
  const dialog = page.getByRole("dialog", { name: "报文解析" });
  await expect(dialog.getByText("原始报文（十六进制）")).toBeVisible();
  await expect(dialog.getByRole("rowheader", { name: "命令标识" })).toBeVisible();
  await expect(dialog.getByText("车辆登入（0x01）")).toBeVisible();
  await expect(dialog.getByText(vin, { exact: true })).toBeVisible();
  await expect(dialog.getByRole("rowheader", { name: "ICCID" })).toBeVisible();
  await expect(dialog.getByText(/校验通过/)).toBeVisible();
  // The frame's ICCID is the SIM bound to the vehicle in master data.
  await expect(dialog.getByText("一致（与车辆档案绑定的SIM卡相同）")).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/decoded-frame.png" });
  await dialog.getByRole("button", { name: "关闭" }).click();

  // Page size 20 is remembered and goes into the address with the query.
  await page.getByLabel("每页条数").selectOption("20");
  await expect(rows(page)).toHaveCount(20);
  const address = page.url();
  expect(address).toContain(`vin=${vin}`);
  expect(address).toContain("size=20");

  // The copied address reproduces the query in a new page.
  const other = await context.newPage();
  await other.goto(address);
  await expect(rows(other)).toHaveCount(20);
  await expect(rows(other).first()).toContainText(vin);
  await expect(other.getByLabel("VIN")).toHaveValue(vin);
  await expect(other.getByLabel("每页条数")).toHaveValue("20");
  await other.close();
});

test("logout journal: the same screen with 登出日志 chosen", async ({ page }) => {
  await signIn(page, "admin", "/tbox/loginJournal");
  const vin = await seededVin(page);
  await page.goto("/#/tbox/loginJournal");
  await page.getByText("登出日志", { exact: true }).click();
  await expect(page.getByRole("heading", { name: "车辆登出日志列表" })).toBeVisible();
  await queryJournal(page, vin, 7);
  await expect(rows(page).first()).toContainText(vin);
  await expect(page.getByRole("columnheader", { name: "登出时间" })).toBeVisible();
  await rows(page).first().getByRole("button").click();
  await expect(page.getByRole("dialog", { name: "报文解析" }).getByText("车辆登出（0x04）")).toBeVisible();
  expect(page.url()).toContain("kind=logout");
});
