import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { signIn } from "./console-signin";

const rows = (page: Page, name: string) => page.getByRole("table", { name }).locator("tbody tr");
const THROTTLE_MS = 2_100; // a dialog's confirm runs at most once every 2 s (spec §5)

test("车型信息: add a model by the domain's rules, find it in the brand tree, edit it, refuse deleting one in use, delete it", async ({
  page,
}) => {
  const name = `J6P 6×4 燃油牵引车 e2e${Date.now() % 100_000}`;
  await signIn(page, "admin", "/baseInfo/vehicleInfo");
  await page.goto("/#/baseInfo/vehicleInfo");
  await expect(page.getByRole("heading", { name: "车型信息" })).toBeVisible();
  await expect(rows(page, "车型信息")).toHaveCount(10);

  // A model in use cannot be deleted: the server's Chinese reason is shown and the row stays.
  await rows(page, "车型信息").first().getByRole("button", { name: "删除" }).click();
  const ask = page.getByRole("dialog", { name: "删除确认" });
  await ask.getByRole("button", { name: "删除" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /该车型仍被\d+辆车使用，不能删除/ })).toBeVisible();
  await ask.getByRole("button", { name: "取消" }).click();

  // Create: a fuel model without an engine is refused under the field before anything is sent.
  await page.getByRole("button", { name: "新增车型" }).click();
  const form = page.getByRole("dialog", { name: "新增车型" });
  await form.getByLabel("车系").selectOption({ label: "解放 / J6P" });
  await form.getByLabel("车型名称").fill(name);
  await form.getByLabel("车辆名称").fill("半挂牵引汽车");
  await form.getByLabel("动力类型").selectOption("FUEL");
  await form.getByLabel("排放阶段").selectOption("CN6B");
  await form.getByLabel("燃料种类").selectOption("DIESEL");
  await form.getByLabel("总质量(kg)").fill("49000");
  await form.getByLabel("整备质量(kg)").fill("8800");
  await form.getByRole("button", { name: "确定" }).click();
  await expect(form.getByRole("alert").filter({ hasText: "有发动机的动力类型须填写发动机型号" })).toBeVisible();
  // The engine box suggests the EngineInfo catalogue's codes.
  await expect(form.locator("datalist option[value='WP13.550E62']")).toHaveCount(1);
  await form.getByLabel("发动机型号").fill("WP13.550E62");
  await page.waitForTimeout(THROTTLE_MS);
  await form.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("保存成功").first()).toBeVisible();

  // Search: manufacturer → brand → series in the address, and the name.
  await page.getByRole("button", { name: /展开/ }).click();
  await page.getByLabel("厂商").selectOption({ label: "一汽解放汽车有限公司" });
  await page.getByLabel("车型名称").fill("e2e");
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(page).toHaveURL(/oemId=2/);
  await expect(rows(page, "车型信息")).toHaveCount(1);
  await expect(rows(page, "车型信息").first()).toContainText(name);
  await expect(rows(page, "车型信息").first()).toContainText("国六b");

  // Edit: the stored draft comes back; a battery-electric model may not keep an engine.
  await rows(page, "车型信息").first().getByRole("button", { name: "编辑" }).click();
  const edit = page.getByRole("dialog", { name: "编辑车型" });
  await expect(edit.getByLabel("发动机型号")).toHaveValue("WP13.550E62");
  await edit.getByLabel("动力类型").selectOption("BEV");
  await edit.getByRole("button", { name: "确定" }).click();
  await expect(
    edit.getByRole("alert").filter({ hasText: "纯电动、燃料电池车型没有发动机，请清空发动机型号" }),
  ).toBeVisible();
  await edit.getByLabel("动力类型").selectOption("FUEL");
  await edit.getByLabel("备注").fill("牵引座加强");
  await page.waitForTimeout(THROTTLE_MS);
  await edit.getByRole("button", { name: "确定" }).click();
  await expect(edit).toBeHidden();
  // The detail reads the row of the reloaded page (retried until the reload has landed).
  const detail = page.getByRole("dialog", { name });
  await expect(async () => {
    await rows(page, "车型信息").first().getByRole("button", { name: "详情" }).click();
    try {
      await expect(detail.getByText("备注").locator("xpath=following-sibling::dd")).toHaveText("牵引座加强", {
        timeout: 1_000,
      });
    } finally {
      await detail.getByRole("button", { name: "关闭" }).first().click();
    }
  }).toPass({ timeout: 10_000 });

  // Delete the unused model.
  await rows(page, "车型信息").first().getByRole("button", { name: "删除" }).click();
  await page.getByRole("dialog", { name: "删除确认" }).getByRole("button", { name: "删除" }).click();
  await expect(page.getByText("删除成功")).toBeVisible();
  await expect(rows(page, "车型信息")).toHaveCount(0);

  // Brands and series: a brand with series is refused, in its dialog.
  await page.getByRole("button", { name: "品牌车系" }).click();
  const branches = page.getByRole("dialog", { name: "品牌与车系" });
  const jiefang = branches.getByRole("table", { name: "品牌" }).locator("tbody tr").filter({ hasText: "解放" });
  await jiefang.getByRole("button", { name: "删除" }).click();
  await ask.getByRole("button", { name: "删除" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /该品牌仍被\d+个车系使用，不能删除/ })).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/vehicle-info-branches.png" });
});

test("车型能力: tick services by the rules, copy them to another model, import with a per-row report", async ({
  page,
}) => {
  await signIn(page, "admin", "/baseInfo/vehicleAbility");
  await page.goto("/#/baseInfo/vehicleAbility");
  await expect(page.getByRole("heading", { name: "车型能力" })).toBeVisible();
  await page.getByRole("button", { name: /展开/ }).click();
  await page.getByLabel("车型名称").fill("JH6");
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(rows(page, "车型能力")).toHaveCount(2);

  // A diesel model cannot report by GB/T 32960: the server's reason shows, the ticks stay.
  const tractor = rows(page, "车型能力").filter({ hasText: "JH6 6×4 牵引车" });
  await tractor.getByRole("button", { name: "配置能力" }).click();
  const checklist = page.getByRole("dialog", { name: /配置能力 · JH6 6×4 牵引车/ });
  await checklist.getByLabel("GB/T 32960 新能源数据上报").check();
  await checklist.getByRole("button", { name: "确定" }).click();
  await expect(
    checklist.getByText("GB/T 32960 数据上报只适用于新能源车型，燃油车型不能配置", { exact: true }),
  ).toBeVisible();
  await checklist.getByLabel("GB/T 32960 新能源数据上报").uncheck();
  await checklist.getByLabel("车载视频监控").check();
  await page.waitForTimeout(THROTTLE_MS);
  await checklist.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("保存成功").first()).toBeVisible();
  await expect(tractor).toContainText("车载视频监控");

  // Copy its list to the JH6 truck.
  await tractor.getByRole("button", { name: "复制到…" }).click();
  const copy = page.getByRole("dialog", { name: /复制 JH6 6×4 牵引车 国六b 的能力到其他车型/ });
  await copy.getByLabel("车型名称").fill("JH6 4×2");
  await copy.getByLabel("JH6 / JH6 4×2 载货车").check();
  await copy.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("已复制到1个车型")).toBeVisible();
  await expect(rows(page, "车型能力").filter({ hasText: "JH6 4×2 载货车" })).toContainText("车载视频监控");
  await page.screenshot({ path: "test-results/screenshots/vehicle-ability.png" });

  // Import: the template from its call; one good row, one shifted row → the per-row report.
  await page.getByRole("button", { name: "导入", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "导入车型能力" });
  const [template] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "下载模板" }).click(),
  ]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await template.path());
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error("the template has no sheet");
  expect(sheet.getRow(1).values).toContain("支持的服务");
  sheet.spliceRows(2, sheet.rowCount);
  sheet.addRow([5111, "LF1304 轮式拖拉机", "远程锁车/解锁、远程诊断服务包"]);
  sheet.addRow([5112, "别的车型", "远程锁车/解锁"]);
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  const mimeType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
  await dialog.getByLabel("选择导入文件").setInputFiles({ name: "abilities.xlsx", mimeType, buffer });
  await dialog.getByRole("button", { name: "导入", exact: true }).click();
  const result = dialog.getByRole("group", { name: "导入结果" });
  await expect(result).toContainText("成功1");
  await expect(result).toContainText("失败1");
  await expect(dialog.getByRole("table", { name: "失败明细" })).toContainText("车型编号与车型名称不符");
  await dialog.getByRole("button", { name: "完成" }).click();

  // Export of the current filters becomes a task in the export file list.
  await page.getByRole("button", { name: "导出", exact: true }).click();
  await expect(page.getByText("导出任务已提交，请到导出文件列表查看")).toBeVisible();
});
