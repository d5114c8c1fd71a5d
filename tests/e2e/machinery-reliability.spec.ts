import { expect, test } from "@playwright/test";
import { audit } from "./axe";
import { signIn } from "./console-signin";

test("农机可靠性试验统计: judge the seeded test, drill into a failing machine's days by its link, by province by keyboard, export", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const table = page.getByRole("table", { name: "农机可靠性试验统计" });
  const summary = page.getByTestId("reliability-summary");

  await test.step("the last three days' test: machines pass and fail with their reasons", async () => {
    await signIn(page, "admin", "/operate/reliabilityTestRecord");
    await page.goto("/#/operate/reliabilityTestRecord");
    await expect(page.getByRole("heading", { name: "农机可靠性试验统计" })).toBeVisible();
    await expect(summary).toContainText("试验期 3 天");
    await expect(table.getByRole("row", { name: /不合格：.*补发率超过5%/ }).first()).toBeVisible();
    await expect(table.getByRole("row", { name: /不合格：无数据/ }).first()).toBeVisible();
    await expect(table.getByRole("cell", { name: "合格", exact: true }).first()).toBeVisible();
    await expect(page.getByRole("figure", { name: "各机械补发率与最长中断" })).toBeVisible();
    await audit(page, "reliability test by machine");
    await page.screenshot({ path: "test-results/screenshots/machinery-reliability.png", fullPage: true });
  });

  await test.step("a failing machine's days: its link, the address reproduces the view", async () => {
    const row = table.getByRole("row", { name: /补发率超过5%/ }).first();
    const pin = ((await row.locator("td").first().innerText()) ?? "").trim();
    await expect(row.getByRole("link", { name: "补发数据" })).toHaveAttribute(
      "href",
      new RegExp(`#/tbox/reliabilityTestRecord\\?vin=${pin}&start=\\d+&end=\\d+`),
    );
    await expect(row.getByRole("link", { name: "轨迹" })).toHaveAttribute(
      "href",
      new RegExp(`#/operate/tripQuery\\?vin=${pin}`),
    );
    await row.getByRole("link", { name: "按日明细" }).click();
    await expect(page).toHaveURL(new RegExp(`groupBy=day&vins=${pin}`));
    await expect(summary).toContainText("0/1 台合格");
    await expect(table.locator("tbody tr")).toHaveCount(4); // three days and the total
    await page.reload();
    await expect(summary).toContainText("0/1 台合格");
    await expect(page.getByLabel("试验机械PIN码（逗号分隔）")).toHaveValue(pin);
    await expect(table.getByRole("row", { name: /合计/ })).toBeVisible();
    await page.goBack();
    await expect(summary).not.toContainText("0/1 台合格");
  });

  await test.step("by province, by keyboard; a malformed PIN list is refused; export", async () => {
    await page.getByLabel("统计维度").focus();
    await page.keyboard.press("End"); // the last option: 按省份
    await expect(page.getByLabel("统计维度")).toHaveValue("region");
    await page.getByRole("button", { name: "查询", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/groupBy=region/);
    await expect(page.getByRole("figure", { name: "合格与不合格" })).toBeVisible();
    await expect(table.locator("tbody tr").first().locator("td").first()).toHaveText(/^[\u4e00-\u9fa5]{2,}$/);
    await expect(table.getByRole("row", { name: /合计/ })).toBeVisible();
    await page.getByLabel("试验机械PIN码（逗号分隔）").fill("ABC");
    await expect(page.getByText("PIN码须为17位字母或数字")).toBeVisible();
    await expect(page.getByRole("button", { name: "查询", exact: true })).toBeDisabled();
    await page.getByLabel("试验机械PIN码（逗号分隔）").fill("");
    await page.getByRole("button", { name: "导出" }).click();
    await expect(page.getByText("导出任务已提交").last()).toBeVisible();
  });
});
