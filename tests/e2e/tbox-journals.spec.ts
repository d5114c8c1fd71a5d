import { expect, type Page, test } from "@playwright/test";
import { lastDays, signIn, storedToken } from "./console-signin";

/**
 * TBOX可视化联调's message journals in the browser (issue 16): for a GB/T 32960 vehicle and a
 * JT/T 808 one of the seeded fleet, query each journal by VIN and range, page, open a message's
 * decoded frame beside its bytes, and export; 无效 values read as such, never as numbers.
 */
const table = (page: Page, name: string) => page.getByRole("table", { name });
const rows = (page: Page, name: string) => table(page, name).locator("tbody tr");
const pager = (page: Page) => page.getByRole("navigation", { name: "分页" });

/** A VIN of the account's fleet whose alarm journal holds reports of the standard, found through the calls. */
async function vinWithAlarms(page: Page, protocol: "gbt32960" | "jt808"): Promise<string> {
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const now = Date.now();
  for (let pageNum = 1; pageNum <= 10; pageNum++) {
    const answer = await page.request.get(`/tsp-bss/v1/vehicle/findVinListByDim?pageNum=${pageNum}&pageSize=100`, {
      headers,
    });
    const body = (await answer.json()) as { data: { list: { vin: string }[]; total: number } };
    for (const { vin } of body.data.list) {
      const search = `journal=warn&protocol=${protocol}&vin=${vin}&startTime=${now - 7 * 86_400_000}&endTime=${now}`;
      const res = await page.request.get(`/tsp-hbase-proxy/tboxJournal/list?${search}`, { headers });
      if ((((await res.json()) as { data?: { list?: unknown[] } }).data?.list?.length ?? 0) > 0) return vin;
    }
    if (pageNum * 100 >= body.data.total) break;
  }
  throw new Error(`no VIN of the account reports ${protocol} alarms`);
}

async function query(page: Page, path: string, heading: string, vin: string): Promise<void> {
  await page.goto(`/#${path}`);
  await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  await expect(page.getByText("请输入有效的17位VIN，选择时间范围，然后点击查询")).toBeVisible();
  const range = await lastDays(page, 7);
  await page.getByLabel("VIN").fill(vin);
  await page.getByLabel("开始时间").fill(range.start);
  await page.getByLabel("结束时间").fill(range.end);
}

const search = (page: Page) => page.getByRole("button", { name: "查询", exact: true }).click();

test("a GB/T 32960 vehicle: positions paged and decoded, 无效 SOC, its alarms by level, exported", async ({ page }) => {
  await signIn(page, "admin", "/tbox/locationMessage");
  const vin = await vinWithAlarms(page, "gbt32960");

  // 车辆位置报文: ten a page, forward and back, each message decoded beside its bytes.
  await query(page, "/tbox/locationMessage", "车辆位置报文", vin);
  await search(page);
  await expect(rows(page, "车辆位置报文")).toHaveCount(10);
  await expect(rows(page, "车辆位置报文").first()).toContainText("GB/T 32960");
  await expect(rows(page, "车辆位置报文").first()).toContainText(/\d+(\.\d)? km\/h/);
  const first = await rows(page, "车辆位置报文").first().innerText();
  await pager(page).getByRole("button", { name: "下一页" }).click();
  await expect(pager(page)).toContainText("第 2 页");
  await expect(rows(page, "车辆位置报文").first()).not.toHaveText(first);
  await rows(page, "车辆位置报文").first().getByRole("button").click();
  const dialog = page.getByRole("dialog", { name: "报文解析" });
  await expect(dialog.getByText("原始报文（十六进制）")).toBeVisible();
  await expect(dialog.getByText(/^23 23 02 FE/)).toBeVisible();
  await expect(dialog.getByRole("rowheader", { name: "车速" })).toBeVisible();
  await expect(dialog.getByText("整车数据、车辆位置数据")).toBeVisible();
  await expect(dialog.getByText(/校验通过/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("tbox-location-frame.png"), fullPage: true });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // 新能源国标数据: an SOC the BMS could not read shows as 无效.
  await query(page, "/tbox/energyCar", "新能源国标数据", vin);
  await search(page);
  await expect(rows(page, "新能源国标数据").first()).toBeVisible();
  await page.getByLabel("每页条数").selectOption("100");
  await expect(rows(page, "新能源国标数据")).toHaveCount(100);
  let invalid = rows(page, "新能源国标数据").filter({ hasText: "无效" });
  if ((await invalid.count()) === 0) {
    await pager(page).getByRole("button", { name: "下一页" }).click();
    await expect(pager(page)).toContainText("第 2 页");
    invalid = rows(page, "新能源国标数据").filter({ hasText: "无效" });
  }
  await expect(invalid.first()).toBeVisible();
  await invalid.first().getByRole("button").click();
  await expect(dialog.getByRole("row", { name: /SOC\s*无效/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("tbox-energy-invalid.png"), fullPage: true });
  await page.keyboard.press("Escape");

  // 车辆报警报文: the four minutes of the seeded alarm, by the standard's names; exported.
  await query(page, "/tbox/warnMessage", "车辆报警报文", vin);
  await search(page);
  await expect(rows(page, "车辆报警报文")).toHaveCount(4);
  await expect(rows(page, "车辆报警报文").first()).toContainText("绝缘报警");
  await expect(rows(page, "车辆报警报文").filter({ hasText: "2级" })).toHaveCount(2);
  await page.getByRole("button", { name: "导出", exact: true }).click();
  await expect(page.getByText("导出任务已提交，请到导出文件列表查看")).toBeVisible();

  // 报警数据查询: the alarm episodes (start to end) by highest level; the starting frame decoded.
  await query(page, "/tbox/warnsearch", "报警数据查询", vin);
  // Six items and more collapse the search card (platform-shell.md "Collapsible search panel").
  await page.getByRole("button", { name: /展开/ }).click();
  await page.getByLabel("最高报警等级").selectOption("2");
  await search(page);
  await expect(rows(page, "报警数据查询")).toHaveCount(1);
  await expect(rows(page, "报警数据查询").first()).toContainText("电池高温报警");
  await expect(rows(page, "报警数据查询").first()).toContainText("2分");
  await rows(page, "报警数据查询").first().getByRole("button").click();
  await expect(dialog.getByRole("row", { name: /报警标志\s*电池高温报警、绝缘报警/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("tbox-warnsearch.png"), fullPage: true });
  await page.keyboard.press("Escape");

  // The export file list holds the alarm journal's task.
  await page.goto("/#/exportFile/index");
  const task = page
    .getByRole("table", { name: "导出文件列表" })
    .locator("tbody tr")
    .filter({ hasText: "车辆报警报文" });
  await expect(task.first().getByText("已完成")).toBeVisible({ timeout: 30_000 });
});

test("a JT/T 808 vehicle: re-sent positions of 0x0704 batches, alarm bits by name", async ({ page }) => {
  await signIn(page, "admin", "/tbox/locationResendMessage");
  const vin = await vinWithAlarms(page, "jt808");
  await query(page, "/tbox/locationResendMessage", "位置补发报文", vin);
  await page.getByLabel("协议").selectOption("jt808");
  await search(page);
  await expect(rows(page, "位置补发报文").first()).toContainText("JT/T 808");
  await rows(page, "位置补发报文").first().getByRole("button").click();
  const dialog = page.getByRole("dialog", { name: "报文解析" });
  await expect(dialog.getByText("定位数据批量上传（0x0704）")).toBeVisible();
  await expect(dialog.getByRole("row", { name: /补发数据\s*是/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("tbox-resend-jt808.png"), fullPage: true });
  await page.keyboard.press("Escape");

  await query(page, "/tbox/warnMessage", "车辆报警报文", vin);
  await search(page);
  await expect(rows(page, "车辆报警报文")).toHaveCount(4);
  await expect(rows(page, "车辆报警报文").filter({ hasText: "疲劳驾驶" })).toHaveCount(2);
  await expect(rows(page, "车辆报警报文").first()).toContainText("超速报警");
});

test("the operator without the journals' export permissions sees no 导出", async ({ page }) => {
  await signIn(page, "operator", "/tbox/warnMessage");
  const vin = await vinWithAlarms(page, "gbt32960");
  await query(page, "/tbox/warnMessage", "车辆报警报文", vin);
  await search(page);
  await expect(rows(page, "车辆报警报文").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "导出", exact: true })).toHaveCount(0);
});
