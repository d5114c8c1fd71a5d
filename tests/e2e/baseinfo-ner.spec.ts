import { type Browser, expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { signIn, storedToken } from "./console-signin";

/**
 * The new-energy filing screens as an operator uses them (issue 14): find a VIN, edit its
 * battery group, read the change log as before → after; a second operator editing the same
 * VIN meanwhile is refused without losing either edit; export a group and its log and
 * download both from the export file list; import good and bad rows, fix the failed-rows
 * sheet and import it again.
 */
const RECORDS = "/baseInfo/recordVehicleInfo";
const table = (page: Page) => page.getByRole("table", { name: "备案车辆信息" });
const rows = (page: Page) => table(page).locator("tbody tr");
const loaded = (page: Page) => expect(table(page).locator("xpath=ancestor::div[1]").getByRole("status")).toHaveCount(0);

/** A second operator's page, signed in on its own (another browser context: its own token). */
async function secondOperator(browser: Browser, baseURL: string, hash: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, "admin", hash);
  return page;
}

/** The battery view narrowed to one VIN, picked in the search form's VIN picker (the filter lands in the address). */
async function findVin(page: Page, vin: string): Promise<void> {
  await page.getByRole("combobox", { name: "VIN" }).fill(vin.slice(-8));
  await page.getByRole("option", { name: vin }).click();
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`vin=${vin}`));
  await loaded(page);
  await expect(rows(page)).toHaveCount(1);
}

test("filing: edit a battery group, the change log, a concurrent edit refused without loss, exports downloaded", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signIn(page, "admin", RECORDS);
  await page.goto(`/#${RECORDS}`);
  await expect(page.getByRole("heading", { name: "备案车辆信息" })).toBeVisible();
  await expect(rows(page)).toHaveCount(10);

  // The group switch: the battery view, kept in the address.
  // The visible label is what an operator clicks; the radio itself is sr-only, and a forced
  // check() on it raced the first render's re-render (flaky on a loaded machine).
  await page
    .locator("label")
    .filter({ hasText: /^动力电池信息$/ })
    .click();
  await expect(page.getByRole("radio", { name: "动力电池信息" })).toBeChecked();
  await expect(page).toHaveURL(/group=batteryInfo/);
  await loaded(page);
  const vin = (await rows(page).first().locator("td").first().innerText()).trim();
  expect(vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
  await findVin(page, vin);
  const before = await rows(page).first().innerText();

  // A second operator opens the same vehicle's battery group (the address carries the search).
  const other = await secondOperator(browser, baseURL ?? "", `${RECORDS}?group=batteryInfo&vin=${vin}`);
  await other.goto(`/#${RECORDS}?group=batteryInfo&vin=${vin}`);
  await expect(rows(other)).toHaveCount(1);

  const editTitle = `编辑动力电池信息 ${vin}`;
  await rows(page).first().getByRole("button", { name: "编辑" }).click();
  const mine = page.getByRole("dialog", { name: editTitle });
  await rows(other).first().getByRole("button", { name: "编辑" }).click();
  const theirs = other.getByRole("dialog", { name: editTitle });
  const oldMaker = await mine.getByLabel("电池生产企业").inputValue();
  const maker = `e2e电池厂${Date.now() % 100000}`;

  // The domain's rule shows under the field before anything is sent.
  await mine.getByLabel("额定电压(V)").fill("-5");
  await mine.getByRole("button", { name: "确定" }).click();
  await expect(mine.getByRole("alert").filter({ hasText: "应大于0" })).toBeVisible();
  await mine.getByLabel("额定电压(V)").fill("540");
  await mine.getByLabel("电池生产企业").fill(maker);
  await page.waitForTimeout(2_100); // the dialog's confirm is throttled to once every 2 s (spec §5)
  await mine.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("保存成功")).toBeVisible();
  await expect(rows(page).first()).toContainText(maker);
  expect(await rows(page).first().innerText()).not.toBe(before);

  // The second save was made on the old copy: refused, and its draft is still in the form.
  await theirs.getByLabel("额定能量(kWh)").fill("123.4");
  await theirs.getByRole("button", { name: "确定" }).click();
  await expect(theirs.locator("form").getByText("该车辆的动力电池信息已被他人修改，请刷新后重新编辑")).toBeVisible();
  await expect(theirs.getByLabel("额定能量(kWh)")).toHaveValue("123.4");
  await other.screenshot({ path: "test-results/screenshots/ner-stale-edit.png" });
  // Reopened, the form holds the first operator's save; the second applies theirs on top.
  await theirs.getByRole("button", { name: "取消" }).click();
  await rows(other).first().getByRole("button", { name: "编辑" }).click();
  await expect(theirs.getByLabel("电池生产企业")).toHaveValue(maker);
  await theirs.getByLabel("额定能量(kWh)").fill("123.4");
  await theirs.getByRole("button", { name: "确定" }).click();
  await expect(other.getByText("保存成功")).toBeVisible();
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const saved = (
    await (await page.request.get(`/tsp-bss/nerVehicleInfo/single/batteryInfo?vin=${vin}`, { headers })).json()
  ).data;
  expect(saved).toMatchObject({ manufacturer: maker, ratedVoltage: 540, ratedEnergy: 123.4 });
  await other.context().close();

  // The change log: each save's fields, before → after, who and when, newest first.
  await page.reload();
  await loaded(page);
  await rows(page).first().getByRole("button", { name: "变更记录" }).click();
  const log = page.getByRole("dialog", { name: `动力电池信息变更记录 ${vin}` });
  const logRows = log.getByRole("table").locator("tbody tr");
  await expect(logRows.filter({ hasText: "额定能量(kWh)" }).first()).toContainText("123.4");
  const makerLine = logRows.filter({ hasText: "电池生产企业" }).first();
  await expect(makerLine.locator("del")).toHaveText(oldMaker);
  await expect(makerLine.locator("ins")).toHaveText(maker);
  await expect(logRows.first()).toContainText("系统管理员");
  await page.screenshot({ path: "test-results/screenshots/ner-change-log.png" });

  // Export the log and the group: both become tasks of the export file list.
  await log.getByRole("button", { name: "导出变更记录" }).click();
  await expect(page.getByText("导出任务已提交，请到导出文件列表查看").first()).toBeVisible();
  await log.getByRole("button", { name: "关闭" }).first().click();
  await page.getByRole("button", { name: "导出", exact: true }).click();
  await expect(page.getByText("导出任务已提交，请到导出文件列表查看").first()).toBeVisible();

  await page.getByRole("navigation", { name: "侧边菜单" }).getByRole("link", { name: "导出文件列表" }).click();
  const tasks = page.getByRole("table", { name: "导出文件列表" }).locator("tbody tr");
  const books: Map<string, unknown[][]>[] = [];
  for (const task of [tasks.nth(0), tasks.nth(1)]) {
    await expect(task.getByText("已完成")).toBeVisible({ timeout: 60_000 });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      task.getByRole("button", { name: "下载" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    books.push(await sheetsOf(await download.path()));
  }
  // One is the group (the row of this VIN with the saved values), one its change log.
  const cells = books.map((b) => [...b.values()].flat(2).map(String));
  const group = cells.find((c) => c.includes(maker) && c.includes("540"));
  const logBook = cells.find((c) => c.includes(oldMaker) && c.includes(maker) && c !== group);
  expect(group, "the battery export holds the saved record").toBeTruthy();
  expect(logBook, "the change-log export holds before and after").toBeTruthy();
});

test("filing: import good and bad rows, fix the failed-rows sheet, import it again; both tasks in the import task list", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, "admin", `${RECORDS}?group=batteryInfo`);
  await page.goto(`/#${RECORDS}?group=batteryInfo`);
  await loaded(page);
  await expect(rows(page)).toHaveCount(10);
  const [vinA, vinB] = [
    (await rows(page).nth(0).locator("td").first().innerText()).trim(),
    (await rows(page).nth(1).locator("td").first().innerText()).trim(),
  ];

  await page.getByRole("button", { name: "导入", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "导入动力电池信息" });
  const [template] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "下载模板" }).click(),
  ]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await template.path());
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error("the template has no sheet");
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  expect(header[0]).toBe("VIN");
  const stamp = Date.now() % 100000;
  // One row per template column, by header: the good one and one whose voltage is negative.
  const row = (vin: string, voltage: number) =>
    header.map(
      (h) =>
        ({
          VIN: vin,
          电池型号: "CATL-LFP-E2E",
          电池类型: "磷酸铁锂",
          电池生产企业: `导入厂${stamp}`,
          "额定电压(V)": voltage,
          "额定容量(Ah)": 200,
          "额定能量(kWh)": 100,
          可充电储能子系统数: 1,
          子系统编码: "P-E2E",
          生产日期: "2025-01-01",
        })[h] ?? "",
    );
  sheet.spliceRows(2, sheet.rowCount);
  sheet.addRow(row(vinA, 500));
  sheet.addRow(row(vinB, -1));
  const mimeType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
  const upload = async (buffer: Buffer, name: string) => {
    await dialog.getByLabel("选择导入文件").setInputFiles({ name, mimeType, buffer });
    await dialog.getByRole("button", { name: "导入", exact: true }).click();
  };
  await upload(Buffer.from(await book.xlsx.writeBuffer()), `battery-${stamp}.xlsx`);
  const result = dialog.getByRole("group", { name: "导入结果" });
  await expect(result).toContainText("成功1");
  await expect(result).toContainText("失败1");
  await expect(dialog.getByRole("table", { name: "失败明细" })).toContainText(vinB);
  await page.screenshot({ path: "test-results/screenshots/ner-import-report.png" });

  // The failed rows as a sheet: fix the voltage there and import that file again.
  const [failed] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "下载失败数据" }).click(),
  ]);
  const fix = new ExcelJS.Workbook();
  await fix.xlsx.readFile(await failed.path());
  const fixSheet = fix.worksheets[0];
  if (!fixSheet) throw new Error("the failed-rows sheet has no sheet");
  const fixHeader = (fixSheet.getRow(1).values as unknown[]).slice(1).map(String);
  expect(fixSheet.rowCount).toBe(2);
  expect(fixSheet.getRow(2).getCell(1).value).toBe(vinB);
  fixSheet.getRow(2).getCell(fixHeader.indexOf("额定电压(V)") + 1).value = 480;
  await dialog.getByRole("button", { name: "完成" }).click();
  await page.getByRole("button", { name: "导入", exact: true }).click();
  await page.waitForTimeout(2_100); // the dialog's confirm is throttled to once every 2 s (spec §5)
  await upload(Buffer.from(await fix.xlsx.writeBuffer()), `battery-${stamp}-fixed.xlsx`);
  await expect(result).toContainText("成功1");
  await expect(result).toContainText("失败0");
  await dialog.getByRole("button", { name: "完成" }).click();

  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  for (const [vin, voltage] of [
    [vinA, 500],
    [vinB, 480],
  ] as const) {
    const rec = (
      await (await page.request.get(`/tsp-bss/nerVehicleInfo/single/batteryInfo?vin=${vin}`, { headers })).json()
    ).data;
    expect(rec).toMatchObject({ manufacturer: `导入厂${stamp}`, ratedVoltage: voltage });
  }

  // Both imports stay findable after their dialog closed: 导出文件列表 → 导入任务, newest first.
  await page.getByRole("navigation", { name: "侧边菜单" }).getByRole("link", { name: "导出文件列表" }).click();
  await page.getByRole("group", { name: "任务类型" }).getByText("导入任务").click();
  await expect(page).toHaveURL(/view=imports/);
  const tasks = page
    .getByRole("table", { name: "导入任务" })
    .locator("tbody tr")
    .filter({ hasText: `battery-${stamp}` });
  await expect(tasks).toHaveCount(2);
  await expect(tasks.nth(0)).toContainText(`battery-${stamp}-fixed.xlsx`);
  for (const text of ["导入动力电池信息", "已完成", "1 / 1"]) await expect(tasks.nth(0)).toContainText(text);
  await expect(tasks.nth(1)).toContainText("2 / 2");
  await page.screenshot({ path: "test-results/screenshots/import-task-list-rows.png" });
  await tasks
    .nth(1)
    .getByRole("button", { name: `battery-${stamp}.xlsx 导入结果` })
    .click();
  const report = page.getByRole("dialog", { name: `导入结果 · battery-${stamp}.xlsx` });
  await expect(report.getByRole("group", { name: "导入结果" })).toContainText("失败1");
  await expect(report.getByRole("table", { name: "失败明细" })).toContainText(vinB);
  await page.screenshot({ path: "test-results/screenshots/import-task-list.png" });
  // The failed rows again, without the uploaded file at hand: from the report's own rows.
  const [again] = await Promise.all([
    page.waitForEvent("download"),
    report.getByRole("button", { name: "下载失败数据" }).click(),
  ]);
  expect(again.suggestedFilename()).toBe(`battery-${stamp}_导入失败数据.xlsx`);
  const againBook = new ExcelJS.Workbook();
  await againBook.xlsx.readFile(await again.path());
  const againSheet = againBook.worksheets[0];
  if (!againSheet) throw new Error("the failed-rows sheet has no sheet");
  expect(againSheet.rowCount).toBe(2);
  expect(againSheet.getRow(2).getCell(1).value).toBe(vinB);
  // The address keeps the list: a reload shows the import tasks again.
  await page.keyboard.press("Escape");
  await page.reload();
  await expect(page.getByRole("table", { name: "导入任务" })).toBeVisible();
});

test("filing: the operator sees no export buttons on either screen, and the export calls answer 403", async ({
  page,
}) => {
  await signIn(page, "operator", RECORDS);
  for (const [path, heading] of [
    [RECORDS, "备案车辆信息"],
    ["/baseInfo/newEnergyInfo", "备案基础信息"],
  ] as const) {
    await page.goto(`/#${path}`);
    await expect(page.getByRole("table", { name: heading }).locator("tbody tr")).toHaveCount(10);
    await expect(page.getByRole("button", { name: /^导出/ })).toHaveCount(0);
  }
  await page.goto(`/#${RECORDS}`);
  await page
    .getByRole("table", { name: "备案车辆信息" })
    .locator("tbody tr")
    .first()
    .getByRole("button", { name: "变更记录" })
    .click();
  await expect(page.getByRole("dialog").getByRole("button", { name: "导出变更记录" })).toHaveCount(0);
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  for (const path of ["/tsp-bss/nerVehicleExcel/export/all", "/tsp-bss/nerVehicleExcel/export/batteryInfo"]) {
    const answer = await page.request.post(path, { headers, data: {} });
    expect(answer.status(), path).toBe(403);
  }
});

test("filing base info: filled groups, details of every group, binding an announcement model", async ({ page }) => {
  await signIn(page, "admin", "/baseInfo/newEnergyInfo");
  await page.goto("/#/baseInfo/newEnergyInfo");
  const base = page.getByRole("table", { name: "备案基础信息" }).locator("tbody tr");
  await expect(base).toHaveCount(10);
  const vin = (await base.first().locator("td").first().innerText()).trim();
  await base.first().getByRole("button", { name: "详情" }).click();
  const detail = page.getByRole("dialog", { name: `车辆备案信息 ${vin}` });
  for (const group of ["车辆信息", "动力电池信息", "驱动电机信息", "终端信息"])
    await expect(detail.getByRole("region", { name: group })).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/ner-detail.png" });
  await detail.getByRole("button", { name: "关闭" }).first().click();

  await base.first().getByRole("button", { name: "绑定车型" }).click();
  const bind = page.getByRole("dialog", { name: `绑定公告车型 ${vin}` });
  const select = bind.getByLabel("选择公告型号");
  const current = await select.inputValue();
  const choices = await select
    .locator("option")
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter((v) => v !== ""));
  const next = choices.find((v) => v !== current);
  if (!next) throw new Error("only one announcement model is seeded");
  await select.selectOption(next);
  await expect(bind.getByText("整备质量(kg)")).toBeVisible();
  await bind.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("车型已绑定")).toBeVisible();
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const model = (
    await (await page.request.get(`/tsp-bss/nerVehicleInfo/getVehicleModelByVin?vin=${vin}`, { headers })).json()
  ).data;
  expect(String(model.vehicleModelId)).toBe(next);
});

/** Every worksheet of an .xlsx by name, its rows as arrays of cell values. */
async function sheetsOf(path: string): Promise<Map<string, unknown[][]>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const out = new Map<string, unknown[][]>();
  for (const sheet of book.worksheets) {
    const cells: unknown[][] = [];
    sheet.eachRow((row) => cells.push((row.values as unknown[]).slice(1)));
    out.set(sheet.name, cells);
  }
  return out;
}
