import { expect, type Page, test } from "@playwright/test";
import { audit } from "./axe";
import { lastDays, signIn, storedToken } from "./console-signin";

/**
 * 故障上报报文, ECALL/BCALL报文, 行程数据报文 and 农机可靠性试验补发数据统计 in the browser
 * (issue 16): the seed's drive nine days ago — GB/T 32960 fault codes named by the dictionary,
 * an automatic E-call and a manual B-call on a JT/T 808 terminal — and the trips and per-day frame
 * counts of the fleet, each queried, a frame or trip opened where there is one, and exported into
 * the export file list.
 */
const rows = (page: Page, name: string) => page.getByRole("table", { name }).locator("tbody tr");
const search = (page: Page) => page.getByRole("button", { name: "查询", exact: true }).click();

/** A VIN of the account's fleet whose journal holds rows, found through the calls. */
async function vinWith(page: Page, journal: "errorReport" | "ecall", extra = ""): Promise<string> {
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const now = Date.now();
  const answer = await page.request.get("/tsp-bss/v1/vehicle/findVinListByDim?pageNum=1&pageSize=100", { headers });
  const body = (await answer.json()) as { data: { list: { vin: string }[] } };
  for (const { vin } of body.data.list) {
    const q = `journal=${journal}${extra}&vin=${vin}&startTime=${now - 14 * 86_400_000}&endTime=${now}&pageSize=1`;
    const res = await page.request.get(`/tsp-hbase-proxy/tboxJournal/list?${q}`, { headers });
    if ((((await res.json()) as { data?: { list?: unknown[] } }).data?.list?.length ?? 0) > 0) return vin;
  }
  throw new Error(`no VIN of the account has ${journal} rows`);
}

async function fillRange(page: Page, days: number): Promise<void> {
  const range = await lastDays(page, days);
  await page.getByLabel("开始时间").fill(range.start);
  await page.getByLabel("结束时间").fill(range.end);
}

async function open(page: Page, path: string, heading: string, vin: string | null): Promise<void> {
  await page.goto(`/#${path}`);
  await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  if (vin !== null) await page.getByLabel("VIN").fill(vin);
  await fillRange(page, 14);
}

async function exported(page: Page, title: string): Promise<void> {
  await page.getByRole("button", { name: "导出", exact: true }).click();
  await expect(page.getByText("导出任务已提交，请到导出文件列表查看").first()).toBeVisible();
  await page.goto("/#/exportFile/index");
  const task = page.getByRole("table", { name: "导出文件列表" }).locator("tbody tr").filter({ hasText: title });
  await expect(task.first().getByText("已完成")).toBeVisible({ timeout: 30_000 });
}

test("故障上报报文 and ECALL/BCALL报文: faults named by the dictionary, the calls' type, trigger and state, frames opened, exported", async ({
  page,
}) => {
  await signIn(page, "admin", "/tbox/errorReport");
  const gbVin = await vinWith(page, "errorReport", "&protocol=gbt32960");
  await open(page, "/tbox/errorReport", "故障上报报文", gbVin);
  await search(page);
  const faults = rows(page, "故障上报报文");
  await expect(faults).toHaveCount(10);
  const worst = faults.filter({ hasText: "0000B010 旋变信号异常" });
  await expect(worst.first()).toContainText("0000A001 BMS内部通信故障");
  await expect(worst.first()).toContainText("0000C0FF（未登记的故障码）");
  // By source: the motor fault's five reports.
  await page.getByLabel("故障来源").selectOption("motor");
  await search(page);
  await expect(faults).toHaveCount(5);
  await faults.first().getByRole("button").click();
  const dialog = page.getByRole("dialog", { name: "报文解析" });
  await expect(dialog.getByRole("row", { name: /驱动电机故障\s*0000B010 旋变信号异常/ })).toBeVisible();
  await expect(dialog.getByRole("row", { name: /最高报警等级\s*2级/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("tbox-error-report-frame.png"), fullPage: true });
  await audit(page, "故障上报报文 with a frame open");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await exported(page, "故障上报报文");

  const jtVin = await vinWith(page, "ecall");
  await open(page, "/tbox/ecAllMessage", "ECALL/BCALL报文", jtVin);
  await page.getByLabel("排序").selectOption("asc");
  await search(page);
  const calls = rows(page, "ECALL/BCALL报文");
  await expect(calls).toHaveCount(6);
  await expect(calls.nth(0)).toContainText(/ECALL（紧急呼叫）\s*自动\s*呼叫中/);
  await expect(calls.nth(1)).toContainText("已接通");
  await expect(calls.nth(3)).toContainText(/BCALL（道路救援）\s*手动\s*呼叫中/);
  await calls.nth(1).getByRole("button").click();
  await expect(dialog.getByRole("row", { name: /报警标志\s*紧急报警/ })).toBeVisible();
  await expect(dialog.getByRole("row", { name: /呼叫状态\s*已接通/ })).toBeVisible();
  await expect(dialog.getByRole("row", { name: /协议\s*JT\/T 808/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("tbox-ecall-frame.png"), fullPage: true });
  await audit(page, "ECALL/BCALL报文 with a frame open");
  await page.keyboard.press("Escape");
  await exported(page, "ECALL/BCALL报文");
});

test("行程数据报文 and 农机可靠性试验补发数据统计: trips with their figures, per-day frame counts, exported", async ({
  page,
}) => {
  await signIn(page, "admin", "/tbox/travalData");
  const vin = await vinWith(page, "errorReport", "&protocol=gbt32960");
  await open(page, "/tbox/travalData", "行程数据报文", vin);
  await search(page);
  const trips = rows(page, "行程数据报文");
  await expect(trips.first()).toContainText(/\d+(\.\d)? km/);
  await expect(trips.first()).toContainText(/km\/h/);
  expect(await trips.count()).toBeGreaterThanOrEqual(3);
  await expect(trips.first().getByRole("link", { name: "查看轨迹" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("tbox-trips.png"), fullPage: true });
  await audit(page, "行程数据报文 with trips");
  await exported(page, "行程数据报文");

  await page.goto("/#/tbox/reliabilityTestRecord");
  await expect(page.getByRole("heading", { name: "农机可靠性试验补发数据统计" })).toBeVisible();
  await expect(page.getByText("请选择时间范围，然后点击查询")).toBeVisible();
  await page.getByLabel("VIN").fill(vin);
  await fillRange(page, 14);
  await search(page);
  const days = rows(page, "农机可靠性试验补发数据统计");
  await expect(days.first()).toContainText(vin);
  await expect(days.first()).toContainText("%");
  // The drive nine days ago: 17 real-time frames, 3 re-sent (15.00%), one gap.
  await expect(days.filter({ hasText: "15.00%" })).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath("tbox-reliability.png"), fullPage: true });
  await audit(page, "农机可靠性试验补发数据统计 with rows");
  await exported(page, "农机可靠性试验补发数据统计");
});

test("the operator without the export permissions sees no 导出 on the four screens", async ({ page }) => {
  await signIn(page, "operator", "/tbox/errorReport");
  for (const [path, heading] of [
    ["/tbox/errorReport", "故障上报报文"],
    ["/tbox/ecAllMessage", "ECALL/BCALL报文"],
    ["/tbox/travalData", "行程数据报文"],
    ["/tbox/reliabilityTestRecord", "农机可靠性试验补发数据统计"],
  ] as const) {
    await page.goto(`/#${path}`);
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await expect(page.getByRole("button", { name: "查询", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "导出", exact: true })).toHaveCount(0);
  }
});
