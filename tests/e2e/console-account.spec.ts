import { expect, test } from "@playwright/test";
import { queryJournal, signIn } from "./console-signin";

test("change password: rules before sending, RSA-encrypted values, the server's refusal as a toast, then back", async ({
  page,
}) => {
  await signIn(page);
  const bodies: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/users/web/modifyPassword")) bodies.push(r.postData() ?? "");
  });
  const open = async () => {
    await page.getByRole("button", { name: "修改密码" }).click();
    return page.getByRole("dialog", { name: "修改密码" });
  };

  let dialog = await open();
  await dialog.getByRole("button", { name: "确定" }).click();
  await expect(dialog.getByText("请输入原密码")).toBeVisible();
  await expect(dialog.getByText("请再次输入新密码")).toBeVisible();
  await dialog.getByLabel("原密码").fill("Wrong@123456");
  await dialog.getByLabel("新密码", { exact: true }).fill("short");
  await expect(
    dialog.getByText("新密码须为8-32位，且包含大写字母、小写字母、数字、特殊字符中的至少三类"),
  ).toBeVisible();
  await dialog.getByLabel("新密码", { exact: true }).fill("Better#2026x");
  await dialog.getByLabel("确认新密码").fill("Better#2026y");
  await expect(dialog.getByText("两次输入的新密码不一致")).toBeVisible();
  expect(bodies).toHaveLength(0); // nothing was sent while the form was wrong

  await dialog.getByLabel("确认新密码").fill("Better#2026x");
  await page.waitForTimeout(2100); // the dialog's confirm is throttled to once per 2 s (spec §5)
  await dialog.getByRole("button", { name: "确定" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "原密码不正确" })).toBeVisible();
  expect(bodies).toHaveLength(1);
  expect(bodies[0]).not.toContain("Better#2026x"); // RSA-OAEP ciphertext, never the password
  expect(bodies[0]).not.toContain("Wrong@123456");

  await dialog.getByLabel("原密码").fill("Admin@123456");
  await page.waitForTimeout(2100);
  await dialog.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("密码修改成功")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "修改密码" })).toHaveCount(0);

  // Put the demo password back for the other tests.
  dialog = await open();
  await dialog.getByLabel("原密码").fill("Better#2026x");
  await dialog.getByLabel("新密码", { exact: true }).fill("Admin@123456");
  await dialog.getByLabel("确认新密码").fill("Admin@123456");
  await dialog.getByRole("button", { name: "确定" }).click();
  await expect(page.getByRole("dialog", { name: "修改密码" })).toHaveCount(0); // closes only on success
  expect(bodies).toHaveLength(3);
});

test("a refused call shows the server's reason as an error toast and changes nothing (spec §8)", async ({ page }) => {
  await signIn(page, "admin", "/tbox/loginJournal");
  await page.goto("/#/tbox/loginJournal");
  await queryJournal(page, "LSVAU2180N2183294", 40);
  await expect(page.getByRole("alert").filter({ hasText: "查询时间跨度不能超过31天" })).toBeVisible();
  await expect(page.getByRole("table", { name: /日志列表/ }).locator("tbody tr")).toHaveCount(0);
});

test("English is the second locale", async ({ page }) => {
  await signIn(page);
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await page.getByRole("button", { name: "中文" }).click();
  await expect(page.getByRole("button", { name: "退出登录" })).toBeVisible();
});
