import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { signIn } from "./console-signin";

const rows = (page: Page, name: string) => page.getByRole("table", { name }).locator("tbody tr");
/** A code unique per run (the e2e server keeps its database between tests of a run). */
const suffix = () => String(Date.now()).slice(-6);
/** The dialog's confirm is throttled to once every 2 s (spec §5). */
const throttle = (page: Page) => page.waitForTimeout(2_100);

test("dealers: create a secondary dealer under a selling dealer in a region, find it by region, see why it cannot be deleted", async ({
  page,
}) => {
  const code = `E2E-X${suffix()}`;
  const name = `佛山市顺德区E2E二级网点${code.slice(-6)}`;
  await signIn(page, "admin", "/baseInfo/dealer");
  await page.goto("/#/baseInfo/dealer");
  await expect(page.getByRole("heading", { name: "经销商信息" })).toBeVisible();
  await expect(rows(page, "经销商信息").first()).toBeVisible();

  await page.getByRole("button", { name: "新增经销商" }).click();
  const form = page.getByRole("dialog", { name: "新增经销商" });
  await form.getByLabel("经销商编码").fill(code);
  await form.getByLabel("经销商名称").fill(name);
  await form.getByLabel("经销商类型").selectOption("secondary");
  await form.getByLabel("所在区域 省").selectOption({ label: "广东省" });
  await form.getByLabel("所在区域 市").selectOption({ label: "佛山市" });
  await form.getByLabel("所在区域 区县").selectOption({ label: "顺德区" });
  await form.getByLabel("详细地址").fill("顺德区大良街道德和路8号");
  await form.getByLabel("地图位置 lng").fill("113.25");
  await form.getByLabel("地图位置 lat").fill("22.84");
  await form.getByLabel("联系人").fill("黄立新");
  await form.getByLabel("联系电话").fill("0757-223");
  await form.getByRole("checkbox", { name: "解放" }).check();
  // The domain's rules answer before anything is sent: no parent yet, a phone that is neither kind.
  await form.getByRole("button", { name: "确定" }).click();
  await expect(form.getByRole("alert").filter({ hasText: "二级经销商须选择上级经销商" })).toBeVisible();
  await expect(form.getByRole("alert").filter({ hasText: "请输入以1开头的11位手机号或固定电话" })).toBeVisible();
  await form.getByLabel("联系电话").fill("0757-22334455");
  // The parent is picked by keyword from the selling dealers (getSaleDealer).
  await form.getByRole("combobox", { name: "上级经销商" }).fill("深圳");
  await page
    .getByRole("option", { name: /深圳市新能源汽车销售服务有限公司/ })
    .first()
    .click();
  await throttle(page);
  await form.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("保存成功")).toBeVisible();
  await expect(form).toHaveCount(0);

  // Found by region: 广东省 › 佛山市 on the region tree of the search form (behind 展开).
  await page.getByRole("button", { name: /展开/ }).click();
  await page.getByRole("button", { name: "请选择所在区域" }).click();
  await page.getByRole("treeitem", { name: "广东省" }).locator("button").click();
  await page.getByRole("treeitem", { name: "佛山市" }).click();
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(page).toHaveURL(/areaId=440600/);
  const found = rows(page, "经销商信息").filter({ hasText: code });
  await expect(found).toHaveCount(1);
  await expect(found).toContainText("深圳市新能源汽车销售服务有限公司");
  await expect(found).toContainText("广东省/佛山市/顺德区");

  await found.getByRole("button", { name: "详情" }).click();
  const detail = page.getByRole("dialog", { name });
  await expect(detail.getByText("地图位置").locator("xpath=following-sibling::dd")).toHaveText("113.250000, 22.840000");
  await expect(detail.getByText("同区县经销商").locator("xpath=following-sibling::dd")).toHaveText(
    "同区县暂无其他经销商",
  );
  await page.screenshot({ path: "test-results/screenshots/dealer-detail.png" });
  await detail.getByRole("button", { name: "关闭" }).first().click();

  // Still open: the delete is refused with what to do first.
  await found.getByRole("button", { name: "删除" }).click();
  const ask = page.getByRole("dialog", { name: "删除确认" });
  await ask.getByRole("button", { name: "删除" }).click();
  await expect(page.getByText("经销商仍在营业，请先设为停业后再删除").first()).toBeVisible();
  await ask.getByRole("button", { name: "取消" }).click();
  await expect(found).toHaveCount(1);
});

test("service stations: import with a bad row, read the report, find the good one", async ({ page }) => {
  const code = `E2E-S${suffix()}`;
  await signIn(page, "admin", "/baseInfo/serviceStation");
  await page.goto("/#/baseInfo/serviceStation");
  await expect(page.getByRole("heading", { name: "服务站信息" })).toBeVisible();
  await expect(rows(page, "服务站信息").first()).toBeVisible();

  await page.getByRole("button", { name: "导入", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "导入服务站" });
  const [template] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "下载模板" }).click(),
  ]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await template.path());
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error("the template has no sheet");
  expect(sheet.getRow(1).values).toContain("服务站编码");
  sheet.spliceRows(2, sheet.rowCount);
  const good = [
    code,
    `佛山顺德E2E服务站${code.slice(-6)}`,
    "440606",
    "容桂街道容奇大道2号",
    113.27,
    22.78,
    "梁志华",
    "0757-28881234",
    "保养、维修、三电检修",
    "比亚迪、解放",
    "一类维修企业",
    "在营",
  ];
  sheet.addRow(good);
  sheet.addRow([
    `${code}B`,
    "佛山E2E快修点",
    "440606",
    "容桂街道1号",
    "",
    "",
    "梁志华",
    "13922334455",
    "保养、三电检修",
    "比亚迪",
    "三类维修企业",
    "在营",
  ]);
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  const mimeType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
  await dialog.getByLabel("选择导入文件").setInputFiles({ name: "stations.xlsx", mimeType, buffer });
  await dialog.getByRole("button", { name: "导入", exact: true }).click();
  const result = dialog.getByRole("group", { name: "导入结果" });
  await expect(result).toContainText("成功1");
  await expect(result).toContainText("失败1");
  const failed = dialog.getByRole("table", { name: "失败明细" });
  await expect(failed).toContainText(`${code}B`);
  await expect(failed).toContainText("三电检修须由一类或二类维修企业承担");
  await page.screenshot({ path: "test-results/screenshots/station-import-report.png" });
  await dialog.getByRole("button", { name: "完成" }).click();

  await page.getByLabel("服务站编码").fill(code);
  await page.getByRole("button", { name: "查询", exact: true }).click();
  const found = rows(page, "服务站信息");
  await expect(found).toHaveCount(1);
  await expect(found.first()).toContainText("广东省/佛山市/顺德区");
  await expect(found.first()).toContainText("保养、维修、三电检修");
  await expect(found.first()).toContainText("一类维修企业");
  await page.screenshot({ path: "test-results/screenshots/station-list.png" });
});
