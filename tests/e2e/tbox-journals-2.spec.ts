import { expect, type Page, test } from "@playwright/test";
import { audit } from "./axe";
import { lastDays, signIn, storedToken } from "./console-signin";

/**
 * 燃油车国标数据 and 档位车速报文 in the browser (issue 16): a seeded diesel truck's HJ 1239 items
 * (the diesel stream with HJ 1239.3's names and units, 无效 as a word, the OBD item with its fault
 * codes) and a GB/T 32960 vehicle's gear and speed, each queried by VIN and range, paged, a
 * frame opened beside its bytes, and exported into the export file list.
 */
const rows = (page: Page, name: string) => page.getByRole("table", { name }).locator("tbody tr");
const pager = (page: Page) => page.getByRole("navigation", { name: "分页" });
const search = (page: Page) => page.getByRole("button", { name: "查询", exact: true }).click();

/**
 * A VIN of the account's fleet whose journal `journal` holds a day's driving (at least 30 rows),
 * found through the calls — not one of the vehicles other seeds give a handful of frames.
 */
async function vinWith(page: Page, journal: "fuelCar" | "gearsSpeed", extra = ""): Promise<string> {
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const now = Date.now();
  for (let pageNum = 1; pageNum <= 10; pageNum++) {
    const answer = await page.request.get(`/tsp-bss/v1/vehicle/findVinListByDim?pageNum=${pageNum}&pageSize=100`, {
      headers,
    });
    const body = (await answer.json()) as { data: { list: { vin: string }[]; total: number } };
    for (const { vin } of body.data.list) {
      const q = `journal=${journal}${extra}&vin=${vin}&startTime=${now - 7 * 86_400_000}&endTime=${now}&pageSize=30`;
      const res = await page.request.get(`/tsp-hbase-proxy/tboxJournal/list?${q}`, { headers });
      if ((((await res.json()) as { data?: { list?: unknown[] } }).data?.list?.length ?? 0) >= 30) return vin;
    }
    if (pageNum * 100 >= body.data.total) break;
  }
  throw new Error(`no VIN of the account has ${journal} rows`);
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

test("燃油车国标数据: a diesel truck's HJ 1239 items paged, decoded with the standard's names, 无效 as a word, exported", async ({
  page,
}) => {
  await signIn(page, "admin", "/tbox/fuelCar");
  const vin = await vinWith(page, "fuelCar");
  await query(page, "/tbox/fuelCar", "燃油车国标数据", vin);
  await search(page);
  const table = "燃油车国标数据";
  await expect(rows(page, table)).toHaveCount(10);
  await expect(rows(page, table).first()).toContainText("数据流信息");
  await expect(rows(page, table).first()).toContainText(/r\/min/);
  await expect(rows(page, table).first()).toContainText(/ppm/);
  const first = await rows(page, table).first().innerText();
  await pager(page).getByRole("button", { name: "下一页" }).click();
  await expect(pager(page)).toContainText("第 2 页");
  await expect(rows(page, table).first()).not.toHaveText(first);

  // Oldest first: the seeded trip starts with its OBD item; walk on to the fuel level the
  // sensor could not read (无效, in the trip's eighth minute).
  await page.getByLabel("排序").selectOption("asc");
  await search(page);
  await expect(rows(page, table).first()).toContainText("OBD信息");
  const noFuel = rows(page, table).filter({ hasText: "无效" });
  for (let n = 2; n <= 12 && (await noFuel.count()) === 0; n++) {
    const top = await rows(page, table).first().innerText();
    await pager(page).getByRole("button", { name: "下一页" }).click();
    await expect(pager(page)).toContainText(`第 ${n} 页`);
    // The next page's rows are there before they are counted.
    await expect(rows(page, table).first()).not.toHaveText(top);
  }
  await expect(noFuel).toHaveCount(1);
  await noFuel.first().getByRole("button").click();
  const dialog = page.getByRole("dialog", { name: "报文解析" });
  await expect(dialog.getByText("原始报文（十六进制）")).toBeVisible();
  await expect(dialog.getByRole("row", { name: /油箱液位\s*无效/ })).toBeVisible();
  await expect(dialog.getByRole("row", { name: /SCR下游NOx传感器输出值\s*[\d.]+ ppm/ })).toBeVisible();
  await expect(dialog.getByRole("row", { name: /协议\s*HJ 1239/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("tbox-fuelcar-frame.png"), fullPage: true });
  // The list with its data and the decoded item open: no serious or critical axe violation.
  await audit(page, "燃油车国标数据 with a frame open");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // The OBD item at the trip's start.
  await page.getByLabel("排序").selectOption("asc");
  await search(page);
  await rows(page, table).filter({ hasText: "OBD信息" }).first().getByRole("button").click();
  await expect(dialog.getByRole("row", { name: /OBD诊断协议\s*SAE J1939/ })).toBeVisible();
  await expect(dialog.getByRole("row", { name: /软件标定识别号\s*CAL/ })).toBeVisible();
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "导出", exact: true }).click();
  await expect(page.getByText("导出任务已提交，请到导出文件列表查看")).toBeVisible();
  await page.goto("/#/exportFile/index");
  const task = page
    .getByRole("table", { name: "导出文件列表" })
    .locator("tbody tr")
    .filter({ hasText: "燃油车国标数据" });
  await expect(task.first().getByText("已完成")).toBeVisible({ timeout: 30_000 });
});

test("档位车速报文: gear and speed per report, a speed range and a gear chosen by keyboard, exported", async ({
  page,
}) => {
  await signIn(page, "admin", "/tbox/gearsSpeed");
  const vin = await vinWith(page, "gearsSpeed", "&protocol=gbt32960");
  await query(page, "/tbox/gearsSpeed", "档位车速报文", vin);
  await search(page);
  const table = "档位车速报文";
  await expect(rows(page, table)).toHaveCount(10);
  await expect(rows(page, table).first()).toContainText("自动D挡");
  await expect(rows(page, table).first()).toContainText("驱动");
  await pager(page).getByRole("button", { name: "下一页" }).click();
  await expect(pager(page)).toContainText("第 2 页");

  // At least 80 km/h: every row's speed is.
  await page.getByRole("button", { name: /展开/ }).click();
  await page.getByLabel("车速（km/h）最小值").fill("80");
  await page.getByLabel("车速（km/h）最小值").press("Enter");
  await expect(rows(page, table).first()).toBeVisible();
  for (const text of await rows(page, table).allInnerTexts()) {
    const speed = Number(/([\d.]+) km\/h/.exec(text)?.[1]);
    expect(speed).toBeGreaterThanOrEqual(80);
  }
  await rows(page, table).first().getByRole("button").click();
  const dialog = page.getByRole("dialog", { name: "报文解析" });
  await expect(dialog.getByRole("row", { name: /档位\s*自动D挡/ })).toBeVisible();
  await expect(dialog.getByRole("row", { name: /驱动力\s*有/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("tbox-gears-frame.png"), fullPage: true });
  await audit(page, "档位车速报文 with a frame open");
  await page.keyboard.press("Escape");

  // Parked (P): none of the seeded driving reports.
  await page.getByRole("button", { name: /展开/ }).click();
  await page.getByLabel("档位", { exact: true }).selectOption("15");
  await search(page);
  await expect(page.getByText("该时间范围内暂无数据")).toBeVisible();
  await page.getByRole("button", { name: /展开/ }).click();
  await page.getByLabel("档位", { exact: true }).selectOption("14");
  await search(page);
  await expect(rows(page, table).first()).toContainText("自动D挡");
  await page.getByRole("button", { name: "导出", exact: true }).click();
  await expect(page.getByText("导出任务已提交，请到导出文件列表查看")).toBeVisible();
  await page.goto("/#/exportFile/index");
  const task = page
    .getByRole("table", { name: "导出文件列表" })
    .locator("tbody tr")
    .filter({ hasText: "档位车速报文" });
  await expect(task.first().getByText("已完成")).toBeVisible({ timeout: 30_000 });
});

test("the operator without the export permissions sees no 导出 on either journal", async ({ page }) => {
  await signIn(page, "operator", "/tbox/gearsSpeed");
  const vin = await vinWith(page, "gearsSpeed", "&protocol=gbt32960");
  await query(page, "/tbox/gearsSpeed", "档位车速报文", vin);
  await search(page);
  await expect(rows(page, "档位车速报文").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "导出", exact: true })).toHaveCount(0);
  await page.goto("/#/tbox/fuelCar");
  await expect(page.getByRole("heading", { name: "燃油车国标数据" })).toBeVisible();
  await expect(page.getByRole("button", { name: "导出", exact: true })).toHaveCount(0);
});
