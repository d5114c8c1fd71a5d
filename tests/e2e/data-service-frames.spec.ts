import { expect, type Page, test } from "@playwright/test";
import { lastDays, signIn } from "./console-signin";

/**
 * 数据服务 over the gateway's frame journal, in the browser: find the frames that failed the
 * check code in the last week, narrow to them from the counts, open one and read the failing
 * rule beside its bytes and the decoder's reason; then collect one of those vehicles' raw
 * frames over three days, follow the task to 已完成 and download the file.
 */
const table = (page: Page, name: string) => page.getByRole("table", { name });
const rows = (page: Page, name: string) => table(page, name).locator("tbody tr");

async function searchRange(page: Page, days: number): Promise<void> {
  const range = await lastDays(page, days);
  await page.getByLabel("开始时间").fill(range.start);
  await page.getByLabel("结束时间").fill(range.end);
  await page.getByRole("button", { name: "查询", exact: true }).click();
}

test("frames failing a check: counts per rule, narrow to bad check codes, open one; collect a VIN's raw frames and download them", async ({
  page,
}) => {
  const list = "新能源报文检查";
  await signIn(page, "admin", "/dataService/newMessageCheck");
  await page.goto("/#/dataService/newMessageCheck");
  await expect(page.getByRole("heading", { name: list })).toBeVisible();
  await expect(page.getByText("请选择接收时间范围")).toBeVisible();
  await searchRange(page, 7);
  await expect(rows(page, list).first()).toBeVisible();

  // The counts per rule narrow the list to one rule.
  const counts = page.getByRole("region", { name: "检查统计" });
  const checkCode = counts.getByRole("button", { name: /^校验码错误 \d+$/ });
  await expect(checkCode).toBeVisible();
  await checkCode.click();
  await expect(page).toHaveURL(/rule=check-code/);
  await expect(checkCode).toHaveAttribute("aria-pressed", "true");
  await expect(rows(page, list).first()).toContainText("校验码错误");
  const cells = await rows(page, list).locator("td:nth-child(4)").allTextContents();
  expect(cells.every((c) => c.includes("校验码错误"))).toBe(true);
  const vin = (await rows(page, list).first().locator("td:nth-child(2)").textContent())?.trim() ?? "";
  expect(vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);

  // 故障详情: the failed rule named with its clause, the bytes beside the decoding.
  await rows(page, list).first().getByRole("link", { name: "故障详情" }).click();
  await expect(page.getByRole("heading", { name: "故障详情" })).toBeVisible();
  const failed = page.getByRole("region", { name: "未通过的检查" });
  await expect(failed).toContainText("未通过的检查：校验码错误");
  await expect(failed).toContainText("GB/T 32960.3 §6.2 校验码");
  await expect(page.getByRole("region", { name: "原始报文（十六进制）" })).toContainText(/23 23 0[23] FE/);
  await expect(page.getByRole("alert")).toContainText(/校验码错误：报文为0x[0-9A-F]{2}，计算值为0x[0-9A-F]{2}/);
  await expect(page.getByRole("alert")).toContainText("校验失败（期望 0x");
  await page.screenshot({ path: test.info().outputPath("data-service-frame-detail.png"), fullPage: true });

  // 历史数据采集: that vehicle's frames of the last three days.
  await page.goto("/#/dataService/history");
  const tasks = "历史数据采集";
  await expect(page.getByRole("heading", { name: tasks })).toBeVisible();
  await page.getByRole("button", { name: "新建采集" }).click();
  const dialog = page.getByRole("dialog", { name: "新建历史数据采集" });
  await dialog.getByLabel("VIN").fill("NOT-A-VIN");
  await dialog.getByRole("button", { name: "确定" }).click();
  await expect(dialog.getByText("请输入17位有效VIN")).toBeVisible();
  const start = await page.evaluate(() => {
    const d = new Date(Date.now() - 3 * 86_400_000);
    // Runs in the page (its time zone): no helper from outside can be used here.
    const two = [d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()].map((n) => String(n).padStart(2, "0"));
    return `${d.getFullYear()}-${two[0]}-${two[1]} ${two[2]}:${two[3]}:00`;
  });
  await dialog.getByLabel("VIN").fill(vin);
  await dialog.getByLabel("开始时间").fill(start);
  await dialog.getByLabel("备注").fill("校验码错误排查");
  // 确定 is throttled (2 s, spec §5) after the refused try; Enter in a box submits the form.
  await dialog.getByLabel("开始时间").press("Enter");
  await expect(dialog).toBeHidden();
  const row = rows(page, tasks).filter({ hasText: vin }).first();
  await expect(row).toContainText("已完成", { timeout: 30_000 });
  const download = page.waitForEvent("download");
  await row.getByRole("button", { name: "下载" }).click();
  expect((await download).suggestedFilename()).toMatch(new RegExp(`^历史数据采集_${vin}_\\d{8}-\\d{8}\\.xlsx$`));

  // 查看详情: what the range held, by decode status.
  await row.getByRole("link", { name: "查看详情" }).click();
  await expect(page.getByRole("heading", { name: "采集详情" })).toBeVisible();
  await expect(page.getByRole("region", { name: "范围内报文（按解析状态）" })).toContainText("校验或结构错误");
  await expect(page.getByText("校验码错误排查")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("data-service-history-detail.png"), fullPage: true });

  // 位置数据查询: the same vehicle's positions and its route.
  await page.goto("/#/dataService/location");
  await page.getByLabel("VIN").fill(vin);
  await searchRange(page, 7);
  await expect(rows(page, "位置数据查询").first()).toContainText(/GB\/T 32960|JT\/T 808/);
  await expect(page.getByRole("application", { name: new RegExp(`^${vin} 的行驶轨迹`) })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("data-service-location.png"), fullPage: true });
});
