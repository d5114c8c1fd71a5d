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

/**
 * 租户管理 in the browser: create a sub-tenant, restrict the menus it may use, disable it — then
 * find each step in 操作日志 with who, what and the target, and export the log.
 */
test("tenants: create a sub-tenant, restrict its menus, disable it; the steps are in the log", async ({ page }) => {
  const code = `E${String(Date.now()).slice(-6)}`;
  const name = `华南运营${code.slice(-3)}`;
  await signIn(page, "admin", "/permit/tenant");
  await page.goto("/#/permit/tenant");
  const tenants = page.getByRole("table", { name: "租户管理" });
  await expect(tenants.locator("tbody tr").first()).toContainText("T0001");

  // 新增租户 under the demo tenant.
  await page.getByRole("button", { name: "新增租户" }).click();
  const form = page.getByRole("dialog", { name: "新增租户" });
  await form.getByLabel("租户编码").fill(code);
  await form.getByLabel("租户名称").fill(name);
  await form.getByRole("button", { name: "确定" }).click();
  await expect(form).toHaveCount(0);
  await page.getByRole("textbox", { name: "租户", exact: true }).fill(code);
  await page.getByRole("button", { name: "查询", exact: true }).click();
  const row = tenants.locator("tbody tr").filter({ hasText: code });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("启用");

  // 可用菜单: leave out TBOX可视化联调.
  await row.getByRole("button", { name: "可用菜单" }).click();
  const menus = page.getByRole("dialog", { name: `可用菜单 · ${name}` });
  await menus.getByLabel("不限制（可使用上级租户的全部菜单）").uncheck();
  await menus.getByLabel("TBOX可视化联调", { exact: true }).uncheck();
  await menus.getByRole("button", { name: "确定" }).click();
  await expect(menus).toHaveCount(0);
  await expect(row).toContainText("已限制");

  // 停用, after the confirm.
  await row.getByRole("button", { name: "停用" }).click();
  await page.getByRole("dialog", { name: "停用" }).getByRole("button", { name: "停用" }).click();
  await expect(row.getByRole("button", { name: "启用" })).toBeVisible();
  await page.screenshot({ path: `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/permit-tenant.png` });

  // The three steps in 操作日志, by the new tenant's code.
  await page.goto("/#/permit/log");
  const log = page.getByRole("table", { name: LIST });
  await page.getByRole("textbox", { name: "操作人", exact: true }).fill("admin");
  await page.getByRole("textbox", { name: "操作", exact: true }).fill("租户管理");
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(log.locator("tbody tr").first()).toContainText("租户管理·停用");
  const steps = await log.locator("tbody tr").allInnerTexts();
  for (const what of ["租户管理·新增", "租户管理·可用菜单", "租户管理·停用"]) {
    expect(
      steps.some((s) => s.includes(what) && s.includes("系统管理员（admin）")),
      what,
    ).toBe(true);
  }
  expect(steps.find((s) => s.includes("租户管理·新增"))).toContain(`code=${code}`);
  await page.getByRole("button", { name: "导出", exact: true }).click();
  await expect(page.getByText("导出任务已提交，请到导出文件列表查看")).toBeVisible();
});
