import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { signIn, storedToken } from "./console-signin";

const MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const HEADING = "租赁车辆管理";
const table = (page: Page, name: string) => page.getByRole("table", { name });
const rows = (page: Page, name: string) => table(page, name).locator("tbody tr");
const loaded = (page: Page, name: string) =>
  expect(table(page, name).locator("xpath=ancestor::div[1]").getByRole("status")).toHaveCount(0);

/** yyyy-MM-dd in China time, `days` from today. */
const chinaDay = (days = 0) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** VINs of the tenant no contract holds (the seed leaves some free): from the VIN picker and the contract list. */
async function freeVins(page: Page): Promise<string[]> {
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const get = async (url: string) =>
    ((await (await page.request.get(url, { headers })).json()) as { data: { list: { vin: string }[] } }).data.list;
  const held = new Set((await get("/tsp-bss/leaseContract/list?pageSize=1000")).map((c) => c.vin));
  return (await get("/tsp-bss/v1/vehicle/findVinListByDim?pageNum=1&pageSize=100"))
    .map((v) => v.vin)
    .filter((v) => !held.has(v));
}

/** The rental report's row of this month as the table shows it. */
async function thisMonthRow(page: Page) {
  await page.goto("/#/lease/vehicleRental");
  await expect(page.getByRole("heading", { name: "车辆租赁报表" })).toBeVisible();
  await loaded(page, "车辆租赁报表");
  return rows(page, "车辆租赁报表").filter({ hasText: chinaDay().slice(0, 7) });
}

test("lease: file a contract for a seeded vehicle and see it in the rental report; import contracts with a bad row and read the per-row report", async ({
  page,
}) => {
  test.setTimeout(80_000);
  await signIn(page, "admin", "/lease/leaseVehicle");
  await page.goto("/#/lease/leaseVehicle");
  await expect(page.getByRole("heading", { name: HEADING })).toBeVisible();
  await loaded(page, HEADING);
  await expect(rows(page, HEADING).first()).toBeVisible();
  const [vin, second, third] = await freeVins(page);
  if (!vin || !second || !third) throw new Error("the seed leaves no free vehicle");

  // The report before: this month's new contracts.
  const before = Number((await (await thisMonthRow(page)).locator("td").nth(2).textContent()) ?? "0");

  // 新增合同: pick the vehicle, fill the contract; the domain's rules show before sending.
  await page.goto("/#/lease/leaseVehicle");
  await page.getByRole("button", { name: "新增合同" }).click();
  const pick = page.getByRole("dialog", { name: "新增合同 · 选择车辆" });
  await pick.getByRole("combobox").fill(vin);
  await pick.getByRole("option", { name: new RegExp(vin) }).click();
  await pick.getByRole("button", { name: "下一步" }).click();
  const form = page.getByRole("dialog", { name: `新增租赁合同 · ${vin}` });
  const run = String(Date.now()).slice(-6);
  const contractNo = `ZL-E2E-${run}`;
  await form.getByLabel("合同编号").fill(contractNo);
  await form.getByLabel("租赁机构").selectOption({ index: 1 });
  await form.getByLabel("承租方名称").fill("深圳市鹏程物流有限公司");
  await form.getByLabel("联系电话").fill("13800138000");
  await form.getByLabel("证件号码").fill("91440300MA5G0RQK8X");
  await form.getByLabel("月租金(元)").fill("4500.5");
  await form.getByRole("button", { name: "确定" }).click();
  await expect(form.getByRole("alert").filter({ hasText: "统一社会信用代码应为18位且校验位正确" })).toBeVisible();
  await form.getByLabel("承租方类型").selectOption({ label: "个人" });
  await form.getByLabel("承租方名称").fill("王小明");
  await form.getByLabel("证件号码").fill("11010519491231002X");
  await page.waitForTimeout(2_100); // the dialog's confirm is throttled to once every 2 s (spec §5)
  await form.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("保存成功")).toBeVisible();

  // Found by its number: on lease from today, the lessee masked.
  await page.getByLabel("合同编号").first().fill(contractNo);
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, HEADING);
  await expect(rows(page, HEADING)).toHaveCount(1);
  await expect(rows(page, HEADING).first()).toContainText("租赁中");
  await expect(rows(page, HEADING).first()).toContainText("138****8000");
  await expect(rows(page, HEADING).first()).toContainText("4,500.50");
  await page.screenshot({ path: "test-results/screenshots/lease-list.png" });

  // The rental report counts it this month.
  const after = await thisMonthRow(page);
  await expect(after.locator("td").nth(2)).toHaveText(String(before + 1));
  await expect(page.getByRole("figure", { name: "车辆租赁月度趋势" })).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/lease-rental-report.png" });

  // Import: a file with a bad row saves nothing and lists the row; the fixed file saves both.
  await page.goto("/#/lease/leaseVehicle");
  await loaded(page, HEADING);
  await page.getByRole("button", { name: "导入", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "导入租赁合同" });
  const [template] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "下载模板" }).click(),
  ]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await template.path());
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error("the template has no sheet");
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(headers[0]).toBe("合同编号");
  const org = String(sheet.getRow(2).getCell(3).value);
  const row = (no: string, v: string, type: string) => [
    no,
    v,
    org,
    type,
    "李娜",
    "13912345678",
    "11010519491231002X",
    chinaDay(),
    chinaDay(364),
    3200,
    6000,
    "",
  ];
  const fileOf = async (data: unknown[][]) => {
    const out = new ExcelJS.Workbook();
    const s = out.addWorksheet("租赁合同");
    s.addRow(headers);
    for (const r of data) s.addRow(r);
    return Buffer.from(await out.xlsx.writeBuffer());
  };
  await dialog.getByLabel("选择导入文件").setInputFiles({
    name: "contracts.xlsx",
    mimeType: MIME,
    buffer: await fileOf([row(`ZL-I-${run}-1`, second, "个人"), row(`ZL-I-${run}-2`, third, "团体")]),
  });
  await dialog.getByRole("button", { name: "导入", exact: true }).click();
  const result = dialog.getByRole("group", { name: "导入结果" });
  await expect(result).toContainText("成功0");
  await expect(result).toContainText("失败1");
  const failures = dialog.getByRole("table", { name: "失败明细" });
  await expect(failures).toContainText("承租方类型应为个人或企业");
  await page.screenshot({ path: "test-results/screenshots/lease-import-report.png" });
  await dialog.getByRole("button", { name: "完成" }).click();
  await page.getByLabel("合同编号").first().fill(`ZL-I-${run}`);
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(table(page, HEADING).locator("xpath=ancestor::div[1]").getByRole("status")).toHaveText("暂无数据");

  // The row fixed, the same file again: both contracts saved.
  await page.getByRole("button", { name: "导入", exact: true }).click();
  await dialog.getByLabel("选择导入文件").setInputFiles({
    name: "contracts.xlsx",
    mimeType: MIME,
    buffer: await fileOf([row(`ZL-I-${run}-1`, second, "个人"), row(`ZL-I-${run}-2`, third, "个人")]),
  });
  await page.waitForTimeout(2_100); // the dialog's confirm is throttled to once every 2 s (spec §5)
  await dialog.getByRole("button", { name: "导入", exact: true }).click();
  await expect(result).toContainText("成功2");
  await dialog.getByRole("button", { name: "完成" }).click();
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, HEADING);
  await expect(rows(page, HEADING)).toHaveCount(2);
});

test("finance: find the overdue loans, request a remote restriction of one and review it", async ({ page }) => {
  test.setTimeout(60_000);
  const HEAD = "金融管理";
  await signIn(page, "admin", "/finance/index");
  await page.goto("/#/finance/index");
  await expect(page.getByRole("heading", { name: HEAD })).toBeVisible();
  await loaded(page, HEAD);
  // The search card shows its first row until 展开 (it folds again after a search).
  const expand = async () => {
    const more = page.getByRole("button", { name: /展开/ });
    if (await more.isVisible()) await more.click();
  };
  await expand();
  await page.getByLabel("还款状态").selectOption({ label: "逾期" });
  await page.getByLabel("远程限制", { exact: true }).selectOption({ label: "未申请" });
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, HEAD);
  const row = rows(page, HEAD).first();
  await expect(row).toContainText(/逾期\d+天/);
  const loanNo = ((await row.locator("td").first().textContent()) ?? "").trim();
  await page.screenshot({ path: "test-results/screenshots/finance-list.png" });

  await row.getByRole("button", { name: "申请限制" }).click();
  const ask = page.getByRole("dialog", { name: `申请远程限制 · ${loanNo}` });
  await ask.getByLabel("申请原因").fill("连续逾期，多次催收未果");
  await ask.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("已提交限制申请")).toBeVisible();

  await page.getByLabel("贷款编号").first().fill(loanNo);
  await expand();
  await page.getByLabel("远程限制", { exact: true }).selectOption({ label: "待处理" });
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, HEAD);
  await expect(rows(page, HEAD)).toHaveCount(1);
  await rows(page, HEAD).first().getByRole("button", { name: "审核" }).click();
  const review = page.getByRole("dialog", { name: `审核限制申请 · ${loanNo}` });
  await review.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("审核完成")).toBeVisible();
  await expand();
  await page.getByLabel("远程限制", { exact: true }).selectOption({ label: "已执行" });
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, HEAD);
  await rows(page, HEAD).first().getByRole("button", { name: "详情" }).click();
  const detail = page.getByRole("dialog", { name: loanNo });
  await expect(detail).toContainText("连续逾期，多次催收未果");
  await expect(detail).toContainText("申请限制");
  await page.screenshot({ path: "test-results/screenshots/finance-detail.png" });
});

test("lease reports: purchase, operation and history open with their chart and table", async ({ page }) => {
  test.setTimeout(45_000);
  await signIn(page, "admin", "/lease/vehicleBuy");
  for (const [path, title, chart, name] of [
    ["/lease/vehicleBuy", "车辆购买报表", "车辆购买月度趋势", "buy"],
    ["/lease/vehicleOperation", "车辆运营报表", "在租与上线车辆", "operation"],
    ["/lease/leaseHistory", "车辆租赁历史报表", "合同结束方式", "history"],
  ] as const) {
    await page.goto(`/#${path}`);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await loaded(page, title);
    await expect(rows(page, title)).toHaveCount(13);
    await expect(rows(page, title).last()).toContainText("合计");
    await expect(page.getByRole("figure", { name: chart })).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/lease-report-${name}.png`, fullPage: true });
  }
});
