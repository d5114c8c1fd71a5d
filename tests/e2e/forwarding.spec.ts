import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { startTestPlatform, type TestPlatform } from "../../apps/server/src/forwarder/testPlatform";
import { signIn, storedToken } from "./console-signin";

const TITLE = "转发统计";
const PROVINCE = "广东省非道路移动机械监管平台";
const table = (page: Page, name: string) => page.getByRole("table", { name });
const rows = (page: Page, name: string) => table(page, name).locator("tbody tr");
const loaded = (page: Page, name: string) =>
  expect(table(page, name).locator("xpath=ancestor::div[1]").getByRole("status")).toHaveCount(0);
/** The range's figures as the page sums them. */
async function totals(page: Page) {
  const text = (await page.getByTestId("forward-totals").textContent()) ?? "";
  const n = (label: string) => Number(new RegExp(`${label}(\\d+)帧`).exec(text)?.[1] ?? Number.NaN);
  return { forwarded: n("已转发"), pending: n("待转发"), resent: n("其中补发") };
}

let platform: TestPlatform | undefined;
test.afterAll(async () => {
  await platform?.stop();
});

test("转发统计: the week's figures, a forwarding run to a receiving platform moves the queue into them, export", async ({
  page,
}) => {
  await signIn(page, "admin", "/notRoadFour/forwardStatist");
  await page.goto("/#/notRoadFour/forwardStatist");
  await expect(page.getByRole("heading", { name: TITLE })).toBeVisible();
  await loaded(page, TITLE);
  // The province's platform: seven days of figures, the outage's 补发, frames waiting in its queue.
  await page.getByLabel("转发平台").selectOption({ label: PROVINCE });
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, TITLE);
  await expect(rows(page, TITLE)).toHaveCount(7);
  await expect(rows(page, TITLE).first()).toContainText(PROVINCE);
  const before = await totals(page);
  expect(before.forwarded).toBeGreaterThan(0);
  expect(before.resent).toBeGreaterThan(0);
  expect(before.pending).toBeGreaterThan(0);
  await expect(page.getByRole("region", { name: "转发链路" })).toContainText(PROVINCE);

  // The operator points the platform at a receiving platform (the simulated one) with a new password.
  platform = await startTestPlatform({ accounts: new Map() });
  await page.goto("/#/notRoadFour/platformAccount");
  const T = "转发平台账号";
  await loaded(page, T);
  const row = rows(page, T).filter({ hasText: PROVINCE });
  const account = /GDTSP01\d+/.exec((await row.textContent()) ?? "")?.[0] ?? "";
  expect(account).not.toBe("");
  platform.accounts.set(account, "E2eFwd#2026");
  await row.getByRole("button", { name: "编辑" }).click();
  const edit = page.getByRole("dialog", { name: `编辑 · ${PROVINCE}` });
  await edit.getByLabel("平台地址").fill("127.0.0.1");
  await edit.getByLabel("端口").fill(String(platform.port));
  await edit.getByLabel("登录密码（不修改请留空）").fill("E2eFwd#2026");
  await edit.getByRole("button", { name: "确定" }).click();
  await expect(edit).toHaveCount(0);

  // The forwarder logs in with it and sends the queue; the platform has every waiting frame once.
  await expect.poll(() => platform?.arrivals.length ?? 0, { timeout: 30_000 }).toBe(before.pending);
  expect(platform.logins.at(-1)).toMatchObject({ account, accepted: true });
  expect(platform.duplicates).toBe(0);

  await page.goto("/#/notRoadFour/forwardStatist");
  await page.getByLabel("转发平台").selectOption({ label: PROVINCE });
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, TITLE);
  await expect.poll(async () => (await totals(page)).pending).toBe(0);
  expect((await totals(page)).forwarded).toBe(before.forwarded + before.pending);
  await expect(page.getByRole("region", { name: "转发链路" })).toContainText("在线");
  await page.screenshot({ path: "test-results/screenshots/forward-statist.png", fullPage: true });

  await page.getByRole("button", { name: "导出", exact: true }).click();
  await expect(page.getByText("导出任务已提交，请到导出文件列表查看")).toBeVisible();
  await page.goto("/#/exportFile/index");
  const task = table(page, "导出文件列表").locator("tbody tr").filter({ hasText: TITLE });
  await expect(task.first().getByText("已完成")).toBeVisible({ timeout: 30_000 });

  await test.step("转发机械管理: import pairings from the template, read the per-row report, find the good row, export it", async () => {
    const headers = { Authorization: `Bearer ${await storedToken(page)}` };
    const machines = (await (await page.request.get("/tsp-bss/machineryInfo/list?pageSize=200", { headers })).json())
      .data.list as { vin: string }[];
    const paired = (
      (await (await page.request.get("/tsp-bss/notRoadFour/machineManage/list?pageSize=1000", { headers })).json()).data
        .list as { pin: string; platformName: string }[]
    ).filter((r) => r.platformName === PROVINCE);
    const pin = machines.map((m) => m.vin).find((vin) => !paired.some((r) => r.pin === vin)) as string;
    const M = "转发机械管理";
    await page.goto("/#/notRoadFour/machineManage");
    await loaded(page, M);
    await page.getByRole("button", { name: "导入", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "导入转发机械" });
    const [template] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "下载模板" }).click(),
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await template.path());
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error("the template has no sheet");
    expect(sheet.getRow(1).values).toEqual([undefined, "机械PIN码", "转发平台"]);
    sheet.spliceRows(2, sheet.rowCount);
    sheet.addRow([pin, PROVINCE]);
    sheet.addRow(["LNR4PXN0000000099", PROVINCE]);
    sheet.addRow([pin, "无此平台"]);
    sheet.addRow([pin, PROVINCE]);
    const buffer = Buffer.from(await book.xlsx.writeBuffer());
    const mimeType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
    await dialog.getByLabel("选择导入文件").setInputFiles({ name: "转发机械.xlsx", mimeType, buffer });
    await dialog.getByRole("button", { name: "导入", exact: true }).click();
    const result = dialog.getByRole("group", { name: "导入结果" });
    await expect(result).toContainText("成功1");
    await expect(result).toContainText("失败3");
    const failed = dialog.getByRole("table", { name: "失败明细" });
    await expect(failed).toContainText("机械LNR4PXN0000000099未在机械信息中登记");
    await expect(failed).toContainText("转发平台“无此平台”不存在");
    await expect(failed).toContainText("文件中重复（同一机械和转发平台）");
    await page.screenshot({ path: "test-results/screenshots/forward-machine-import.png" });
    await dialog.getByRole("button", { name: "完成" }).click();
    await page.getByRole("textbox", { name: "机械PIN码" }).fill(pin);
    await page.getByLabel("转发平台").selectOption({ label: PROVINCE });
    await page.getByRole("button", { name: "查询", exact: true }).click();
    await loaded(page, M);
    await expect(rows(page, M)).toHaveCount(1);
    await expect(rows(page, M).first()).toContainText(PROVINCE);
    // The found row exported with the same filters: a task in the export file list.
    await page.getByRole("button", { name: "导出", exact: true }).click();
    // The newest toast: 转发统计's export a moment earlier may still show its own.
    await expect(page.getByText("导出任务已提交，请到导出文件列表查看").last()).toBeVisible();
    await page.screenshot({ path: "test-results/screenshots/forward-machine-export.png" });
  });
});
