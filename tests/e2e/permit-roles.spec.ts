import { type Browser, expect, type Page, test } from "@playwright/test";
import { audit } from "./axe";
import { queryJournal, seededVin, signIn, storedToken } from "./console-signin";

/**
 * Issue 15's first Done-when, in the browser: the administrator creates a role without the
 * journal-export permission and an account holding it; in a second browser context that account
 * signs in and sees no 导出 on 登录登出日志 and the export call answers 403; the administrator
 * grants the permission to the role; without signing in again, the account's next request
 * brings the button (the X-Authz-Version header changed, the console reloaded its permissions)
 * and the export works; the operation log shows each step with who, what and the target.
 */
const stamp = String(Date.now()).slice(-6);
const ROLE_CODE = `journal_${stamp}`;
const ROLE_NAME = `日志查看员${stamp}`;
const USERNAME = `viewer${stamp}`;
const PASSWORD = "Viewer@123456";
const EXPORT_BUTTON = /^登入日志导出/;
const out = (name: string) => `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/${name}`;

/** Signs a page in as any account through the authorize page. */
async function signInAs(page: Page, username: string, password: string, hash: string): Promise<void> {
  await page.goto(`/#${hash}`);
  await expect(page).toHaveURL(/\/b-iam-account\/oauth\/authorize\?/);
  await page.getByLabel("用户名").fill(username);
  await page.getByLabel("密码").fill(password);
  await page.getByRole("button", { name: "登录" }).click();
  await expect(page.getByRole("navigation", { name: "侧边菜单" })).toBeVisible();
}

async function exportAnswer(page: Page, vin: string): Promise<number> {
  const now = Date.now();
  const answer = await page.request.get(
    `/tsp-hbase-proxy/vehicleLog/getLoginLog/export?vin=${vin}&startTime=${now - 86_400_000}&endTime=${now}`,
    { headers: { Authorization: `Bearer ${await storedToken(page)}` } },
  );
  return answer.status();
}

async function viewerPage(browser: Browser) {
  const context = await browser.newContext({ locale: "zh-CN", timezoneId: "Asia/Shanghai" });
  return { context, page: await context.newPage() };
}

test("a role without the export permission, an account holding it, then the grant reaches it without signing in again", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // 1. The administrator creates the role on the menu tree: 登录登出日志 with its buttons, the export unticked.
  await signIn(page, "admin", "/permit/role");
  await page.goto("/#/permit/role");
  await expect(page.getByRole("heading", { name: "角色管理" })).toBeVisible();
  await page.getByRole("button", { name: "新增角色" }).click();
  const dialog = page.getByRole("dialog", { name: "新增角色" });
  await dialog.getByLabel("角色编码").fill(ROLE_CODE);
  await dialog.getByLabel("角色名称").fill(ROLE_NAME);
  const tree = dialog.getByRole("list", { name: "菜单与按钮权限" });
  await tree.getByRole("checkbox", { name: "登录登出日志", exact: true }).check();
  await expect(tree.getByRole("checkbox", { name: EXPORT_BUTTON })).toBeChecked();
  await tree.getByRole("checkbox", { name: EXPORT_BUTTON }).uncheck();
  await page.screenshot({ path: out("permit-role-dialog.png") });
  await audit(page, "role dialog");
  await dialog.getByRole("button", { name: "确定" }).click();
  await expect(dialog).toHaveCount(0);
  const roleRow = page.getByRole("row").filter({ hasText: ROLE_CODE });
  await expect(roleRow).toContainText(ROLE_NAME);
  await expect(roleRow).toContainText("全部租户数据");

  // 2. …and an account holding it.
  await page.goto("/#/permit/account");
  await expect(page.getByRole("heading", { name: "账号管理" })).toBeVisible();
  await page.getByRole("button", { name: "新增账号" }).click();
  const form = page.getByRole("dialog", { name: "新增账号" });
  await form.getByRole("textbox", { name: "* 账号" }).fill(USERNAME);
  await form.getByLabel("姓名").fill("日志查看员");
  await form.getByLabel("手机号").fill("13912345678");
  await form.getByLabel("所属组织").selectOption({ label: "运营中心 / 车辆运营部" });
  await form.getByRole("group", { name: "角色" }).getByRole("checkbox", { name: ROLE_NAME }).check();
  await form.getByLabel("初始密码").fill(PASSWORD);
  await page.screenshot({ path: out("permit-account-dialog.png") });
  await audit(page, "account dialog");
  await form.getByRole("button", { name: "确定" }).click();
  await expect(form).toHaveCount(0);
  const accountRow = page.getByRole("row").filter({ hasText: USERNAME });
  await expect(accountRow).toContainText("139****5678");
  await expect(accountRow).toContainText(ROLE_NAME);
  await expect(accountRow).toContainText("正常");
  await page.screenshot({ path: out("permit-account-list.png") });
  // 导出 of the list: an export task in the export file list.
  await page.getByRole("button", { name: "导出", exact: true }).click();
  await expect(page.getByText("导出任务已提交，请到导出文件列表查看")).toBeVisible();

  // 3. In a second browser: the account signs in, sees the journal without 导出; the call answers 403.
  const viewer = await viewerPage(browser);
  await signInAs(viewer.page, USERNAME, PASSWORD, "/tbox/loginJournal");
  const vin = await seededVin(viewer.page);
  await viewer.page.goto("/#/tbox/loginJournal");
  await queryJournal(viewer.page, vin, 7);
  const firstRow = viewer.page
    .getByRole("table", { name: /日志列表/ })
    .locator("tbody tr")
    .first();
  await expect(firstRow).toContainText(vin);
  await expect(viewer.page.getByRole("button", { name: "导出", exact: true })).toHaveCount(0);
  expect(await exportAnswer(viewer.page, vin)).toBe(403);

  // 4. The administrator grants the export to the role.
  await page.goto("/#/permit/role");
  await page.getByRole("row").filter({ hasText: ROLE_CODE }).getByRole("button", { name: "编辑" }).click();
  const edit = page.getByRole("dialog", { name: `编辑角色 · ${ROLE_NAME}` });
  await edit.getByRole("checkbox", { name: EXPORT_BUTTON }).check();
  await edit.getByRole("button", { name: "确定" }).click();
  await expect(edit).toHaveCount(0);

  // 5. No new sign-in: the viewer's next request carries the new version, the button appears, the export works.
  await viewer.page.getByRole("button", { name: "查询", exact: true }).click();
  const exportButton = viewer.page.getByRole("button", { name: "导出", exact: true });
  await expect(exportButton).toBeVisible();
  expect(await exportAnswer(viewer.page, vin)).toBe(200);
  await exportButton.click();
  await expect(viewer.page.getByText("导出任务已提交，请到导出文件列表查看")).toBeVisible();
  await viewer.page.screenshot({ path: out("permit-viewer-export.png") });
  await viewer.context.close();

  // 6. The operation log: each step with who, what and the target.
  await page.goto("/#/permit/log");
  await expect(page.getByRole("heading", { name: "操作日志" })).toBeVisible();
  const logRows = page.getByRole("table", { name: "操作日志" }).locator("tbody tr");
  for (const [target, who] of [
    [ROLE_CODE, "admin"],
    [USERNAME, "admin"],
  ] as const) {
    await page.getByRole("textbox", { name: "操作对象", exact: true }).fill(target);
    await page.getByRole("button", { name: "查询", exact: true }).click();
    await expect(logRows.first()).toContainText(target);
    await expect(logRows.first()).toContainText(who);
  }
  // The grant (its target names the role), and the viewer's refused and then accepted exports.
  await page.getByRole("textbox", { name: "操作对象", exact: true }).fill("");
  await page.getByRole("textbox", { name: "操作", exact: true }).fill("updatePermitRole");
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(logRows.first()).toContainText("角色管理");
  await expect(logRows.first()).toContainText("admin");
  await expect(logRows.first()).toContainText(ROLE_NAME);
  await page.getByRole("textbox", { name: "操作", exact: true }).fill("exportLoginLog");
  await page.getByRole("textbox", { name: "操作人", exact: true }).fill(USERNAME);
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(logRows.filter({ hasText: "成功" }).first()).toContainText(USERNAME);
  await expect(logRows.filter({ hasText: "失败" }).first()).toContainText(USERNAME);
  await expect(logRows.filter({ hasText: "失败" }).first()).toContainText(vin);
  await page.screenshot({ path: out("permit-log-steps.png") });
});

test("菜单管理: a menu's new title shows in the side menu after the next request, without signing in again", async ({
  page,
}) => {
  const renamed = `组织架构${stamp}`;
  await signIn(page, "admin", "/permit/menu");
  await page.goto("/#/permit/menu");
  const side = page.getByRole("navigation", { name: "侧边菜单" });
  await page.getByLabel("名称或路径").fill("/permit/organize");
  await page.getByRole("button", { name: "查询", exact: true }).click();
  const row = page.getByRole("table", { name: "菜单管理" }).locator("tbody tr").filter({ hasText: "组织架构" }).first();
  try {
    await row.getByRole("button", { name: "编辑" }).click();
    const dialog = page.getByRole("dialog", { name: "编辑菜单 · /permit/organize" });
    await dialog.getByLabel("名称").fill(renamed);
    await dialog.getByRole("button", { name: "确定" }).click();
    await expect(dialog).toHaveCount(0);
    // The list's reload after the save is the next request: its version differs, the menus reload.
    await expect(side.getByRole("link", { name: renamed })).toBeVisible();
    await page.screenshot({ path: out("permit-menu-renamed.png") });
  } finally {
    // Put the platform's menu back for the specs after this one.
    const headers = { Authorization: `Bearer ${await storedToken(page)}` };
    const tree = await page.request.get("/b-iam-account/permit/menu/tree", { headers });
    const menus = ((await tree.json()) as { data: { menuId: number; api: string; order: number; icon: string }[] })
      .data;
    const menu = menus.find((m) => m.api === "/permit/organize");
    if (menu)
      await page.request.post("/b-iam-account/permit/menu/update", {
        headers,
        data: { menuId: menu.menuId, title: "组织架构", order: menu.order, hidden: false, icon: menu.icon },
      });
  }
});
