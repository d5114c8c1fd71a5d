import { expect, type Page, test } from "@playwright/test";
import { MSG_TERMINAL_DELETE_FILED, MSG_VIN_CHECK_DIGIT, withVinCheckDigit } from "@tsp/domain";
import ExcelJS from "exceljs";
import { signIn } from "./console-signin";

const table = (page: Page, name: string) => page.getByRole("table", { name });
const rows = (page: Page, name: string) => table(page, name).locator("tbody tr");
const loaded = (page: Page, name: string) =>
  expect(table(page, name).locator("xpath=ancestor::div[1]").getByRole("status")).toHaveCount(0);
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** Six digits unique per run. */
const suffix = String(Date.now()).slice(-6);

test("machinery: find a machine through the findMeinListByDim picker, edit its owner, fit a terminal and file it; neither can be deleted then", async ({
  page,
}) => {
  await signIn(page, "admin", "/baseInfo/machineryInfo");
  await page.goto("/#/baseInfo/machineryInfo");
  await expect(page.getByRole("heading", { name: "机械信息" })).toBeVisible();
  await expect(rows(page, "机械信息")).toHaveCount(10);
  const pin = ((await rows(page, "机械信息").nth(2).locator("td").first().textContent()) ?? "").trim();
  expect(pin).toMatch(/^[0-9A-HJ-NPR-Z]{17}$/);

  // The PIN box is the spec's machinery picker (findMeinListByDim): part of the PIN finds it.
  await page.getByRole("combobox", { name: "机械PIN码" }).fill(pin.slice(-6));
  await page.getByRole("option", { name: new RegExp(`^${pin} `) }).click();
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`keyWords=${pin}`));
  await loaded(page, "机械信息");
  await expect(rows(page, "机械信息")).toHaveCount(1);

  // Detail, then an edit of the owner.
  const row = rows(page, "机械信息").first();
  await row.getByRole("button", { name: "详情" }).click();
  const detail = page.getByRole("dialog", { name: pin });
  await expect(detail).toContainText("发动机编号");
  await page.keyboard.press("Escape");
  await row.getByRole("button", { name: "编辑" }).click();
  const edit = page.getByRole("dialog", { name: `编辑 · ${pin}` });
  const owner = `浙江测试土石方工程有限公司${suffix}`;
  await edit.getByLabel("机械所有人").fill(owner);
  await edit.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("保存成功")).toBeVisible();
  await expect(rows(page, "机械信息").first()).toContainText(owner);
  await page.screenshot({ path: "test-results/screenshots/machinery-list.png" });

  // A new supervision terminal, fitted to that machine and submitted for filing.
  await page.goto("/#/baseInfo/blackBox");
  await expect(page.getByRole("heading", { name: "监管终端管理" })).toBeVisible();
  await loaded(page, "监管终端管理");
  await page.getByRole("button", { name: "新增", exact: true }).click();
  const form = page.getByRole("dialog", { name: "新增 · 监管终端管理" });
  const terminal = `E2E-T-${suffix}`;
  await form.getByLabel("终端编号").fill(terminal);
  await form.getByLabel("终端生产企业").fill("深圳市有为信息技术发展有限公司");
  await form.getByLabel("终端型号").fill("YW-FD100");
  await form.getByLabel("安全芯片编号").fill(`SCE2E${suffix}`);
  await form.getByLabel("ICCID").fill(`8986041234567${suffix}0`);
  await form.getByLabel("绑定机械PIN码").fill(pin.toLowerCase());
  await form.getByLabel("备案状态").selectOption("filing");
  await form.getByRole("button", { name: "确定" }).click();
  // Filing needs the install date: the domain's reason shows under the field, nothing is sent.
  await expect(form.getByRole("alert").filter({ hasText: "提交备案前须绑定机械并填写安装日期" })).toBeVisible();
  await form.getByLabel("安装日期").fill("2025-04-01");
  await page.waitForTimeout(2_100); // the dialog's confirm is throttled to once every 2 s (spec §5)
  await form.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("保存成功")).toBeVisible();
  await page.getByRole("textbox", { name: "关键字" }).fill(terminal);
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, "监管终端管理");
  await expect(rows(page, "监管终端管理")).toHaveCount(1);
  await expect(rows(page, "监管终端管理").first()).toContainText(pin);
  await expect(rows(page, "监管终端管理").first()).toContainText("备案中");
  await page.screenshot({ path: "test-results/screenshots/black-box-list.png" });

  // Being filed, the terminal cannot be deleted; nor can the machine it is fitted to.
  await rows(page, "监管终端管理").first().getByRole("button", { name: "删除" }).click();
  const ask = page.getByRole("dialog", { name: "删除确认" });
  await ask.getByRole("button", { name: "删除" }).click();
  await expect(page.getByRole("alert").filter({ hasText: MSG_TERMINAL_DELETE_FILED })).toBeVisible();
  await ask.getByRole("button", { name: "取消" }).click();
  await page.goto(`/#/baseInfo/machineryInfo?keyWords=${pin}`);
  await loaded(page, "机械信息");
  await rows(page, "机械信息").first().getByRole("button", { name: "删除" }).click();
  await page.getByRole("dialog", { name: "删除确认" }).getByRole("button", { name: "删除" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /该机械已绑定\d+台监管终端/ })).toBeVisible();
});

/** A row of the MES import template. */
const line = (vin: string, order: string) => [
  vin,
  "CA4250P66K24T1E6",
  "J6P-460-6X4-STD",
  "长春总装一厂",
  order,
  "2025-06-02",
  "2025-06-03",
  "",
  "",
  "e2e",
];

test("MES vehicles: import a day's batch with a bad VIN, read the report, fix and re-import, find it, export", async ({
  page,
}) => {
  await signIn(page, "admin", "/baseInfo/mes");
  await page.goto("/#/baseInfo/mes");
  await expect(page.getByRole("heading", { name: "MES车辆管理" })).toBeVisible();
  await expect(rows(page, "MES车辆管理")).toHaveCount(10);

  await page.getByRole("button", { name: "导入", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "导入MES车辆" });
  const [template] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "下载模板" }).click(),
  ]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await template.path());
  const headers = ((book.worksheets[0]?.getRow(1).values ?? []) as unknown[]).slice(1);
  expect(headers).toEqual([
    "VIN",
    "车辆型号",
    "配置代码",
    "生产工厂",
    "生产订单号",
    "上线日期",
    "下线日期",
    "发动机号",
    "T-BOX序列号",
    "备注",
  ]);
  const good = withVinCheckDigit(`LFWE2E6K0S${suffix}1`) as string;
  const fixed = withVinCheckDigit(`LFWE2E6K0S${suffix}2`) as string;
  const bad = `${fixed.slice(0, 8)}${fixed[8] === "1" ? "2" : "1"}${fixed.slice(9)}`;
  const upload = async (name: string, lines: unknown[][]) => {
    const file = new ExcelJS.Workbook();
    file.addWorksheet("MES车辆管理").addRows([headers, ...lines]);
    const buffer = Buffer.from(await file.xlsx.writeBuffer());
    await dialog.getByLabel("选择导入文件").setInputFiles({ name, mimeType: XLSX, buffer });
  };
  await upload("mes-batch.xlsx", [line(good, `PO-E2E-${suffix}-1`), line(bad, `PO-E2E-${suffix}-2`)]);
  await dialog.getByRole("button", { name: "导入", exact: true }).click();
  const result = dialog.getByRole("group", { name: "导入结果" });
  await expect(result).toContainText("成功1");
  await expect(result).toContainText("失败1");
  const failures = dialog.getByRole("table", { name: "失败明细" });
  await expect(failures).toContainText(bad);
  await expect(failures).toContainText(MSG_VIN_CHECK_DIGIT);
  await page.screenshot({ path: "test-results/screenshots/mes-import-report.png" });
  await dialog.getByRole("button", { name: "完成" }).click();

  // The fixed VIN goes in on a second try.
  await page.getByRole("button", { name: "导入", exact: true }).click();
  await upload("mes-batch-fixed.xlsx", [line(fixed, `PO-E2E-${suffix}-2`)]);
  await page.waitForTimeout(2_100); // the dialog's confirm is throttled to once every 2 s (spec §5)
  await dialog.getByRole("button", { name: "导入", exact: true }).click();
  await expect(result).toContainText("成功1");
  await expect(result).toContainText("失败0");
  await dialog.getByRole("button", { name: "完成" }).click();

  // Both are found by their production orders, and the list goes out as an export task.
  await page.getByRole("textbox", { name: "关键字" }).fill(`PO-E2E-${suffix}`);
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, "MES车辆管理");
  await expect(rows(page, "MES车辆管理")).toHaveCount(2);
  await expect(table(page, "MES车辆管理")).toContainText(fixed);
  await page.getByRole("button", { name: "导出", exact: true }).click();
  await expect(page.getByText("导出任务已提交，请到导出文件列表查看")).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/mes-list.png" });
});

test("head units: the ECU model picker is the spec's getECUList over the units", async ({ page }) => {
  await signIn(page, "admin", "/baseInfo/vehicleData");
  await page.goto("/#/baseInfo/vehicleData");
  await expect(page.getByRole("heading", { name: "车机数据" })).toBeVisible();
  await expect(rows(page, "车机数据")).toHaveCount(10);
  await page.getByRole("combobox", { name: "ECU型号" }).fill("博世");
  await page.getByRole("option", { name: "博世 EDC17C81" }).click();
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(page).toHaveURL(/keyWords=EDC17C81/);
  await loaded(page, "车机数据");
  const found = rows(page, "车机数据");
  await expect(found.first()).toContainText("EDC17C81");
  for (const r of await found.all()) await expect(r).toContainText("博世");
  await page.screenshot({ path: "test-results/screenshots/vehicle-data-list.png" });
});

test("app users: phones masked, a new user bound to a vehicle as its authorised driver (not a second owner), then unbound", async ({
  page,
}) => {
  await signIn(page, "admin", "/baseInfo/appUser");
  await page.goto("/#/baseInfo/appUser");
  await expect(page.getByRole("heading", { name: "APP用户信息" })).toBeVisible();
  await expect(rows(page, "APP用户信息")).toHaveCount(10);
  await expect(rows(page, "APP用户信息").first()).toContainText(/1\d{2}\*{4}\d{4}/);

  // A vehicle with an owner, from a seeded user's vehicles.
  let vin = "";
  for (const row of await rows(page, "APP用户信息").all()) {
    await row.getByRole("button", { name: "车辆" }).click();
    const vehicles = page.getByRole("dialog", { name: /^车辆 · / });
    const owned = vehicles.getByRole("row").filter({ hasText: "车主" });
    await expect(vehicles.getByRole("table", { name: "已绑定车辆" })).toBeVisible();
    if ((await owned.count()) > 0) vin = ((await owned.first().locator("td").first().textContent()) ?? "").trim();
    await vehicles.getByRole("button", { name: "关闭" }).click();
    if (vin !== "") break;
  }
  expect(vin).toMatch(/^[0-9A-HJ-NPR-Z]{17}$/);

  // A new user (the owner's family member), created on the register page.
  await page.getByRole("button", { name: "新增", exact: true }).click();
  const form = page.getByRole("dialog", { name: "新增 · APP用户信息" });
  const userId = `E2E-U-${suffix}`;
  await form.getByLabel("用户ID").fill(userId);
  await form.getByLabel("手机号").fill(`137${suffix}00`);
  await form.getByLabel("昵称").fill("测试家属");
  await form.getByLabel("实名状态").selectOption("verified");
  await form.getByLabel("账号状态").selectOption("enabled");
  await form.getByLabel("注册日期").fill("2025-05-01");
  await form.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("保存成功")).toBeVisible();
  await page.getByRole("textbox", { name: "关键字" }).fill(userId);
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, "APP用户信息");
  await expect(rows(page, "APP用户信息")).toHaveCount(1);
  await expect(rows(page, "APP用户信息").first()).toContainText(`137****${suffix.slice(-2)}00`);

  // As a second owner it is refused; as an authorised driver it is bound.
  await rows(page, "APP用户信息").first().getByRole("button", { name: "车辆" }).click();
  const dialog = page.getByRole("dialog", { name: `车辆 · 测试家属（${userId}）` });
  await expect(dialog).toContainText("尚未绑定车辆");
  await dialog.getByLabel("绑定VIN").fill(vin);
  await dialog.getByLabel("绑定身份").selectOption("owner");
  await dialog.getByRole("button", { name: "绑定", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: `车辆${vin}已有车主` })).toBeVisible();
  await dialog.getByLabel("绑定身份").selectOption("driver");
  await dialog.getByRole("button", { name: "绑定", exact: true }).click();
  const bound = dialog.getByRole("table", { name: "已绑定车辆" });
  await expect(bound).toContainText(vin);
  await expect(bound).toContainText("授权驾驶人");
  await page.screenshot({ path: "test-results/screenshots/app-user-vehicles.png" });

  // Unbound again.
  await bound.getByRole("button", { name: "解绑" }).click();
  await expect(dialog).toContainText("尚未绑定车辆");
});
