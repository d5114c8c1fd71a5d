import { expect, type Page, test } from "@playwright/test";
import { signIn, storedToken } from "./console-signin";

/**
 * 车载内容管理 in the browser: write an item in the rich-text editor with an XSS attempt typed
 * into it, save the draft; a hostile client then stores raw HTML with script, event handlers
 * and a javascript: link through the API (the server's allow-list must make it inert); search
 * the item, publish it, open the preview — the safe markup shows, nothing ran, no dialog.
 */
const LIST = "车载内容管理";
const table = (page: Page) => page.getByRole("table", { name: LIST });
const rows = (page: Page) => table(page).locator("tbody tr");

test("content: write with an XSS attempt, save, publish, preview inert", async ({ page }) => {
  const ran: string[] = [];
  await page.exposeFunction("__pwned", (what: string) => ran.push(String(what)));
  page.on("dialog", (dialog) => {
    ran.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  const title = `防冻液提醒${String(Date.now()).slice(-5)}`;
  await signIn(page, "admin", "/dataService/content");
  await page.goto("/#/dataService/content");
  await expect(page.getByRole("heading", { name: LIST })).toBeVisible();
  await expect(rows(page)).not.toHaveCount(0);

  // Write a draft in the editor, the payload typed as text.
  await page.getByRole("button", { name: "新增", exact: true }).click();
  const form = page.getByRole("dialog", { name: `新增 · ${LIST}` });
  await form.getByRole("textbox", { name: "标题", exact: true }).fill(title);
  await form.getByLabel("内容类型").selectOption("maintenance");
  await form.getByRole("checkbox", { name: "汉EV 610km 冠军版" }).check();
  const editor = form.locator("[contenteditable=true]").first();
  await editor.click();
  await editor.pressSequentially("请检查防冻液 <img src=x onerror=__pwned('typed')>");
  await form.getByRole("button", { name: "确定" }).click();
  await expect(form).toHaveCount(0);

  // Search it.
  await page.getByRole("textbox", { name: "标题", exact: true }).fill(title);
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("草稿");
  await expect(rows(page).first()).toContainText("汉EV 610km 冠军版");

  // A hostile client stores raw HTML through the API.
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const listed = await (
    await page.request.get(`/tsp-bss/content/list?title=${encodeURIComponent(title)}`, { headers })
  ).json();
  const row = listed.data.list[0];
  const saved = await page.request.post("/tsp-bss/content/update", {
    headers,
    data: {
      contentId: row.contentId,
      updatedAt: row.updatedAt,
      title,
      contentType: row.contentType,
      modelIds: row.modelIds,
      publishFrom: row.publishFrom,
      publishTo: null,
      body:
        "<h2>保养提醒</h2><p>请检查防冻液<img src=x onerror=\"__pwned('img')\"></p>" +
        "<script>__pwned('script')</script><a href=\"javascript:__pwned('href')\">点我</a>" +
        "<p onmouseover=\"__pwned('p')\">悬停</p><iframe srcdoc=\"<script>parent.__pwned('iframe')</script>\"></iframe>",
    },
  });
  expect(saved.status()).toBe(200);
  await page.getByRole("button", { name: "查询", exact: true }).click();

  // Publish.
  await rows(page).first().getByRole("button", { name: "发布" }).click();
  await page.getByRole("dialog", { name: "发布" }).getByRole("button", { name: "发布" }).click();
  await expect(rows(page).first()).toContainText("已发布");
  await expect(rows(page).first().getByRole("button", { name: "编辑" })).toHaveCount(0);

  // Preview: the safe markup shows, nothing of the payloads survives or runs.
  await rows(page).first().getByRole("button", { name: "预览" }).click();
  const preview = page.getByTestId("content-preview");
  await expect(preview.getByRole("heading", { name: "保养提醒" })).toBeVisible();
  await expect(preview).toContainText("请检查防冻液");
  await preview.getByText("悬停").hover();
  await preview.getByText("点我").click();
  expect(
    await page
      .locator('[onerror], [onload], [onmouseover], iframe, a[href^="javascript:"], script:has-text("__pwned")')
      .count(),
  ).toBe(0);
  expect(await preview.locator("a").getAttribute("href")).toBeNull();
  await page.screenshot({ path: "test-results/data-service-content-preview.png" });
  expect(ran).toEqual([]);
});
