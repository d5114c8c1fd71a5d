import { expect, type Page, test } from "@playwright/test";
import { MSG_FILING_REASON_REQUIRED } from "@tsp/domain";
import { signIn } from "./console-signin";

const table = (page: Page, name: string) => page.getByRole("table", { name });
const rows = (page: Page, name: string) => table(page, name).locator("tbody tr");
const loaded = (page: Page, name: string) =>
  expect(table(page, name).locator("xpath=ancestor::div[1]").getByRole("status")).toHaveCount(0);
/** Six digits unique per run. */
const suffix = String(Date.now()).slice(-6);
const TITLE = "终端型号备案";

test("terminal model filing: file a draft, submit, reject with a reason, edit, resubmit, approve", async ({ page }) => {
  await signIn(page, "admin", "/notRoadFour/terminalModel");
  await page.goto("/#/notRoadFour/terminalModel");
  await expect(page.getByRole("heading", { name: TITLE })).toBeVisible();
  await loaded(page, TITLE);
  await expect(rows(page, TITLE).first()).toBeVisible();

  // A new terminal model on a filed chip model: saved as 草稿.
  await page.getByRole("button", { name: "新增", exact: true }).click();
  const form = page.getByRole("dialog", { name: `新增 · ${TITLE}` });
  const model = `E2E-TM-${suffix}`;
  await form.getByRole("textbox", { name: "终端型号" }).fill(model);
  await form.getByLabel("终端生产企业").fill("深圳市有为信息技术发展有限公司");
  await form.getByLabel("固件版本").fill("V1.0.0");
  await form.getByLabel("安全芯片型号").fill("Z32H330");
  await form.getByLabel("定位方式").selectOption("bdsGps");
  await form.getByLabel("通信协议").selectOption("hj1322");
  await expect(form.getByLabel("备案状态")).toHaveCount(0);
  await form.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("保存成功")).toBeVisible();
  await page.getByRole("textbox", { name: "关键字" }).fill(model);
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, TITLE);
  const row = rows(page, TITLE).first();
  await expect(rows(page, TITLE)).toHaveCount(1);
  await expect(row).toContainText("草稿");

  // 提交 → 待审核: no edit while the authority reviews it.
  await row.getByRole("button", { name: "提交", exact: true }).click();
  await page.getByRole("dialog", { name: "提交" }).getByRole("button", { name: "提交" }).click();
  await expect(row).toContainText("待审核");
  await expect(row.getByRole("button", { name: "编辑" })).toHaveCount(0);
  await expect(row.getByRole("button", { name: "删除" })).toHaveCount(0);

  // 驳回 needs a reason (the domain's message, nothing sent), then shows it on the row.
  await row.getByRole("button", { name: "驳回" }).click();
  const reject = page.getByRole("dialog", { name: `驳回备案 · ${model}` });
  await reject.getByRole("button", { name: "确定" }).click();
  await expect(reject.getByRole("alert").filter({ hasText: MSG_FILING_REASON_REQUIRED })).toBeVisible();
  await reject.getByLabel("驳回原因").fill("检测报告编号缺失");
  await page.waitForTimeout(2_100); // the dialog's confirm is throttled to once every 2 s (spec §5)
  await reject.getByRole("button", { name: "确定" }).click();
  await expect(row).toContainText("已驳回");
  await expect(row).toContainText("检测报告编号缺失");
  await page.screenshot({ path: "test-results/screenshots/terminal-model-rejected.png" });

  // A rejected filing is corrected, then resubmitted (the reason clears) and approved.
  await row.getByRole("button", { name: "编辑" }).click();
  const edit = page.getByRole("dialog", { name: `编辑 · ${model}` });
  await edit.getByLabel("检测报告编号").fill(`NRMM-T-2025-${suffix}`);
  await edit.getByRole("button", { name: "确定" }).click();
  await expect(edit).toHaveCount(0);
  await row.getByRole("button", { name: "重新提交" }).click();
  await page.getByRole("dialog", { name: "重新提交" }).getByRole("button", { name: "重新提交" }).click();
  await expect(row).toContainText("待审核");
  await expect(row).not.toContainText("检测报告编号缺失");
  await row.getByRole("button", { name: "通过" }).click();
  await page.getByRole("dialog", { name: "通过" }).getByRole("button", { name: "通过" }).click();
  await expect(row).toContainText("已通过");
  await expect(row.getByRole("button", { name: "编辑" })).toHaveCount(0);
  await row.getByRole("button", { name: "详情" }).click();
  await expect(page.getByRole("dialog", { name: model })).toContainText(`NRMM-T-2025-${suffix}`);
  await page.keyboard.press("Escape");

  // The state filter finds it among the approved ones.
  await page.getByLabel("备案状态").selectOption("approved");
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(page).toHaveURL(/status=approved/);
  await loaded(page, TITLE);
  await expect(rows(page, TITLE)).toHaveCount(1);
});

test("forwarding platform: add one, the password is never shown back, edit keeps it", async ({ page }) => {
  const T = "转发平台账号";
  await signIn(page, "admin", "/notRoadFour/platformAccount");
  await page.goto("/#/notRoadFour/platformAccount");
  await expect(page.getByRole("heading", { name: T })).toBeVisible();
  await loaded(page, T);
  await expect(rows(page, T).first()).toContainText("已设置");

  const password = `Pw${suffix}!`;
  const answers: string[] = [];
  page.on("response", async (res) => {
    if (res.url().includes("/notRoadFour/platformAccount/")) answers.push(await res.text().catch(() => ""));
  });
  await page.getByRole("button", { name: "新增平台" }).click();
  const form = page.getByRole("dialog", { name: "新增平台" });
  const name = `E2E平台${suffix}`;
  await form.getByLabel("平台名称").fill(name);
  await form.getByLabel("平台地址").fill("not a host");
  await form.getByLabel("端口").fill("19006");
  await form.getByLabel("登录账号").fill("E2E01");
  await form.getByLabel("登录密码").fill(password);
  await form.getByRole("button", { name: "确定" }).click();
  await expect(form.getByRole("alert").filter({ hasText: "平台地址应为IPv4地址或域名" })).toBeVisible();
  await form.getByLabel("平台地址").fill("nrmm.e2e.example.com");
  await page.waitForTimeout(2_100);
  await form.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("保存成功")).toBeVisible();
  await page.getByRole("textbox", { name: "关键字" }).fill(name);
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, T);
  const row = rows(page, T).first();
  await expect(row).toContainText("nrmm.e2e.example.com");
  await expect(row).toContainText("已设置");
  await expect(page.getByText(password)).toHaveCount(0);
  await page.screenshot({ path: "test-results/screenshots/platform-account.png" });

  // The edit form starts with an empty password; left empty, the stored one is kept.
  await row.getByRole("button", { name: "编辑" }).click();
  const edit = page.getByRole("dialog", { name: `编辑 · ${name}` });
  await expect(edit.getByLabel("登录密码（不修改请留空）")).toHaveValue("");
  await edit.getByLabel("端口").fill("19007");
  await edit.getByRole("button", { name: "确定" }).click();
  await expect(edit).toHaveCount(0);
  await expect(row).toContainText("19007");
  await expect(row).toContainText("已设置");
  expect(answers.length).toBeGreaterThan(0);
  for (const a of answers) expect(a).not.toContain(password);
});
