import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { signIn } from "./console-signin";

/**
 * The widget gallery (#/gallery) against the real server: maps, signed uploads, imports and
 * remote selects as a person uses them. Screenshots go to test-results/screenshots/.
 */

async function openGallery(page: Page) {
  // Signing in lands on the home route (spec §2); the gallery is then opened by its address.
  await signIn(page, "admin");
  await page.evaluate(() => {
    location.hash = "#/gallery";
  });
  await expect(page.getByRole("heading", { name: "组件示例", level: 1 })).toBeVisible();
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/gallery-${name}.png`, fullPage: false });

test("draw a circle and a polygon on the geofence map and read back the encoding", async ({ page }) => {
  await openGallery(page);
  const section = page.getByRole("region", { name: "电子围栏" });
  await section.scrollIntoViewIfNeeded();
  const map = section.getByRole("application", { name: /电子围栏地图/ });
  await expect(map.locator("canvas").first()).toBeVisible();
  const box = await map.boundingBox();
  if (!box) throw new Error("map has no box");
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;

  await section.getByRole("button", { name: "画圆形" }).click();
  await page.mouse.click(cx, cy);
  await page.mouse.move(cx + 60, cy, { steps: 4 });
  await page.mouse.click(cx + 60, cy);
  const encoding = section.getByRole("status", { name: "围栏编码" });
  await expect(encoding).toContainText('"type":1');
  const circle = JSON.parse((await encoding.textContent()) ?? "null") as { position: string; radius: number };
  expect(circle.position).toMatch(/^\d+(\.\d+)?,\d+(\.\d+)?$/);
  const [lng, lat] = circle.position.split(",").map(Number);
  // Zoom 4 centred near the middle of China: the centre click lands inside China.
  expect(lng).toBeGreaterThan(95);
  expect(lng).toBeLessThan(115);
  expect(lat).toBeGreaterThan(28);
  expect(lat).toBeLessThan(42);
  // 60 px at zoom 4 is several hundred km.
  expect(circle.radius).toBeGreaterThan(100);
  expect(circle.radius).toBeLessThan(1500);
  await shot(page, "geofence-circle");

  await section.getByRole("button", { name: "画多边形" }).click();
  await page.mouse.click(cx - 80, cy - 40);
  await page.mouse.click(cx + 40, cy - 60);
  await page.mouse.click(cx + 60, cy + 50);
  await page.mouse.dblclick(cx - 50, cy + 60);
  await expect(encoding).toContainText('"type":2');
  const polygon = JSON.parse((await encoding.textContent()) ?? "null") as { position: string };
  const points = polygon.position.split(";");
  expect(points.length).toBe(4);
  for (const p of points) expect(p).toMatch(/^\d+(\.\d+)?,\d+(\.\d+)?$/);
  await shot(page, "geofence-polygon");

  // The same shape can be typed (keyboard path) and comes back in the same encoding.
  await section.getByRole("combobox", { name: "围栏类型" }).selectOption("1");
  await section.getByRole("textbox", { name: "圆心（经度,纬度）" }).fill("116.404,39.915");
  await section.getByRole("textbox", { name: "半径（公里）" }).fill("5");
  await section.getByRole("textbox", { name: "半径（公里）" }).press("Enter");
  await expect(encoding).toHaveText('{"type":1,"position":"116.404,39.915","radius":5}');
});

test("pick a point on the map and confirm address, lng and lat", async ({ page }) => {
  await openGallery(page);
  const section = page.getByRole("region", { name: "地图选点" });
  await section.getByRole("button", { name: "选择位置" }).click();
  const dialog = page.getByRole("dialog", { name: "选择位置" });
  await expect(dialog).toBeVisible();
  // Nothing chosen yet: 请选择地址, and the dialog stays.
  await dialog.getByRole("button", { name: "确定" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("请选择地址");
  await expect(dialog).toBeVisible();
  // Autocomplete: a demo place, then the map zooms there.
  await dialog.getByRole("combobox", { name: "搜索地址" }).fill("十堰");
  await dialog.getByRole("option", { name: /东风商用车十堰服务站/ }).click();
  await expect(dialog.getByTestId("picked-address")).toHaveText("湖北省十堰市张湾区车城路");
  // A click on the map picks that point and looks up its address (offline province data).
  const map = dialog.getByRole("application", { name: /地图/ });
  const box = await map.boundingBox();
  if (!box) throw new Error("map has no box");
  await page.waitForTimeout(400); // the view's animation to the chosen place
  await page.mouse.click(box.x + box.width / 2 + 30, box.y + box.height / 2 + 20);
  await expect(dialog.getByTestId("picked-address")).toHaveText("湖北");
  const clicked = (await dialog.getByTestId("picked-lnglat").textContent()) ?? "";
  // Keyboard alone: focus the map, pan with an arrow key, Enter picks the centre.
  await page.waitForTimeout(400);
  await map.focus();
  await page.keyboard.press("ArrowLeft");
  await page.waitForTimeout(300);
  await page.keyboard.press("Enter");
  await expect(dialog.getByTestId("picked-lnglat")).not.toHaveText(clicked);
  await expect(dialog.getByTestId("picked-address")).toHaveText("湖北");
  const lnglat = (await dialog.getByTestId("picked-lnglat").textContent()) ?? "";
  const [lng, lat] = lnglat.split(",").map((s) => Number(s.trim()));
  expect(Math.abs((lng ?? 0) - 110.78)).toBeLessThan(0.05);
  expect(Math.abs((lat ?? 0) - 32.65)).toBeLessThan(0.05);
  await shot(page, "map-picker");
  await dialog.getByRole("button", { name: "确定" }).click();
  await expect(dialog).toBeHidden();
  const out = JSON.parse((await section.getByRole("status", { name: "已选位置" }).textContent()) ?? "null");
  expect(out).toEqual({ address: "湖北", lng, lat });
});

test("upload an image through the real signed PUT and preview it with zoom and Escape", async ({ page }) => {
  await openGallery(page);
  const png = await page.evaluate(() => {
    const c = document.createElement("canvas");
    c.width = 160;
    c.height = 90;
    const g = c.getContext("2d");
    if (g) {
      g.fillStyle = "#2563eb";
      g.fillRect(0, 0, 160, 90);
      g.fillStyle = "#ffffff";
      g.fillRect(20, 20, 60, 50);
    }
    return c.toDataURL("image/png").split(",")[1] ?? "";
  });
  const section = page.getByRole("region", { name: "上传" });
  await section.scrollIntoViewIfNeeded();
  const put = page.waitForRequest((r) => r.method() === "PUT" && r.url().includes("/obs/"));
  await section.getByLabel("车辆照片：上传图片").setInputFiles({
    name: "车辆.png",
    mimeType: "image/png",
    buffer: Buffer.from(png, "base64"),
  });
  const request = await put;
  expect(request.headers().authorization).toBeUndefined();
  expect(request.headers()["content-type"]).toBe("image/png");
  const preview = section.getByRole("button", { name: "预览 车辆.png" });
  await expect(preview).toBeVisible();
  // The single uploader is full: the add button is gone.
  await expect(section.getByLabel("车辆照片：上传图片")).toHaveCount(0);
  const keys = JSON.parse((await section.getByRole("status", { name: "上传结果" }).textContent()) ?? "{}");
  expect(keys.photo[0]).toMatch(/^[0-9a-f]{32}$/);
  await shot(page, "uploader");

  await preview.click();
  const overlay = page.getByRole("dialog", { name: /预览：车辆.png/ });
  await expect(overlay).toBeVisible();
  const img = overlay.getByRole("img", { name: "车辆.png" });
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(160);
  await overlay.getByRole("button", { name: "放大" }).click();
  await overlay.getByRole("button", { name: "放大" }).click();
  await expect(overlay.getByLabel("缩放比例")).toHaveText("120%");
  await shot(page, "preview");
  await page.keyboard.press("Escape");
  await expect(overlay).toBeHidden();
});

test("run an import with a bad row and download the failed rows", async ({ page }) => {
  await openGallery(page);
  const section = page.getByRole("region", { name: "对话框" });
  await section.getByRole("button", { name: "导入车型" }).click();
  const dialog = page.getByRole("dialog", { name: "车型导入" });
  const templateDownload = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "下载模板" }).click();
  const template = await templateDownload;
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await template.path());
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error("template has no sheet");
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const col = (label: string) => header.indexOf(label) + 1;
  const suffix = Date.now().toString(36).toUpperCase();
  sheet.getRow(2).getCell(col("公告型号")).value = `GAL${suffix}A`;
  const bad = sheet.getRow(3);
  header.forEach((_, i) => {
    bad.getCell(i + 1).value = sheet.getRow(2).getCell(i + 1).value;
  });
  bad.getCell(col("公告型号")).value = `GAL${suffix}B`;
  bad.getCell(col("整备质量(kg)")).value = -5;
  bad.commit();
  const filled = Buffer.from(await book.xlsx.writeBuffer());

  await dialog.getByLabel("选择导入文件").setInputFiles({
    name: "车型.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: filled,
  });
  await expect(dialog.getByText("已选择：车型.xlsx")).toBeVisible();
  await dialog.getByRole("button", { name: "导入", exact: true }).click();
  const result = dialog.getByRole("group", { name: "导入结果" });
  await expect(result).toContainText("全部2");
  await expect(result).toContainText("成功1");
  await expect(result).toContainText("失败1");
  await expect(dialog.getByRole("table", { name: "失败明细" })).toContainText("整备质量(kg)：应为正整数");
  await shot(page, "import-report");

  const failedDownload = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "下载失败数据" }).click();
  const failed = await failedDownload;
  expect(failed.suggestedFilename()).toBe("车型导入失败数据.xlsx");
  const out = new ExcelJS.Workbook();
  await out.xlsx.readFile(await failed.path());
  const rows = out.worksheets[0];
  if (!rows) throw new Error("the failed-rows file has no sheet");
  expect((rows.getRow(1).values as unknown[]).slice(1)).toEqual([...header, "失败原因"]);
  expect(rows.rowCount).toBe(2);
  expect(rows.getRow(2).getCell(col("公告型号")).value).toBe(`GAL${suffix}B`);
  expect(rows.getRow(2).getCell(col("整备质量(kg)")).value).toBe(-5);
  expect(rows.getRow(2).getCell(header.length + 1).value).toBe("整备质量(kg)：应为正整数");
});

test("scroll a remote select to its last page and see loading stop", async ({ page }) => {
  await openGallery(page);
  const pages: number[] = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (u.pathname === "/tsp-bss/dealer/findList") pages.push(Number(u.searchParams.get("pageNum")));
  });
  const section = page.getByRole("region", { name: "远程选择器" });
  await section.getByRole("combobox", { name: "经销商" }).click();
  const list = page.getByRole("listbox");
  await expect(list.getByRole("option").first()).toBeVisible();
  await expect(list.getByRole("option")).toHaveCount(10);
  const done = list.getByText(/已全部加载（共 \d+ 条）/);
  for (let i = 0; i < 20 && !(await done.isVisible()); i++) {
    await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForTimeout(150);
  }
  await expect(done).toBeVisible();
  const total = Number(/共 (\d+) 条/.exec((await done.textContent()) ?? "")?.[1]);
  await expect(list.getByRole("option")).toHaveCount(total);
  expect(pages).toEqual(Array.from({ length: Math.ceil(total / 10) }, (_, i) => i + 1));
  await shot(page, "remote-select");
  // At the end, scrolling asks for nothing more.
  const asked = pages.length;
  await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page.waitForTimeout(400);
  expect(pages.length).toBe(asked);
  // Keyboard: ↓ and Enter choose an option.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(section.getByRole("status", { name: "已选值" })).toContainText('"dealer":"');
});

test("the whole gallery renders every widget", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openGallery(page);
  for (const name of [
    "默认搜索面板",
    "远程选择器",
    "树形选择",
    "表格：页码分页",
    "上传",
    "电子围栏",
    "图表",
    "富文本编辑器",
    "页签",
  ])
    await expect(page.getByRole("region", { name })).toBeVisible();
  await expect(page.getByRole("figure", { name: "报警次数" })).toContainText("暂无数据");
  await expect(page.getByRole("table", { name: "车辆列表" }).getByRole("row")).not.toHaveCount(1);
  await page.screenshot({ path: "test-results/screenshots/gallery-full.png", fullPage: true });
});
