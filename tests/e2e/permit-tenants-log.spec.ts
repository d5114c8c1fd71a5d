import { expect, type Page, test } from "@playwright/test";
import { signIn, storedToken } from "./console-signin";

/**
 * 操作日志 in the browser: the administrator makes a change (a 车载内容 draft, through the API
 * with the console's own token), finds it in 操作日志 by its target with who, what and the
 * result, opens 详情 (the redacted parameters and the request), exports the search as an export
 * task, and finds that export in the log too.
 */
const LIST = "操作日志";
const table = (page: Page) => page.getByRole("table", { name: LIST });
const rows = (page: Page) => table(page).locator("tbody tr");

test("operation log: a change shows with who, what and target; detail; export", async ({ page }) => {
  const title = `日志演示${String(Date.now()).slice(-6)}`;
  await signIn(page, "admin", "/permit/log");
  await page.goto("/#/permit/log");
  await expect(page.getByRole("heading", { name: LIST })).toBeVisible();
  // The seeded week of history is there on first start.
  await expect(rows(page)).not.toHaveCount(0);

  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const made = await page.request.post("/tsp-bss/content/add", {
    headers,
    data: {
      title,
      contentType: "notice",
      modelIds: [1111],
      publishFrom: 1_763_856_000_000,
      publishTo: null,
      body: "<p>演示</p>",
    },
  });
  expect(made.status()).toBe(200);

  // Find it by its target.
  await page.getByRole("textbox", { name: "操作对象", exact: true }).fill(title);
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page).first();
  await expect(row).toContainText("系统管理员（admin）");
  await expect(row).toContainText("车载内容管理·新增");
  await expect(row).toContainText(`title=${title}`);
  await expect(row).toContainText("成功");

  // 详情: the request and the redacted parameters.
  await row.getByRole("button", { name: "详情" }).click();
  const detail = page.getByRole("dialog", { name: "操作详情" });
  await expect(detail).toContainText("POST /tsp-bss/content/add");
  await expect(detail.getByTestId("oplog-params")).toContainText(title);
  await page.screenshot({ path: `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/permit-log-detail.png` });
  await detail.getByRole("button", { name: "关闭" }).first().click();
  await expect(detail).toHaveCount(0);

  // 导出 the search as an export task; the export is in the log too.
  await page.getByRole("button", { name: "导出", exact: true }).click();
  await expect(page.getByText("导出任务已提交，请到导出文件列表查看")).toBeVisible();
  await page.getByRole("textbox", { name: "操作对象", exact: true }).fill("");
  await page.getByRole("textbox", { name: "操作", exact: true }).fill("操作日志·导出");
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(rows(page).first()).toContainText("操作日志·导出");
  await expect(rows(page).first()).toContainText("系统管理员（admin）");
  await page.screenshot({ path: `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/permit-log-list.png` });
});
