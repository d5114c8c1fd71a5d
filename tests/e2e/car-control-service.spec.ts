import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { audit } from "./axe";
import { signIn, storedToken } from "./console-signin";

interface Sub {
  id: number;
  vin: string;
  state: string;
}

async function api<T>(page: Page, path: string, init: { post?: unknown } = {}): Promise<{ status: number; body: T }> {
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const res =
    init.post === undefined
      ? await page.request.get(path, { headers })
      : await page.request.post(path, { headers, data: init.post });
  return { status: res.status(), body: (await res.json()) as T };
}
const subsIn = async (page: Page, state: string) =>
  (
    await api<{ data: { list: Sub[] } }>(
      page,
      `/tsp-command/carControl/subscription/list?state=${state}&pageNum=1&pageSize=10`,
    )
  ).body.data.list;

test("车控服务: a package, a vehicle subscribed to it, remote control refused outside it, import, export; 车控提醒 for a VIN", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, "admin", "/carControlService/manage");
  await page.goto("/#/carControlService/manage");
  const table = page.getByRole("table", { name: "车控服务管理" });
  await expect(page.getByRole("heading", { name: "车控服务管理" })).toBeVisible();
  await expect(table.locator("tbody tr")).not.toHaveCount(0);
  const [stopped] = await subsIn(page, "stopped");
  const [expiring] = await subsIn(page, "expiring");
  if (!stopped || !expiring) throw new Error("the seed has a stopped and an expiring subscription");

  await test.step("服务包管理: a new package with 寻车 only", async () => {
    await page.getByRole("button", { name: "服务包管理" }).click();
    const packages = page.getByRole("dialog", { name: "服务包管理" });
    await expect(packages.getByRole("table", { name: "服务包管理" })).toContainText("全功能车控包");
    await packages.getByRole("button", { name: "新增服务包" }).click();
    const form = page.getByRole("dialog", { name: "新增服务包" });
    await form.getByLabel("服务包名称").fill("寻车包");
    await form.getByLabel("车门锁").uncheck();
    await form.getByLabel("有效期（月）").fill("6");
    await form.getByRole("button", { name: "确定" }).click();
    await expect(form).toBeHidden();
    await expect(packages.getByRole("row", { name: /寻车包/ })).toContainText("6 个月");
    await audit(page, "服务包管理");
    await page.keyboard.press("Escape");
    await expect(packages).toBeHidden();
  });

  await test.step("开通: the stopped vehicle on 寻车包; 空调 is refused by the server, 寻车 goes out", async () => {
    await page.getByRole("button", { name: "开通车控服务" }).click();
    const form = page.getByRole("dialog", { name: "开通车控服务" });
    await form.getByLabel("VIN").fill(stopped.vin);
    await form.getByLabel("服务包").selectOption({ label: "寻车包" });
    await form.getByRole("button", { name: "确定" }).click();
    await expect(form).toBeHidden();
    await page.getByRole("textbox", { name: "VIN" }).fill(stopped.vin);
    await page.getByRole("button", { name: "查询" }).click();
    const row = table.getByRole("row", { name: new RegExp(stopped.vin) });
    await expect(row).toContainText("寻车包");
    await expect(row).toContainText("生效");
    const climate = await api<{ msg: string }>(page, "/tsp-command/remoteControl/climate", {
      post: { vin: stopped.vin, action: "climateOn", value: 24 },
    });
    expect([climate.status, climate.body.msg]).toEqual([400, "该车辆的车控服务包不含“空调”车控服务"]);
    const find = await api<{ data: { state: string } }>(page, "/tsp-command/remoteControl/findCar", {
      post: { vin: stopped.vin, action: "findCar" },
    });
    expect([find.status, find.body.data.state]).toEqual([200, "queued"]);
  });

  await test.step("续期 an expiring subscription", async () => {
    await page.getByRole("textbox", { name: "VIN" }).fill(expiring.vin);
    await page.getByRole("button", { name: "查询" }).click();
    const row = table.getByRole("row", { name: new RegExp(expiring.vin) });
    await expect(row).toContainText("即将到期");
    await row.getByRole("button", { name: "续期" }).click();
    await page.getByRole("dialog", { name: "续期车控服务" }).getByRole("button", { name: "续期" }).click();
    await expect(row).toContainText("生效");
    await expect(row).not.toContainText("即将到期");
  });

  await test.step("导入 with a per-row report; 导出 as a task", async () => {
    await page.getByRole("button", { name: "导入", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "导入车控服务" });
    const [template] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "下载模板" }).click(),
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await template.path());
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error("the template has no sheet");
    expect(sheet.getRow(1).values).toEqual([undefined, "VIN", "服务包", "开始日期"]);
    sheet.spliceRows(2, sheet.rowCount);
    const [expired] = await subsIn(page, "expired");
    sheet.addRow([expired?.vin, "舒适包", ""]);
    sheet.addRow([expiring.vin, "无此包", ""]);
    const buffer = Buffer.from(await book.xlsx.writeBuffer());
    const mimeType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
    await dialog.getByLabel("选择导入文件").setInputFiles({ name: "ccs.xlsx", mimeType, buffer });
    await dialog.getByRole("button", { name: "导入", exact: true }).click();
    const result = dialog.getByRole("group", { name: "导入结果" });
    await expect(result).toContainText("成功1");
    await expect(result).toContainText("失败1");
    await expect(dialog.getByRole("table", { name: "失败明细" })).toContainText("服务包“无此包”不存在");
    await dialog.getByRole("button", { name: "完成" }).click();
    await page.getByRole("button", { name: "导出" }).click();
    await expect(page.getByText(/导出任务已提交/)).toBeVisible();
    await audit(page, "车控服务管理");
    await page.screenshot({ path: "test-results/screenshots/car-control-manage.png", fullPage: true });
  });

  await test.step("车控提醒?vin: the vehicle's reminders, the rules that tell of it, and the same in 个人消息", async () => {
    const reminders = await api<{ data: { list: { vin: string }[] } }>(
      page,
      "/tsp-command/carControl/remind/list?pageNum=1&pageSize=10",
    );
    const vin = reminders.body.data.list[0]?.vin ?? "";
    expect(vin).toHaveLength(17);
    await page.goto(`/#/carControlService/remind?vin=${vin}`);
    await expect(page.getByRole("heading", { name: "车控提醒" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "VIN" })).toHaveValue(vin);
    const list = page.getByRole("table", { name: "车控提醒" });
    await expect(list.getByRole("row", { name: /寻车（鸣笛闪灯）/ })).toContainText("终端应答失败");
    await expect(list.getByRole("row", { name: /车门上锁/ }).first()).toContainText("超时");
    await page.getByRole("button", { name: "提醒规则" }).focus();
    await page.keyboard.press("Enter");
    const rules = page.getByRole("dialog", { name: "提醒规则" });
    await expect(rules.getByRole("table", { name: "提醒规则" })).toContainText("admin");
    await audit(page, "提醒规则");
    await page.keyboard.press("Escape");
    await expect(rules).toBeHidden();
    await audit(page, "车控提醒");
    await page.screenshot({ path: "test-results/screenshots/car-control-remind.png", fullPage: true });

    // admin's rule has 站内消息: the same reminders are its messages, and 查看 leads back here.
    await page.goto("/#/personal/message?kind=carControl");
    const messages = page.getByRole("table", { name: "个人消息" });
    const row = messages.getByRole("row", { name: new RegExp(`远程控制「车门上锁」超时：${vin}`) }).first();
    await expect(row).toContainText("车控提醒");
    await row.getByRole("link", { name: "查看" }).click();
    await expect(page).toHaveURL(new RegExp(`#/carControlService/remind\\?vin=${vin}$`));
  });
});
