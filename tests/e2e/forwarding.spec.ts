import { expect, type Page, test } from "@playwright/test";
import { startTestPlatform, type TestPlatform } from "../../apps/server/src/forwarder/testPlatform";
import { signIn } from "./console-signin";

const TITLE = "转发统计";
const PROVINCE = "广东省非道路移动机械监管平台";
const table = (page: Page, name: string) => page.getByRole("table", { name });
const rows = (page: Page, name: string) => table(page, name).locator("tbody tr");
const loaded = (page: Page, name: string) =>
  expect(table(page, name).locator("xpath=ancestor::div[1]").getByRole("status")).toHaveCount(0);
/** The range's figures as the page sums them. */
async function totals(page: Page) {
  const text = (await page.getByTestId("forward-totals").textContent()) ?? "";
  const n = (label: string) => Number(new RegExp(`${label}(\\d+)帧`).exec(text)?.[1] ?? Number.NaN);
  return { forwarded: n("已转发"), pending: n("待转发"), resent: n("其中补发") };
}

let platform: TestPlatform | undefined;
test.afterAll(async () => {
  await platform?.stop();
});

test("转发统计: the week's figures, a forwarding run to a receiving platform moves the queue into them, export", async ({
  page,
}) => {
  await signIn(page, "admin", "/notRoadFour/forwardStatist");
  await page.goto("/#/notRoadFour/forwardStatist");
  await expect(page.getByRole("heading", { name: TITLE })).toBeVisible();
  await loaded(page, TITLE);
  // The province's platform: seven days of figures, the outage's 补发, frames waiting in its queue.
  await page.getByLabel("转发平台").selectOption({ label: PROVINCE });
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, TITLE);
  await expect(rows(page, TITLE)).toHaveCount(7);
  await expect(rows(page, TITLE).first()).toContainText(PROVINCE);
  const before = await totals(page);
  expect(before.forwarded).toBeGreaterThan(0);
  expect(before.resent).toBeGreaterThan(0);
  expect(before.pending).toBeGreaterThan(0);
  await expect(page.getByRole("region", { name: "转发链路" })).toContainText(PROVINCE);

  // The operator points the platform at a receiving platform (the simulated one) with a new password.
  platform = await startTestPlatform({ accounts: new Map() });
  await page.goto("/#/notRoadFour/platformAccount");
  const T = "转发平台账号";
  await loaded(page, T);
  const row = rows(page, T).filter({ hasText: PROVINCE });
  const account = /GDTSP01\d+/.exec((await row.textContent()) ?? "")?.[0] ?? "";
  expect(account).not.toBe("");
  platform.accounts.set(account, "E2eFwd#2026");
  await row.getByRole("button", { name: "编辑" }).click();
  const edit = page.getByRole("dialog", { name: `编辑 · ${PROVINCE}` });
  await edit.getByLabel("平台地址").fill("127.0.0.1");
  await edit.getByLabel("端口").fill(String(platform.port));
  await edit.getByLabel("登录密码（不修改请留空）").fill("E2eFwd#2026");
  await edit.getByRole("button", { name: "确定" }).click();
  await expect(edit).toHaveCount(0);

  // The forwarder logs in with it and sends the queue; the platform has every waiting frame once.
  await expect.poll(() => platform?.arrivals.length ?? 0, { timeout: 30_000 }).toBe(before.pending);
  expect(platform.logins.at(-1)).toMatchObject({ account, accepted: true });
  expect(platform.duplicates).toBe(0);

  await page.goto("/#/notRoadFour/forwardStatist");
  await page.getByLabel("转发平台").selectOption({ label: PROVINCE });
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, TITLE);
  await expect.poll(async () => (await totals(page)).pending).toBe(0);
  expect((await totals(page)).forwarded).toBe(before.forwarded + before.pending);
  await expect(page.getByRole("region", { name: "转发链路" })).toContainText("在线");
  await page.screenshot({ path: "test-results/screenshots/forward-statist.png", fullPage: true });

  await page.getByRole("button", { name: "导出", exact: true }).click();
  await expect(page.getByText("导出任务已提交，请到导出文件列表查看")).toBeVisible();
  await page.goto("/#/exportFile/index");
  const task = table(page, "导出文件列表").locator("tbody tr").filter({ hasText: TITLE });
  await expect(task.first().getByText("已完成")).toBeVisible({ timeout: 30_000 });
});
