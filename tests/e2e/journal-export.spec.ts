import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { queryJournal, seededVin, signIn, storedToken } from "./console-signin";

test("export: message, the task in the export file list reaches done, the .xlsx holds the journal rows", async ({
  page,
}) => {
  await signIn(page, "admin", "/tbox/loginJournal");
  const vin = await seededVin(page);
  await page.goto("/#/tbox/loginJournal");
  await queryJournal(page, vin, 7);
  await expect(
    page
      .getByRole("table", { name: /日志列表/ })
      .locator("tbody tr")
      .first(),
  ).toContainText(vin);

  // Count the rows of the query through the page (size 100 holds 7 days of one vehicle).
  await page.getByLabel("每页条数").selectOption("100");
  const tableRows = page.getByRole("table", { name: /日志列表/ }).locator("tbody tr");
  await expect(tableRows.first()).toContainText(vin);
  const rowCount = await tableRows.count();
  expect(rowCount).toBeGreaterThan(0);

  await page.getByRole("button", { name: "导出", exact: true }).click();
  await expect(page.getByText("导出任务已提交，请到导出文件列表查看")).toBeVisible();

  await page.getByRole("navigation", { name: "侧边菜单" }).getByRole("link", { name: "导出文件列表" }).click();
  const task = page.getByRole("table", { name: "导出文件列表" }).locator("tbody tr").first();
  await expect(task).toContainText(vin);
  await expect(task.getByText("已完成")).toBeVisible({ timeout: 30_000 });
  await expect(task).toContainText("100%");
  await page.screenshot({ path: "test-results/screenshots/export-list.png" });

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    task.getByRole("button", { name: "下载" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const path = await download.path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error("the workbook has no sheet");
  const values: string[] = [];
  sheet.eachRow((row) => values.push(row.values?.toString() ?? ""));
  const dataRows = values.filter((v) => v.includes(vin));
  expect(dataRows).toHaveLength(rowCount);
  expect(dataRows[0]).toMatch(/2323/); // the raw GB/T 32960 frame travels with each row
});

test("the operator without the export permission sees no export button, and the call answers 403", async ({ page }) => {
  await signIn(page, "operator", "/tbox/loginJournal");
  const vin = await seededVin(page);
  await page.goto("/#/tbox/loginJournal");
  await queryJournal(page, vin, 7);
  await expect(
    page
      .getByRole("table", { name: /日志列表/ })
      .locator("tbody tr")
      .first(),
  ).toContainText(vin);
  await expect(page.getByRole("button", { name: "导出", exact: true })).toHaveCount(0);

  const token = await storedToken(page);
  const now = Date.now();
  const answer = await page.request.get(
    `/tsp-hbase-proxy/vehicleLog/getLoginLog/export?vin=${vin}&startTime=${now - 86_400_000}&endTime=${now}`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  expect(answer.status()).toBe(403);
  expect(await answer.json()).toMatchObject({ code: 403 });
});
