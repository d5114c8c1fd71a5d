import { expect, test } from "@playwright/test";
import { audit } from "./axe";
import { signIn } from "./console-signin";

test("农机数据统计, 统计报表 and the public 大屏: figures by day and region with export, the daily report, the wall without a session", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await test.step("农机数据统计: by day, then by region and type, export", async () => {
    await signIn(page, "admin", "/operate/farmMachinery");
    await page.goto("/#/operate/farmMachinery");
    await expect(page.getByRole("heading", { name: "农机数据统计" })).toBeVisible();
    const table = page.getByRole("table", { name: "农机数据统计" });
    // The last 7 days: the seed's three days of shifts and today, then the total.
    await expect(table.getByRole("row", { name: /合计/ })).toBeVisible();
    expect(await table.locator("tbody tr").count()).toBeGreaterThanOrEqual(4);
    await expect(page.getByRole("figure", { name: "作业时长与里程" })).toBeVisible();
    await expect(page.getByText("作业面积（亩）暂不统计")).toBeVisible();
    await audit(page, "farm stats by day");
    await page.screenshot({ path: "test-results/screenshots/farm-machinery.png" });

    // By region, by keyboard: the 1° cells named as provinces (the seed's farms are in 黑龙江 and 山东…).
    await page.getByLabel("统计维度").selectOption("region");
    await page.getByRole("button", { name: "查询", exact: true }).press("Enter");
    await expect(table.locator("tbody tr").first().locator("td").first()).toHaveText(/^[\u4e00-\u9fa5]{2,}$/);
    await expect(table).toContainText("黑龙江");
    await page.getByLabel("统计维度").selectOption("type");
    await page.getByRole("combobox", { name: /^机械类型/ }).selectOption("tractor");
    await page.getByRole("button", { name: "查询", exact: true }).click();
    await expect(table.locator("tbody tr")).toHaveCount(2);
    await expect(table.locator("tbody tr").first()).toContainText("拖拉机");
    // The question is in the address: a reload (or a copied link) asks it again; back returns to by region.
    await expect(page).toHaveURL(/groupBy=type&machineryType=tractor/);
    await page.reload();
    await expect(page.getByLabel("统计维度")).toHaveValue("type");
    await expect(table.locator("tbody tr")).toHaveCount(2);
    await page.goBack();
    await expect(page.getByLabel("统计维度")).toHaveValue("region");
    await expect(table).toContainText("黑龙江");
    await page.goForward();
    await expect(table.locator("tbody tr")).toHaveCount(2);

    // A range over 31 days is refused before anything is asked.
    await page.getByLabel("开始日期").fill("2026-01-01");
    await expect(page.getByText("查询的时间范围不能超过31天")).toBeVisible();
    await expect(page.getByRole("button", { name: "查询", exact: true })).toBeDisabled();
    await page.getByLabel("开始日期").fill(await page.getByLabel("结束日期").inputValue());
    await page.getByRole("button", { name: "导出" }).click();
    await expect(page.getByText("导出任务已提交").last()).toBeVisible();
  });

  await test.step("统计报表: a machine's day with online and working time, export", async () => {
    await page.goto("/#/notRoadMonitor/report");
    const rows = page.getByRole("table", { name: "统计报表" }).locator("tbody tr");
    await expect(rows).toHaveCount(10);
    await expect(page.getByRole("table", { name: "统计报表" })).toContainText("在线时长(h)");
    await audit(page, "daily report");
    await page.getByRole("button", { name: "导出" }).click();
    await expect(page.getByText("导出任务已提交").last()).toBeVisible();
    await page.screenshot({ path: "test-results/screenshots/machine-report.png" });
  });

  await test.step("大屏 without a session: the three panels filled", async () => {
    const wall = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
    await wall.goto("/#/bigScreen");
    await expect(wall.getByRole("heading", { name: "车辆运行概况" })).toBeVisible();
    await expect(wall.getByTestId("bs-vehicles")).not.toHaveText("0");
    await expect(wall.getByRole("figure", { name: "非道路机械" })).toBeVisible();
    await expect(wall.getByRole("figure", { name: "车辆区域分布" })).toBeVisible();
    await expect(wall.getByRole("figure", { name: "今日报警" })).toBeVisible();
    // Nothing identifying: no VIN-shaped text on the wall.
    expect(await wall.locator("body").innerText()).not.toMatch(/[A-HJ-NPR-Z0-9]{17}/);
    await audit(wall, "big screen");
    await wall.screenshot({ path: "test-results/screenshots/big-screen.png" });
    await wall.context().close();
  });
});
