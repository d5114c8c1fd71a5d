import { expect, type Page, test } from "@playwright/test";
import { luhnCheckDigit } from "@tsp/domain";
import ExcelJS from "exceljs";
import { signIn, storedToken } from "./console-signin";

const table = (page: Page) => page.getByRole("table", { name: "SIM卡数据" });
const rows = (page: Page) => table(page).locator("tbody tr");
const loaded = (page: Page) => expect(table(page).locator("xpath=ancestor::div[1]").getByRole("status")).toHaveCount(0);

/** A China Unicom ICCID (issuer 01) that passes the register's Luhn check, unique per run. */
function newIccid(): string {
  const body = `898601${String(Date.now()).slice(-13).padStart(13, "0")}`;
  return `${body}${luhnCheckDigit(body)}`;
}

test("SIM cards: search in the address, pages, import with a per-row report, edit with concurrency, delete", async ({
  page,
}) => {
  await signIn(page, "admin", "/baseInfo/simCard");
  await page.goto("/#/baseInfo/simCard");
  await expect(page.getByRole("heading", { name: "SIM卡数据" })).toBeVisible();
  await expect(rows(page)).toHaveCount(10);

  // Search by carrier (behind 展开: the panel has 7 items); the filter goes into the address.
  await page.getByRole("button", { name: /展开/ }).click();
  await page.getByLabel("运营商").selectOption("CUCC");
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(page).toHaveURL(/carrier=CUCC/);
  await loaded(page);
  for (const carrier of await rows(page).locator("td:nth-child(3)").allInnerTexts()) expect(carrier).toBe("中国联通");
  await page.getByRole("button", { name: "第 2 页" }).click();
  await loaded(page);
  await expect(page.getByRole("button", { name: "第 2 页" })).toHaveAttribute("aria-current", "page");

  // Import: the template comes from its call; one good row and one bad row → the per-row report.
  await page.getByRole("button", { name: "导入", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "导入SIM卡" });
  const [template] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "下载模板" }).click(),
  ]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await template.path());
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error("the template has no sheet");
  expect(sheet.getRow(1).values).toContain("ICCID");
  const iccid = newIccid();
  sheet.spliceRows(2, sheet.rowCount);
  sheet.addRow([iccid, "", "中国联通", "库存", "", "", 30, "e2e"]);
  sheet.addRow(["8986011234", "", "中国移动", "库存", "", "", "", ""]);
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  const mimeType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
  await dialog.getByLabel("选择导入文件").setInputFiles({ name: "sim-import.xlsx", mimeType, buffer });
  await dialog.getByRole("button", { name: "导入", exact: true }).click();
  const result = dialog.getByRole("group", { name: "导入结果" });
  await expect(result).toContainText("成功1");
  await expect(result).toContainText("失败1");
  await expect(dialog.getByRole("table", { name: "失败明细" })).toContainText("8986011234");
  await page.screenshot({ path: "test-results/screenshots/sim-import-report.png" });
  await dialog.getByRole("button", { name: "完成" }).click();

  // The imported card is found by its ICCID.
  await page.getByRole("button", { name: "重置" }).click();
  await page.getByLabel("ICCID").fill(iccid);
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("库存");
  await rows(page).first().getByRole("button", { name: "详情" }).click();
  const detail = page.getByRole("dialog", { name: iccid });
  await expect(detail.getByText("套餐流量(MB)").locator("xpath=following-sibling::dd")).toHaveText("30");
  await expect(detail.getByText("备注").locator("xpath=following-sibling::dd")).toHaveText("e2e");
  await detail.getByRole("button", { name: "关闭" }).first().click();

  // Edit: the domain's rule shows under the field before anything is sent; then a save.
  await rows(page).first().getByRole("button", { name: "编辑" }).click();
  const edit = page.getByRole("dialog", { name: "编辑SIM卡" });
  await edit.getByLabel("卡状态").selectOption("active");
  await edit.getByLabel("套餐流量(MB)").fill("-1");
  await edit.getByRole("button", { name: "确定" }).click();
  await expect(edit.getByRole("alert").filter({ hasText: "套餐流量应为0至1048576之间的整数（MB）" })).toBeVisible();
  await edit.getByLabel("套餐流量(MB)").fill("100");
  await edit.getByLabel("激活日期").fill("2026-01-05");
  await page.waitForTimeout(2_100); // the dialog's confirm is throttled to once every 2 s (spec §5)
  await edit.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("保存成功")).toBeVisible();
  await expect(rows(page).first()).toContainText("已激活");

  // Someone else saves the card meanwhile: this editor's save is refused and the draft kept.
  await rows(page).first().getByRole("button", { name: "编辑" }).click();
  await edit.getByLabel("备注").fill("mine");
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const card = (await (await page.request.get(`/tsp-bss/simCard/detail?iccid=${iccid}`, { headers })).json()).data;
  const { vin: _v, plateNo: _p, realnameStatus: _r, monthUsageMb: _m, updateName: _u, ...fields } = card;
  const theirs = await page.request.post("/tsp-bss/simCard/update", { headers, data: { ...fields, remark: "theirs" } });
  expect(theirs.status()).toBe(200);
  await edit.getByRole("button", { name: "确定" }).click();
  await expect(edit.locator("form").getByText("该SIM卡已被他人修改，请刷新后重新编辑")).toBeVisible();
  await expect(edit.getByLabel("备注")).toHaveValue("mine");
  await edit.getByRole("button", { name: "取消" }).click();

  // Delete, after the question naming the card.
  await rows(page).first().getByRole("button", { name: "删除" }).click();
  const ask = page.getByRole("dialog", { name: "删除确认" });
  await expect(ask).toContainText(iccid);
  await ask.getByRole("button", { name: "删除" }).click();
  await expect(page.getByText("删除成功")).toBeVisible();
  await expect(rows(page)).toHaveCount(0);

  // Export of the current filters becomes a task in the export file list.
  await page.getByRole("button", { name: "重置" }).click();
  await page.getByRole("button", { name: "导出", exact: true }).click();
  await expect(page.getByText("导出任务已提交，请到导出文件列表查看")).toBeVisible();
});

test("SIM cards: the operator sees no export button and no edit/delete without those permissions", async ({ page }) => {
  await signIn(page, "operator", "/baseInfo/simCard");
  await page.goto("/#/baseInfo/simCard");
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByRole("button", { name: "导出", exact: true })).toHaveCount(0);
});
