import { expect, type Page, test } from "@playwright/test";
import { audit as auditWith } from "./axe";
import { signIn } from "./console-signin";

/** Every axe rule, best practices included (this screen was held to all of them from the start). */
const audit = (page: Page, what: string) => auditWith(page, what, "all");

/** Three small distinct PNGs (16×10, one colour each): the photos an operator picks. */
const PHOTOS = {
  身份证人像面:
    "iVBORw0KGgoAAAANSUhEUgAAABAAAAAKCAIAAAAy3EnLAAAAFElEQVR4nGOI6jlBEmIY1TA0NQAA/+oM0AbDAeEAAAAASUVORK5CYII=",
  身份证国徽面:
    "iVBORw0KGgoAAAANSUhEUgAAABAAAAAKCAIAAAAy3EnLAAAAFElEQVR4nGM4sSCKJMQwqmFoagAAgK0ZUI0u3l0AAAAASUVORK5CYII=",
  手持身份证照片:
    "iVBORw0KGgoAAAANSUhEUgAAABAAAAAKCAIAAAAy3EnLAAAAFElEQVR4nGPI21JBEmIY1TA0NQAAR0UAUNPQ434AAAAASUVORK5CYII=",
} as const;

const table = (page: Page) => page.getByRole("table", { name: "实名认证" });
const rows = (page: Page) => table(page).locator("tbody tr");

/** Searches the list by VIN and state (either may be empty). */
async function search(page: Page, vin: string, state = "") {
  await page.getByLabel("VIN").fill(vin);
  await page.getByLabel("认证状态").selectOption(state === "" ? { index: 0 } : { label: state });
  await page.getByRole("button", { name: "查询", exact: true }).click();
}

test("real-name: the operator submits a record with photos, the reviewer approves it; a rejection with its reason", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const operator = await (await browser.newContext()).newPage();
  await signIn(operator, "operator", "/auth/index");
  await operator.goto("/#/auth/index");
  await expect(operator.getByRole("heading", { name: "实名认证" })).toBeVisible();

  // A card never authenticated: its row offers 提交认证.
  await search(operator, "", "未认证");
  await expect(operator).toHaveURL(/status=unauthenticated/);
  const row = rows(operator).first();
  await expect(row).toContainText("未认证");
  const vin = (await row.locator("td").first().innerText()).trim();
  await row.getByRole("button", { name: "提交认证" }).click();
  const submit = operator.getByRole("dialog", { name: `提交实名认证 · ${vin}` });

  // Nothing filled: the domain's messages under each field, nothing sent.
  await submit.getByRole("button", { name: "确定" }).click();
  await expect(submit.getByRole("alert").filter({ hasText: "请输入2–30个字的姓名" })).toBeVisible();
  await expect(submit.getByRole("alert").filter({ hasText: "请上传身份证人像面" })).toBeVisible();
  await submit.getByLabel("姓名").fill("张伟");
  await submit.getByLabel("身份证号码").fill("110101199003070012");
  await submit.getByLabel("联系电话").fill("13800138000");
  for (const [name, png] of Object.entries(PHOTOS)) {
    await submit
      .getByRole("group", { name, exact: true })
      .getByLabel(`${name}：上传图片`)
      .setInputFiles({ name: `${name}.png`, mimeType: "image/png", buffer: Buffer.from(png, "base64") });
    await expect(submit.getByRole("img", { name: `${name}.png` })).toBeVisible();
  }
  await operator.waitForTimeout(2_100); // the dialog's confirm is throttled to once every 2 s (spec §5)
  await submit.getByRole("button", { name: "确定" }).click();
  await expect(submit.getByRole("alert").filter({ hasText: "请输入正确的身份证号码" })).toBeVisible();
  await submit.getByLabel("身份证号码").fill("110101199003070011");
  await audit(operator, "submit dialog");
  await operator.screenshot({ path: "test-results/screenshots/realname-submit.png" });
  await operator.waitForTimeout(2_100);
  await submit.getByRole("button", { name: "确定" }).click();
  await expect(operator.getByText("已提交，等待审核")).toBeVisible();
  await expect(submit).toHaveCount(0);

  // Under review: the operator may look but not decide.
  await search(operator, vin);
  await expect(rows(operator)).toHaveCount(1);
  await expect(rows(operator).first()).toContainText("审核中");
  await rows(operator).first().getByRole("button", { name: "详情" }).click();
  const mine = operator.getByRole("dialog", { name: `实名认证 · ${vin}` });
  await expect(mine).toContainText("提交认证 · 运营专员");
  await expect(mine).toContainText(/110101\*{8}0011/);
  await expect(mine.getByRole("button", { name: "通过" })).toHaveCount(0);
  await mine.getByRole("button", { name: "关闭" }).first().click();

  // The reviewer sees the full number and the private photos through their signed links, and approves.
  const reviewer = await (await browser.newContext()).newPage();
  await signIn(reviewer, "admin", "/auth/index");
  await reviewer.goto("/#/auth/index");
  await search(reviewer, vin);
  await rows(reviewer).first().getByRole("button", { name: "审核" }).click();
  const review = reviewer.getByRole("dialog", { name: `实名认证 · ${vin}` });
  await expect(review).toContainText("110101199003070011");
  const photo = review.getByRole("img", { name: "手持身份证照片" });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(16);
  expect(await photo.getAttribute("src")).toContain("Signature=");
  await audit(reviewer, "review dialog");
  await reviewer.screenshot({ path: "test-results/screenshots/realname-review.png" });
  await review.getByRole("button", { name: "通过" }).click();
  await expect(reviewer.getByText("已通过审核")).toBeVisible();
  await expect(rows(reviewer).first()).toContainText("已认证");

  // Another card under review is rejected: the reason is required, then shown to the submitter.
  await search(reviewer, "", "审核中");
  const other = rows(reviewer).first();
  const otherVin = (await other.locator("td").first().innerText()).trim();
  await other.getByRole("button", { name: "审核" }).click();
  const reject = reviewer.getByRole("dialog", { name: `实名认证 · ${otherVin}` });
  await reject.getByRole("button", { name: "驳回" }).click();
  // By keyboard: the reason box takes the focus; 驳回 without a reason is refused by the domain's rule.
  await expect(reject.getByLabel("驳回原因")).toBeFocused();
  await reviewer.keyboard.press("Tab");
  await expect(reject.getByRole("button", { name: "驳回" })).toBeFocused();
  await reviewer.keyboard.press("Enter");
  await expect(reject.getByRole("alert").filter({ hasText: "请填写驳回原因" })).toBeVisible();
  await expect(reject.getByLabel("驳回原因")).toBeFocused();
  await reviewer.keyboard.type("身份证国徽面模糊，请重新拍摄");
  await reviewer.keyboard.press("Tab");
  await reviewer.keyboard.press("Enter");
  await expect(reject).toHaveCount(0);
  await search(reviewer, otherVin);
  await expect(rows(reviewer).first()).toContainText("已驳回");
  await reviewer.screenshot({ path: "test-results/screenshots/realname-list.png" });

  // The operator reads why and may submit again.
  await search(operator, otherVin);
  await rows(operator).first().getByRole("button", { name: "详情" }).click();
  await expect(operator.getByRole("dialog", { name: `实名认证 · ${otherVin}` })).toContainText(
    "审核驳回 · 系统管理员：身份证国徽面模糊，请重新拍摄",
  );
  await operator.keyboard.press("Escape");
  await rows(operator).first().getByRole("button", { name: "重新提交" }).click();
  await expect(operator.getByText("上次驳回原因：身份证国徽面模糊，请重新拍摄")).toBeVisible();
});
