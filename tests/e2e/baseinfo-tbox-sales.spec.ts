import { expect, type Page, test } from "@playwright/test";
import { luhnCheckDigit } from "@tsp/domain";
import ExcelJS from "exceljs";
import { signIn } from "./console-signin";

const MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const table = (page: Page, name: string) => page.getByRole("table", { name });
const rows = (page: Page, name: string) => table(page, name).locator("tbody tr");
const loaded = (page: Page, name: string) =>
  expect(table(page, name).locator("xpath=ancestor::div[1]").getByRole("status")).toHaveCount(0);

/** An .xlsx of the template's header row and data rows (long numbers as text, as the template formats them). */
async function xlsxOf(headers: readonly unknown[], data: readonly (readonly unknown[])[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("TBOX数据");
  sheet.addRow([...headers]);
  for (const r of data) sheet.addRow([...r]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A 15-digit IMEI with its Luhn digit. */
const imeiOf = (n: number) => {
  const body = `35${String(n).padStart(12, "0")}`;
  return body + luhnCheckDigit(body);
};

test("T-BOX: a factory batch of 500 with bad rows, the per-row report, the fixed rows re-imported, one bound to a vehicle", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, "admin", "/baseInfo/tbox");
  await page.goto("/#/baseInfo/tbox");
  await expect(page.getByRole("heading", { name: "TBOX数据" })).toBeVisible();
  await expect(rows(page, "TBOX数据")).toHaveCount(10);

  // The template from its call, filled with 500 terminals of one delivery; three rows are bad.
  await page.getByRole("button", { name: "导入", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "导入TBOX数据" });
  const [template] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "下载模板" }).click(),
  ]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await template.path());
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error("the template has no sheet");
  const run = String(Date.now()).slice(-6);
  const sn = (i: number) => `E2E${run}${String(i).padStart(3, "0")}`;
  const good = (i: number) => [
    sn(i),
    "QT-AG35-T",
    "QUECTEL",
    "GB/T 32960",
    "H1.0",
    "V1.02",
    imeiOf(Number(run) * 1000 + i),
    "",
    "",
    "",
    "未注册",
    "2025-06-01",
    "",
  ];
  const bad = new Map<number, unknown[]>([
    [17, [sn(17), "QT-AG35-T", "QUECTEL", "MQTT", "H1.0", "V1.02", "", "", "", "", "未注册", "", ""]],
    [123, [sn(123), "QT-AG35-T", "QUECTEL", "GB/T 32960", "H1.0", "V1.0.23", "", "", "", "", "未注册", "", ""]],
    [456, [sn(456), "QT-AG35-T", "QUECTEL", "JT/T 808", "H1.0", "V1.02", "", "", "", "", "未注册", "", ""]],
  ]);
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(headers[0]).toBe("终端序列号");
  await dialog.getByLabel("选择导入文件").setInputFiles({
    name: "factory.xlsx",
    mimeType: MIME,
    buffer: await xlsxOf(
      headers,
      Array.from({ length: 500 }, (_, i) => bad.get(i) ?? good(i)),
    ),
  });
  await dialog.getByRole("button", { name: "导入", exact: true }).click();
  const result = dialog.getByRole("group", { name: "导入结果" });
  await expect(result).toContainText("成功497");
  await expect(result).toContainText("失败3");
  const failures = dialog.getByRole("table", { name: "失败明细" });
  await expect(failures).toContainText("通信协议应为GB/T 32960、JT/T 808或HJ 1239");
  await expect(failures).toContainText("5个字符");
  await expect(failures).toContainText("JT/T 808终端须填写终端ID");
  await page.screenshot({ path: "test-results/screenshots/tbox-import-report.png" });
  await dialog.getByRole("button", { name: "完成" }).click();

  // The three rows fixed and imported again.
  await page.getByRole("button", { name: "导入", exact: true }).click();
  const fixed = [
    good(17),
    good(123),
    [sn(456), "YX-T808-4G", "YAXON", "JT/T 808", "HW1.0", "FW2.1.0", "", "", "T808E2E", "", "未注册", "", ""],
  ];
  await dialog
    .getByLabel("选择导入文件")
    .setInputFiles({ name: "fixed.xlsx", mimeType: MIME, buffer: await xlsxOf(headers, fixed) });
  await page.waitForTimeout(2_100); // the dialog's confirm is throttled to once every 2 s (spec §5)
  await dialog.getByRole("button", { name: "导入", exact: true }).click();
  await expect(result).toContainText("成功3");
  await expect(result).toContainText("失败0");
  await dialog.getByRole("button", { name: "完成" }).click();

  // Found by serial through the spec's picker (fuzzyFindTboxSn); the filter lands in the address.
  await page.getByRole("combobox", { name: "终端序列号" }).fill(sn(456));
  await page.getByRole("option", { name: sn(456) }).click();
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`sn=${sn(456)}`));
  await loaded(page, "TBOX数据");
  await expect(rows(page, "TBOX数据")).toHaveCount(1);
  await expect(rows(page, "TBOX数据").first()).toContainText("未注册");
  await page.screenshot({ path: "test-results/screenshots/tbox-list.png" });

  // Binding to a vehicle that has a terminal is refused: one T-BOX per VIN.
  await rows(page, "TBOX数据").first().getByRole("button", { name: "绑定车辆" }).click();
  const bind = page.getByRole("dialog", { name: `绑定车辆 · ${sn(456)}` });
  await bind.getByRole("combobox").fill("L");
  await bind.getByRole("option").first().click();
  await bind.getByRole("button", { name: "绑定", exact: true }).click();
  await expect(page.getByText(/已绑定终端.*请先解绑/).first()).toBeVisible();
});

test("retail sales: record a sale of an unsold VIN, see it leave the unsold picker, undo it with a reason", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, "admin", "/baseInfo/vehicleSale");
  await page.goto("/#/baseInfo/vehicleSale");
  await expect(page.getByRole("heading", { name: "实销车辆" })).toBeVisible();
  await loaded(page, "实销车辆");

  // Pick an unsold vehicle (findUnSale) and record its sale.
  await page.getByRole("button", { name: "录入销售" }).click();
  const pick = page.getByRole("dialog", { name: "录入销售 · 选择车辆" });
  await pick.getByRole("combobox").fill("L");
  const first = pick.getByRole("option").first();
  const vin = ((await first.textContent()) ?? "").slice(0, 17);
  expect(vin).toHaveLength(17);
  await first.click();
  await pick.getByRole("button", { name: "下一步" }).click();
  const form = page.getByRole("dialog", { name: `录入销售 · ${vin}` });
  await form.getByLabel("销售经销商").selectOption({ index: 1 });
  await form.getByLabel("购车方名称").fill("王小明");
  await form.getByLabel("联系电话").fill("13912345678");
  await form.getByLabel("证件号码").fill("440304199001011230");
  await form.getByLabel("发票号码").fill("00012345");
  await form.getByLabel("开票价格(元)").fill("268800");
  await form.getByRole("button", { name: "确定" }).click();
  // The domain's ID-card rule shows under the field before anything is sent.
  await expect(form.getByRole("alert").filter({ hasText: "请输入正确的18位身份证号码" })).toBeVisible();
  await form.getByLabel("证件号码").fill("11010519491231002X");
  await page.waitForTimeout(2_100); // the dialog's confirm is throttled to once every 2 s (spec §5)
  await form.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("保存成功")).toBeVisible();

  // The VIN has left the unsold picker.
  await page.getByRole("button", { name: "录入销售" }).click();
  await pick.getByRole("combobox").fill(vin);
  await expect(pick.getByRole("option", { name: new RegExp(vin) })).toHaveCount(0);
  await pick.getByRole("button", { name: "取消" }).click();

  // The sale in the list (found by VIN); undo needs a reason, then the VIN is unsold again.
  await page.getByLabel("VIN").first().fill(vin);
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, "实销车辆");
  await expect(rows(page, "实销车辆")).toHaveCount(1);
  await expect(rows(page, "实销车辆").first()).toContainText("1101**********002X");
  await page.screenshot({ path: "test-results/screenshots/vehicle-sale-list.png" });
  await rows(page, "实销车辆").first().getByRole("button", { name: "撤销销售" }).click();
  const undo = page.getByRole("dialog", { name: `撤销销售 · ${vin}` });
  await undo.getByLabel("撤销原因").fill("录错车架号");
  await undo.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("已撤销销售")).toBeVisible();
  await expect(rows(page, "实销车辆")).toHaveCount(0);
  await page.getByRole("button", { name: "录入销售" }).click();
  await pick.getByRole("combobox").fill(vin);
  await expect(pick.getByRole("option", { name: new RegExp(vin) })).toHaveCount(1);
});
