import { expect, type Page, test } from "@playwright/test";
import { creditCodeCheckChar, MSG_CREDIT_CODE_CHECK } from "@tsp/domain";
import ExcelJS from "exceljs";
import { signIn } from "./console-signin";

const table = (page: Page, name: string) => page.getByRole("table", { name });
const rows = (page: Page, name: string) => table(page, name).locator("tbody tr");
const loaded = (page: Page, name: string) =>
  expect(table(page, name).locator("xpath=ancestor::div[1]").getByRole("status")).toHaveCount(0);
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** A code unique per run. */
const suffix = String(Date.now()).slice(-6);

test("gearboxes: pick a model in the search, import with a bad row, read the report, fix and re-import", async ({
  page,
}) => {
  await signIn(page, "admin", "/baseInfo/gearbox");
  await page.goto("/#/baseInfo/gearbox");
  await expect(page.getByRole("heading", { name: "变速箱信息" })).toBeVisible();
  await expect(rows(page, "变速箱信息")).toHaveCount(10);

  // The model picker is the spec's keyword search (getGearboxModel); the pick lands in the address.
  await page.getByRole("combobox", { name: "变速箱型号" }).fill("采埃孚");
  await page.getByRole("option", { name: "采埃孚 16S2230TO" }).click();
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(page).toHaveURL(/keyWords=ZF-16S2230TO/);
  await loaded(page, "变速箱信息");
  await expect(rows(page, "变速箱信息")).toHaveCount(1);
  await expect(rows(page, "变速箱信息").first()).toContainText("16S2230TO");

  // Import: the template from its call, one good row and one whose ratios do not match its gears.
  await page.getByRole("button", { name: "导入", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "导入变速箱信息" });
  const [template] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "下载模板" }).click(),
  ]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await template.path());
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error("the template has no sheet");
  expect(sheet.getRow(1).values).toContain("变速箱编码");
  const good = `E2E-GB-${suffix}`;
  const bad = `E2E-GB-${suffix}-B`;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  /** A workbook with the template's header row and these rows, chosen in the dialog. */
  const upload = async (name: string, lines: unknown[][]) => {
    const file = new ExcelJS.Workbook();
    file.addWorksheet("变速箱信息").addRows([headers, ...lines]);
    const buffer = Buffer.from(await file.xlsx.writeBuffer());
    await dialog.getByLabel("选择导入文件").setInputFiles({ name, mimeType: XLSX, buffer });
  };
  await upload("gearboxes.xlsx", [
    [good, "12JSDX240TA", "法士特", "手动", 4, 2400, "8.5/4.2/2.1/1.00", "e2e"],
    [bad, "S16AO", "法士特", "AMT", 16, 2600, "14.9/11.6/9.1", ""],
  ]);
  await dialog.getByRole("button", { name: "导入", exact: true }).click();
  const result = dialog.getByRole("group", { name: "导入结果" });
  await expect(result).toContainText("成功1");
  await expect(result).toContainText("失败1");
  const failures = dialog.getByRole("table", { name: "失败明细" });
  await expect(failures).toContainText(bad);
  await expect(failures).toContainText("速比个数（3）应与挡位数（16）一致");
  await page.screenshot({ path: "test-results/screenshots/gearbox-import-report.png" });
  await dialog.getByRole("button", { name: "完成" }).click();

  // The operator fixes the row (all sixteen ratios) and imports it again.
  const ratios = Array.from({ length: 16 }, (_, i) => (14.9 * (0.83 / 14.9) ** (i / 15)).toFixed(2)).join("/");
  await page.getByRole("button", { name: "导入", exact: true }).click();
  await upload("gearboxes-fixed.xlsx", [[bad, "S16AO", "法士特", "AMT", 16, 2600, ratios, ""]]);
  await page.waitForTimeout(2_100); // the dialog's confirm is throttled to once every 2 s (spec §5)
  await dialog.getByRole("button", { name: "导入", exact: true }).click();
  await expect(result).toContainText("成功1");
  await expect(result).toContainText("失败0");
  await dialog.getByRole("button", { name: "完成" }).click();

  // Both rows are found by keyword through the picker, with their type badges.
  await page.getByRole("button", { name: "重置" }).click();
  await page.getByRole("combobox", { name: "变速箱型号" }).fill(`E2E-GB-${suffix}`);
  await page.getByRole("option", { name: "法士特 S16AO" }).click();
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, "变速箱信息");
  await expect(rows(page, "变速箱信息")).toHaveCount(1);
  await expect(rows(page, "变速箱信息").first()).toContainText("AMT");
  await page.screenshot({ path: "test-results/screenshots/gearbox-list.png" });
});

test("finance institutions: a wrong credit code is refused under its field, then saved; an active one cannot be deleted", async ({
  page,
}) => {
  await signIn(page, "admin", "/baseInfo/financialInstitution");
  await page.goto("/#/baseInfo/financialInstitution");
  await expect(page.getByRole("heading", { name: "金融机构管理" })).toBeVisible();
  await loaded(page, "金融机构管理");

  await page.getByRole("button", { name: "新增", exact: true }).click();
  const form = page.getByRole("dialog", { name: "新增 · 金融机构管理" });
  const code = `FIN-E2E-${suffix}`;
  const first17 = "91310115MA1K4E2E0";
  const valid = first17 + creditCodeCheckChar(first17);
  const wrong = first17 + (valid.endsWith("1") ? "2" : "1");
  await form.getByLabel("机构编码").fill(code);
  await form.getByLabel("机构名称").fill(`浦东测试融资租赁有限公司${suffix}`);
  await form.getByLabel("机构类型").selectOption("leasing");
  await form.getByLabel("统一社会信用代码").fill(wrong);
  await form.getByLabel("联系电话").fill("021-68881234");
  await form.getByLabel("状态").selectOption("active");
  await form.getByRole("button", { name: "确定" }).click();
  await expect(form.getByRole("alert").filter({ hasText: MSG_CREDIT_CODE_CHECK })).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/finance-org-credit-code.png" });
  await form.getByLabel("统一社会信用代码").fill(valid);
  await page.waitForTimeout(2_100); // the dialog's confirm is throttled to once every 2 s (spec §5)
  await form.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("保存成功")).toBeVisible();

  // The new lender is offered by the getfinanceOrgList picker (those in cooperation).
  await page.getByRole("combobox", { name: "金融机构" }).fill("浦东测试");
  await page.getByRole("option", { name: `浦东测试融资租赁有限公司${suffix}` }).click();
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, "金融机构管理");
  await expect(rows(page, "金融机构管理")).toHaveCount(1);
  await expect(rows(page, "金融机构管理").first()).toContainText("合作中");

  // In cooperation it cannot be deleted; the server's reason is shown and the row stays.
  await rows(page, "金融机构管理").first().getByRole("button", { name: "删除" }).click();
  const ask = page.getByRole("dialog", { name: "删除确认" });
  await ask.getByRole("button", { name: "删除" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "合作中的金融机构不能删除，请先将状态改为已停用" }),
  ).toBeVisible();
  await ask.getByRole("button", { name: "取消" }).click();
  await expect(rows(page, "金融机构管理")).toHaveCount(1);
});
