import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { encodeActivationRequest, encodeKeySyncRequest } from "@tsp/domain";
import { TestTbox } from "../../apps/server/src/gateway/testClient";
import { audit } from "./axe";
import { signIn } from "./console-signin";

const table = (page: Page, name: string) => page.getByRole("table", { name });
const rows = (page: Page, name: string) => table(page, name).locator("tbody tr");
const loaded = (page: Page, name: string) =>
  expect(table(page, name).locator("xpath=ancestor::div[1]").getByRole("status")).toHaveCount(0);
/** A small PDF an operator would attach (its bytes are compared after the download). */
const PDF = Buffer.from(`%PDF-1.4\n% 检测报告 ${Date.now()}\n%%EOF\n`);
/** The e2e server's GB/T 32960 gateway (playwright.config.ts's rule). */
const GATEWAY_PORT = Number(process.env.E2E_GATEWAY_PORT ?? Number(process.env.E2E_PORT ?? 18080) + 20_000);
const raw = (hex: string) => new Uint8Array(Buffer.from(hex, "hex"));

test("非道路国四: attach a test report to a draft chip filing and download it; activate a terminal and see it 已激活", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, "admin", "/notRoadFour/chipModel");

  await test.step("a document on a draft filing: uploaded through getTempPutURL, listed, downloaded", async () => {
    const CHIPS = "芯片型号备案";
    await page.goto("/#/notRoadFour/chipModel?status=draft");
    await loaded(page, CHIPS);
    const row = rows(page, CHIPS).first();
    await expect(row).toContainText("草稿");
    const chip = ((await row.locator("td").first().textContent()) ?? "").trim();
    await row.getByRole("button", { name: `附件 ${chip}` }).click();
    const dialog = page.getByRole("dialog", { name: `附件 · ${chip}` });
    await dialog.getByLabel("附件类型").selectOption({ label: "检测报告" });
    await dialog
      .getByLabel(/上传附件.*上传文件$/)
      .setInputFiles({ name: "检测报告.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect(page.getByText("附件已添加").first()).toBeVisible();
    const doc = table(page, "备案附件").locator("tbody tr").filter({ hasText: "检测报告.pdf" });
    await expect(doc).toContainText("检测报告");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      doc.getByRole("link", { name: "下载 检测报告.pdf" }).click(),
    ]);
    expect(await readFile(await download.path())).toEqual(PDF);
    await audit(page, "附件");
    await page.screenshot({ path: "test-results/screenshots/filing-documents.png" });
    await dialog.getByRole("button", { name: "关闭" }).click();
  });

  await test.step("终端远程激活: 激活 → 激活中; the terminal's 0x09 through the gateway → 已激活 live; 0x0B key sync; the history with the frames", async () => {
    const T = "终端远程激活";
    await page.goto("/#/notRoadFour/terminalActivation?state=inactive");
    await expect(page.getByRole("heading", { name: T })).toBeVisible();
    await loaded(page, T);
    const row = rows(page, T)
      .filter({ has: page.getByRole("button", { name: /^激活 / }) })
      .first();
    const cells = (await row.locator("td").allTextContents()).map((c) => c.trim());
    const [terminalId, pin, chipId] = cells as [string, string, string];
    await row.getByRole("button", { name: `激活 ${terminalId}` }).click();
    await page.getByRole("dialog", { name: "激活" }).getByRole("button", { name: "激活" }).click();
    await expect(page.getByText("已发起激活，等待终端上报激活报文").first()).toBeVisible();
    await page.getByRole("textbox", { name: "终端编号/PIN/芯片编号" }).fill(terminalId);
    await page.getByLabel("激活状态").selectOption({ index: 0 });
    await page.getByRole("button", { name: "查询", exact: true }).click();
    await loaded(page, T);
    await expect(rows(page, T)).toHaveCount(1);
    await expect(rows(page, T).first()).toContainText("激活中");

    // The terminal reports its activation frame over TCP to the gateway, which answers 0x0A.
    const frame = encodeActivationRequest({
      pin,
      at: Date.now(),
      serial: 7,
      chipId,
      publicKey: `04${"3C".repeat(64)}`,
      terminalId,
    });
    if (!frame.ok) throw new Error(frame.error.message);
    const tbox = await TestTbox.open(GATEWAY_PORT);
    const answer = await tbox.send(raw(frame.value));
    expect(answer).toMatchObject({ command: 0x0a, responseFlag: 0x01, vin: pin });
    // The page reads itself again while a terminal is 激活中: no 查询 needed.
    await expect(rows(page, T).first()).toContainText("已激活", { timeout: 10_000 });
    // The terminal's chip made a new key: 密钥同步 0x0B, version 1.
    const sync = encodeKeySyncRequest({
      pin,
      at: Date.now(),
      serial: 8,
      chipId,
      keyVersion: 1,
      publicKey: `04${"4D".repeat(64)}`,
      terminalId,
    });
    if (!sync.ok) throw new Error(sync.error.message);
    expect(await tbox.send(raw(sync.value))).toMatchObject({ command: 0x0b, responseFlag: 0x01 });
    tbox.end();
    await page.getByRole("button", { name: "查询", exact: true }).click();
    await loaded(page, T);
    await expect(rows(page, T).first().locator("td").nth(4)).toHaveText("1");
    await rows(page, T)
      .first()
      .getByRole("button", { name: `激活记录 ${terminalId}` })
      .click();
    const history = page.getByRole("dialog", { name: `激活记录 · ${terminalId}` });
    const events = table(page, "激活记录").locator("tbody tr");
    await expect(events).toHaveCount(5);
    await expect(events.nth(0)).toContainText("平台应答（0x0B）");
    await expect(events.nth(0)).toContainText("密钥同步成功");
    await expect(events.nth(1)).toContainText("终端密钥同步（0x0B）");
    await expect(events.nth(1)).toContainText(sync.value);
    await expect(events.nth(2)).toContainText("平台应答（0x0A）");
    await expect(events.nth(2)).toContainText("激活成功");
    await expect(events.nth(3)).toContainText(frame.value);
    await expect(events.nth(4)).toContainText("发起激活");
    await audit(page, "激活记录");
    await page.screenshot({ path: "test-results/screenshots/terminal-activation-history.png" });
    await history.getByRole("button", { name: "关闭" }).click();
    await audit(page, T);
    await page.screenshot({ path: "test-results/screenshots/terminal-activation.png" });

    // Export of the filter: a task in the export file list.
    await page.getByRole("button", { name: "导出", exact: true }).click();
    await expect(page.getByText(/导出文件列表/).first()).toBeVisible();
  });
});
