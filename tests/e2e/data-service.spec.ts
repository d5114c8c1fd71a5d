import { expect, type Page, test } from "@playwright/test";
import { MSG_DBC_SG, MSG_FAULT_CODE_FORM } from "@tsp/domain";
import ExcelJS from "exceljs";
import { signIn } from "./console-signin";

/**
 * 数据服务 in the browser: the fault-code dictionary (search by protocol and keyword, import
 * with a bad row and its per-row report, re-import the fixed row, edit, export) and the CAN
 * signals (a DBC file with an unreadable line is previewed with the line's report and saves
 * nothing; the fixed file is imported and its signals are listed).
 */
const table = (page: Page, name: string) => page.getByRole("table", { name });
const rows = (page: Page, name: string) => table(page, name).locator("tbody tr");
const loaded = (page: Page, name: string) =>
  expect(table(page, name).locator("xpath=ancestor::div[1]").getByRole("status")).toHaveCount(0);
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** Codes unique per run (the browser suite may run against a kept data folder). */
const n = Number(String(Date.now()).slice(-3));
const hex3 = (i: number) => i.toString(16).toUpperCase().padStart(3, "0");

test("fault codes: search, import with a bad row, read the report, fix and re-import, edit, export", async ({
  page,
}) => {
  const list = "报文故障码管理";
  await signIn(page, "admin", "/dataService/faultCodeManagement");
  await page.goto("/#/dataService/faultCodeManagement");
  await expect(page.getByRole("heading", { name: list })).toBeVisible();
  await expect(rows(page, list)).toHaveCount(10);

  // Search: J1939 codes of after-treatment whose name says 尿素.
  await page.getByLabel("协议类型").selectOption("j1939");
  await page.getByLabel("关键字").fill("尿素");
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(page).toHaveURL(/protocol=j1939/);
  await loaded(page, list);
  await expect(rows(page, list)).toHaveCount(1);
  await expect(rows(page, list).first()).toContainText("SPN1761-FMI1");
  await expect(rows(page, list).first()).toContainText("尿素液位过低");

  // Import: one good DTC and one written in the wrong form for its protocol.
  const good = `P1${hex3(n)}`;
  const bad = `P${hex3(n)}99`;
  await page.getByRole("button", { name: "导入", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "导入故障码" });
  const [template] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "下载模板" }).click(),
  ]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await template.path());
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error("the template has no sheet");
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(headers).toEqual(["故障码", "协议类型", "所属系统", "故障等级", "中文名称", "故障描述", "处理建议"]);
  const upload = async (name: string, lines: unknown[][]) => {
    const file = new ExcelJS.Workbook();
    file.addWorksheet("报文故障码").addRows([headers, ...lines]);
    const buffer = Buffer.from(await file.xlsx.writeBuffer());
    await dialog.getByLabel("选择导入文件").setInputFiles({ name, mimeType: XLSX, buffer });
  };
  await upload("fault-codes.xlsx", [
    [good, "OBD/UDS故障码", "发动机", "2级 一般", "进气温度传感器信号不合理", "", "检查传感器插接件"],
    [bad, "OBD/UDS故障码", "发动机", "1级 轻微", "格式错误的故障码", "", ""],
  ]);
  await dialog.getByRole("button", { name: "导入", exact: true }).click();
  const result = dialog.getByRole("group", { name: "导入结果" });
  await expect(result).toContainText("成功1");
  await expect(result).toContainText("失败1");
  const failures = dialog.getByRole("table", { name: "失败明细" });
  await expect(failures).toContainText(bad);
  await expect(failures).toContainText(MSG_FAULT_CODE_FORM.dtc);
  await page.screenshot({ path: "test-results/screenshots/fault-code-import-report.png" });
  await dialog.getByRole("button", { name: "完成" }).click();

  // The operator fixes the code (a J1939 SPN-FMI) and imports it again.
  await page.getByRole("button", { name: "导入", exact: true }).click();
  await upload("fault-codes-fixed.xlsx", [
    [`SPN${520_000 + n}-FMI3`, "J1939 SPN-FMI", "后处理", "1级 轻微", "格式已修正的故障码", "", ""],
  ]);
  await page.waitForTimeout(2_100); // the dialog's confirm is throttled to once every 2 s (spec §5)
  await dialog.getByRole("button", { name: "导入", exact: true }).click();
  await expect(result).toContainText("成功1");
  await expect(result).toContainText("失败0");
  await dialog.getByRole("button", { name: "完成" }).click();

  // Find the imported DTC, edit its remedy, see it saved.
  await page.getByRole("button", { name: "重置" }).click();
  await page.getByLabel("关键字").fill(good);
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, list);
  await expect(rows(page, list)).toHaveCount(1);
  await rows(page, list).first().getByRole("button", { name: "编辑" }).click();
  const form = page.getByRole("dialog", { name: `编辑 · ${good}` });
  await form.getByLabel("处理建议").fill("更换进气温度传感器");
  await form.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("保存成功")).toBeVisible();
  await rows(page, list).first().getByRole("button", { name: "详情" }).click();
  await expect(page.getByRole("dialog", { name: good })).toContainText("更换进气温度传感器");
  await page.keyboard.press("Escape");

  // Export the search as a task in the export file list.
  await page.getByRole("button", { name: "导出", exact: true }).click();
  await expect(page.getByText("导出任务已提交，请到导出文件列表查看")).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/fault-code-list.png" });
});

/** A small DBC file; `unit` is written as given (unquoted is a broken line). */
const dbc = (unit: string) =>
  [
    'VERSION ""',
    "BU_: Engine VCU",
    "BO_ 2364540158 EEC1: 8 Engine",
    ' SG_ EngSpeed : 24|16@1+ (0.125,0) [0|8031.875] "rpm" VCU',
    ' SG_ ActualEngPercentTorque : 16|8@1+ (1,-125) [-125|125] "%" VCU',
    "BO_ 2566844670 ET1: 8 Engine",
    ` SG_ EngCoolantTemp : 0|8@1+ (1,-40) [-40|210] ${unit} VCU`,
    'CM_ SG_ 2364540158 EngSpeed "发动机转速";',
    'BA_ "GenMsgCycleTime" BO_ 2364540158 20;',
  ].join("\n");

test("CAN signals: a DBC file with an unreadable line saves nothing; the fixed file's signals are listed", async ({
  page,
}) => {
  const list = "CAN信号采集";
  const model = `E2E${n}DBC`;
  await signIn(page, "admin", "/dataService/can");
  await page.goto("/#/dataService/can");
  await expect(page.getByRole("heading", { name: list })).toBeVisible();
  await expect(rows(page, list)).toHaveCount(10);

  await page.getByRole("button", { name: "导入DBC" }).click();
  const dialog = page.getByRole("dialog", { name: "导入DBC文件" });
  await dialog.getByLabel("车型代号").fill(model);
  await dialog
    .getByLabel("DBC文件")
    .setInputFiles({ name: "engine.dbc", mimeType: "text/plain", buffer: Buffer.from(dbc("degC")) });
  await dialog.getByRole("button", { name: "确认导入" }).click();
  // Line 7 has its unit without quotes: reported with its number and reason, nothing saved.
  const problems = dialog.getByRole("table", { name: "不能导入的行" });
  await expect(problems.locator("tbody tr")).toHaveCount(1);
  await expect(problems.locator("tbody tr").first()).toContainText("7");
  await expect(problems).toContainText(MSG_DBC_SG);
  await expect(dialog.getByRole("status")).toContainText("未保存");
  await expect(dialog.getByRole("table", { name: "读取到的信号" }).locator("tbody tr")).toHaveCount(2);
  await page.screenshot({ path: "test-results/screenshots/dbc-import-report.png" });

  // The fixed file: previewed, then imported.
  await dialog
    .getByLabel("DBC文件")
    .setInputFiles({ name: "engine.dbc", mimeType: "text/plain", buffer: Buffer.from(dbc('"degC"')) });
  await dialog.getByRole("button", { name: "读取预览" }).click();
  const signals = dialog.getByRole("table", { name: "读取到的信号" });
  await expect(signals.locator("tbody tr")).toHaveCount(3);
  await expect(signals).toContainText("发动机转速");
  await expect(dialog.getByRole("status")).toContainText("预览，尚未保存");
  await page.waitForTimeout(2_100); // the dialog's confirm is throttled to once every 2 s (spec §5)
  await dialog.getByRole("button", { name: "确认导入" }).click();
  await expect(dialog.getByRole("status")).toContainText("已导入3个信号");
  await page.screenshot({ path: "test-results/screenshots/dbc-import-saved.png" });
  await page.keyboard.press("Escape");

  // The model's signals in the list, with the message id, start bit and period from the file.
  await page.getByLabel("关键字").fill(model);
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, list);
  await expect(rows(page, list)).toHaveCount(3);
  const speed = rows(page, list).filter({ hasText: "EngSpeed" });
  await expect(speed).toContainText("0x0CF004FE");
  await expect(speed).toContainText("发动机转速");
  await expect(speed).toContainText("rpm");
  await page.screenshot({ path: "test-results/screenshots/can-signal-list.png" });
});

test("dictionaries and head-unit systems: a code without its dictionary's prefix is refused under its field; a released system is retired before it is deleted", async ({
  page,
}) => {
  await signIn(page, "admin", "/dataService/base");
  await page.goto("/#/dataService/base");
  await expect(page.getByRole("heading", { name: "基础数据维护" })).toBeVisible();
  await page.getByLabel("所属字典").selectOption("fuelType");
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, "基础数据维护");
  await expect(rows(page, "基础数据维护")).toHaveCount(8);
  await expect(table(page, "基础数据维护")).toContainText("汽油");

  await page.getByRole("button", { name: "新增", exact: true }).click();
  const form = page.getByRole("dialog", { name: "新增 · 基础数据维护" });
  await form.getByLabel("字典项编码").fill(`USE_E2E${n}`);
  await form.getByLabel("所属字典").selectOption("vehicleColor");
  await form.getByLabel("显示名称").fill("香槟金");
  await form.getByLabel("排序").fill("20");
  await form.getByLabel("状态").selectOption("enabled");
  await form.getByRole("button", { name: "确定" }).click();
  await expect(form.getByRole("alert").filter({ hasText: "车身颜色的编码应以COLOR_开头" })).toBeVisible();
  await form.getByLabel("字典项编码").fill(`COLOR_E2E${n}`);
  await page.waitForTimeout(2_100); // the dialog's confirm is throttled to once every 2 s (spec §5)
  await form.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("保存成功")).toBeVisible();

  await page.goto("/#/dataService/infoSystem");
  await expect(page.getByRole("heading", { name: "车载信息系统管理" })).toBeVisible();
  await page.getByLabel("状态").selectOption("released");
  await page.getByLabel("关键字").fill("DILINK");
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, "车载信息系统管理");
  await expect(rows(page, "车载信息系统管理")).toHaveCount(1);
  await rows(page, "车载信息系统管理").first().getByRole("button", { name: "删除" }).click();
  const ask = page.getByRole("dialog", { name: "删除确认" });
  await ask.getByRole("button", { name: "删除" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "已发布的车载信息系统不能删除，请先将状态改为已停用" }),
  ).toBeVisible();
  await ask.getByRole("button", { name: "取消" }).click();
  await expect(rows(page, "车载信息系统管理")).toHaveCount(1);
  await page.screenshot({ path: "test-results/screenshots/info-system-list.png" });
});
