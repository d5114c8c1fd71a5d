import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { signIn } from "./console-signin";

/**
 * Cross-site scripting (issue 9): script and event-handler payloads reach the console through
 * the address (journal filters), hostile journal frames (a T-BOX decides the bytes of its
 * login frame), import cells, rich text and the sign-in page's echoed name. Nothing may run:
 * every payload calls `__pwned` or `alert`, both of which the test records.
 */

const payloads = (tag: string) => [
  `<img src=x onerror="__pwned('${tag}-img')">`,
  `"><svg/onload=__pwned('${tag}-svg')>`,
  `<script>__pwned('${tag}-script')</script>`,
  `<a href="javascript:__pwned('${tag}-href')">x</a>`,
  `<iframe srcdoc="<script>parent.__pwned('${tag}-iframe')</script>"></iframe>`,
];

/** Records every payload that ran: calls of `window.__pwned` and any alert/confirm/prompt. */
async function watchForScripts(page: Page): Promise<string[]> {
  const ran: string[] = [];
  await page.exposeFunction("__pwned", (what: string) => ran.push(String(what)));
  page.on("dialog", (dialog) => {
    ran.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return ran;
}

/** No element carries a payload's handler, inline frame, javascript: link or script. */
async function expectNoInjectedElements(page: Page) {
  expect(
    await page
      .locator('[onerror], [onload], iframe[srcdoc], a[href^="javascript:"], script:has-text("__pwned")')
      .count(),
  ).toBe(0);
}

/** The bytes of a text, one per character (what a T-BOX would put on the wire). */
const ascii = (s: string) => [...Buffer.from(s, "latin1")];

/** A GB/T 32960 vehicle login frame (2016) with raw bytes of our choosing in its ICCID and subsystem code. */
function hostileLoginFrame(vin: string, iccid20: string, code: string): string {
  const now = new Date(Date.now() + 8 * 3600 * 1000);
  const time = [
    now.getUTCFullYear() - 2000,
    now.getUTCMonth() + 1,
    now.getUTCDate(),
    now.getUTCHours(),
    now.getUTCMinutes(),
    now.getUTCSeconds(),
  ];
  const data = [...time, 0, 1, ...ascii(iccid20.padEnd(20, " ").slice(0, 20)), 1, code.length, ...ascii(code)];
  const body = [0x01, 0xfe, ...ascii(vin), 0x01, data.length >> 8, data.length & 0xff, ...data];
  const bcc = body.reduce((a, b) => a ^ b, 0);
  return Buffer.from([0x23, 0x23, ...body, bcc])
    .toString("hex")
    .toUpperCase();
}

test("journal filters in the address and hostile frame bytes are shown as text, never run", async ({ page }) => {
  const ran = await watchForScripts(page);
  await signIn(page, "admin");
  // A device controls its frame's bytes: answer the journal with frames whose text fields carry markup.
  let served = 0;
  await page.route("**/tsp-hbase-proxy/vehicleLog/get*Log?*", async (route) => {
    const response = await route.fetch();
    if (response.status() === 200) served++;
    const body = (await response.json()) as { data?: { list?: { vin: string; time: number; content: string }[] } };
    const list = body.data?.list ?? [];
    const vin = list[0]?.vin ?? "LGXCE4CB2S0000123";
    const hostile = [
      hostileLoginFrame(vin, "<svg/onload=alert()>", `<img src=x onerror="__pwned('frame-code')">`),
      hostileLoginFrame(vin, "<script>alert(1)//", "<script>__pwned('frame-script')</script>"),
    ];
    const rows = hostile.map((content, i) => ({ vin, time: Date.now() - i * 1000, content }));
    await route.fulfill({ response, json: { ...body, data: { ...body.data, list: [...rows, ...list] } } });
  });
  const vinPayload = encodeURIComponent(payloads("addr")[0] ?? "");
  await page.evaluate((v) => {
    location.hash = `#/tbox/loginJournal?vin=${v}&kind=login`;
  }, vinPayload);
  await expect(page.getByRole("button", { name: "查询" })).toBeVisible();
  // Query a real VIN so the (rewritten) answer with hostile frames is rendered.
  const token = await page.evaluate(() => localStorage.getItem("wit-dashboard-token"));
  const picker = await page.request.get("/tsp-bss/v1/vehicle/findVinListByDim?pageNum=1&pageSize=1", {
    headers: { Authorization: `Bearer ${token}` },
  });
  const vin = picker.ok()
    ? ((await picker.json()) as { data: { list: { vin: string }[] } }).data.list[0]?.vin
    : undefined;
  await page.evaluate((v) => {
    location.hash = `#/tbox/loginJournal?vin=${v}&kind=login`;
  }, vin ?? "LGXCE4CB2S0000123");
  await page.getByText("近7天", { exact: true }).click();
  await page.getByRole("button", { name: "查询" }).click();
  await page.waitForTimeout(1500);
  // Open every row's decoded frame, where the hostile text fields are shown.
  const details = page.getByRole("button", { name: /详情|解析|查看/ });
  for (let i = 0; i < Math.min(await details.count(), 2); i++) {
    await details.nth(i).click();
    await page.waitForTimeout(300);
    await page.keyboard.press("Escape");
  }
  expect(served, "the journal answered and its hostile rows were handed to the console").toBeGreaterThan(0);
  await expectNoInjectedElements(page);
  expect(ran).toEqual([]);
});

test("markup in import cells is reported as text, never run", async ({ page }) => {
  const ran = await watchForScripts(page);
  await signIn(page, "admin");
  await page.evaluate(() => {
    location.hash = "#/gallery";
  });
  await expect(page.getByRole("heading", { name: "组件示例", level: 1 })).toBeVisible();
  await page.getByRole("region", { name: "对话框" }).getByRole("button", { name: "导入车型" }).click();
  const dialog = page.getByRole("dialog", { name: "车型导入" });
  const templateDownload = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "下载模板" }).click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await (await templateDownload).path());
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error("template has no sheet");
  const columns = (sheet.getRow(1).values as unknown[]).slice(1).length;
  const cells = payloads("cell");
  for (let r = 2; r <= 4; r++) {
    const row = sheet.getRow(r);
    for (let c = 1; c <= columns; c++) row.getCell(c).value = cells[(r + c) % cells.length] ?? "";
    row.commit();
  }
  await dialog.getByLabel("选择导入文件").setInputFiles({
    name: "<img src=x onerror=__pwned('name')>.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from(await book.xlsx.writeBuffer()),
  });
  await dialog.getByRole("button", { name: "导入", exact: true }).click();
  await expect(dialog.getByRole("group", { name: "导入结果" })).toContainText("失败3");
  await expect(dialog.getByRole("table", { name: "失败明细" })).toBeVisible();
  await page.waitForTimeout(500);
  await expectNoInjectedElements(page);
  expect(ran).toEqual([]);
});

test("pasted rich text keeps no script, handler or javascript: link, and nothing runs", async ({ page }) => {
  const ran = await watchForScripts(page);
  await signIn(page, "admin");
  await page.evaluate(() => {
    location.hash = "#/gallery";
  });
  const section = page.getByRole("region", { name: "富文本编辑器" });
  await section.scrollIntoViewIfNeeded();
  const editor = section.locator("[contenteditable=true]").first();
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await editor.click();
  const html = payloads("rich").join("<p>text</p>");
  await editor.evaluate((el, markup) => {
    const data = new DataTransfer();
    data.setData("text/html", markup);
    data.setData("text/plain", "text");
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
  await page.keyboard.type(payloads("typed")[0] ?? "");
  await page.waitForTimeout(1200); // the editor emits its change 500 ms after the last edit
  // The editor's HTML output: pasted markup sanitised, typed markup escaped as text.
  const emitted = (await section.locator('output[aria-label="编辑器输出"]').textContent()) ?? "";
  expect(emitted).toContain("text");
  expect(emitted).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=|<script|<iframe|javascript:|srcdoc/i);
  expect(emitted).toContain("&lt;img");
  await expectNoInjectedElements(page);
  expect(ran).toEqual([]);
});

test("a name echoed by the sign-in page after a failed attempt is text, and the page runs no script", async ({
  page,
}) => {
  const ran = await watchForScripts(page);
  await page.goto("/");
  await expect(page).toHaveURL(/\/b-iam-account\/oauth\/authorize\?/);
  await page.getByLabel("用户名").fill(payloads("name")[1] ?? "");
  await page.getByLabel("密码").fill("wrong-password");
  await page.getByRole("button", { name: "登录" }).click();
  await expect(page.getByRole("alert")).toContainText("用户名或密码错误");
  await expect(page.getByLabel("用户名")).toHaveValue(payloads("name")[1] ?? "");
  await expectNoInjectedElements(page);
  expect(ran).toEqual([]);
});
