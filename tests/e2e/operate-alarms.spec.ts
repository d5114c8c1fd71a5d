import { expect, type Page, test } from "@playwright/test";
import { signIn, storedToken } from "./console-signin";

const table = (page: Page, name: string) => page.getByRole("table", { name });
const rows = (page: Page, name: string) => table(page, name).locator("tbody tr");
const loaded = (page: Page, name: string) =>
  expect(table(page, name).locator("xpath=ancestor::div[1]").getByRole("status")).toHaveCount(0);

/** Two VINs with alarm episodes in the last 7 days (the frames seed's), from the list call itself. */
async function alarmVins(page: Page): Promise<string[]> {
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const res = await page.request.get("/tsp-bss/operate/alarm/list?pageSize=200", { headers });
  const list = ((await res.json()) as { data: { list: { vin: string }[] } }).data.list;
  return [...new Set(list.map((a) => a.vin))].slice(0, 2);
}

test("故障报警: filter by level, acknowledge, close with a note; 车辆分组: a group of two VINs filters the alarms; 个人消息: the alarm's message, marked read", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, "admin", "/operate/alarm");
  await page.goto("/#/operate/alarm");
  await expect(page.getByRole("heading", { name: "故障报警" })).toBeVisible();
  await loaded(page, "故障报警");
  await expect(page.getByTestId("alarm-counts")).toContainText("3级");

  // Level 3 only: the seed's thermal alarms of this morning, some still on.
  await page.getByLabel("报警等级").selectOption({ label: "3级" });
  await page.getByLabel("处理状态").selectOption({ label: "未处理" });
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, "故障报警");
  const first = rows(page, "故障报警").first();
  await expect(first).toContainText("3级");
  expect(await rows(page, "故障报警").filter({ hasNotText: "3级" }).count()).toBe(0);
  const vin = ((await first.locator("td").nth(2).textContent()) ?? "").trim();
  expect(vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);

  // 确认 with a note.
  await first.getByRole("button", { name: "确认" }).click();
  const ack = page.getByRole("dialog", { name: /确认报警/ });
  await ack.getByLabel("确认说明（选填）").fill("已联系司机，前往服务站");
  await ack.getByRole("button", { name: "确定" }).click();
  await expect(ack).toHaveCount(0);
  // Acknowledged, it leaves the 未处理 list.
  await loaded(page, "故障报警");
  await expect(rows(page, "故障报警").filter({ hasText: vin }).filter({ hasText: "已联系司机" })).toHaveCount(0);

  // 关闭: the note is required (the domain's rule shows before anything is sent).
  await page.getByLabel("处理状态").selectOption({ label: "已确认" });
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, "故障报警");
  const acked = rows(page, "故障报警").filter({ hasText: vin }).first();
  await expect(acked).toContainText("已联系司机");
  await acked.getByRole("button", { name: "关闭" }).click();
  const close = page.getByRole("dialog", { name: /关闭报警/ });
  await close.getByRole("button", { name: "确定" }).click();
  await expect(close.getByRole("alert").filter({ hasText: "请填写处理说明（2–200 个字）" })).toBeVisible();
  await close.getByLabel("处理说明").fill("冷却液补充，温差复位，复检正常");
  await page.waitForTimeout(2_100); // the dialog's confirm is throttled to once every 2 s (spec §5)
  await close.getByRole("button", { name: "确定" }).click();
  await expect(close).toHaveCount(0);
  await page.getByLabel("处理状态").selectOption({ label: "已关闭" });
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, "故障报警");
  await expect(rows(page, "故障报警").filter({ hasText: "冷却液补充" })).toHaveCount(1);

  // 车辆分组: a new group of two VINs that have alarms.
  const [a, b] = await alarmVins(page);
  if (!a || !b) throw new Error("the seed has no alarms");
  const name = `E2E分组${String(Date.now()).slice(-5)}`;
  await page.goto("/#/operate/group");
  await expect(page.getByRole("heading", { name: "车辆分组" })).toBeVisible();
  await page.getByRole("button", { name: "新建分组" }).click();
  const create = page.getByRole("dialog", { name: "新建分组" });
  await create.getByLabel("分组名称").fill(name);
  await create.getByRole("button", { name: "确定" }).click();
  await expect(create).toHaveCount(0);
  await page.getByLabel("分组名称").first().fill(name);
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, "车辆分组");
  await rows(page, "车辆分组").first().getByRole("button", { name: "车辆" }).click();
  const members = page.getByRole("dialog", { name: `分组车辆：${name}` });
  await members.getByRole("button", { name: "添加车辆" }).click();
  const add = page.getByRole("dialog", { name: "添加车辆" });
  await add.getByLabel(/VIN/).fill(`${a}\n${b}`);
  await add.getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("已添加 2 辆").first()).toBeVisible();
  await expect(members.getByTestId("group-members").locator("tbody tr")).toHaveCount(2);
  await members
    .getByRole("button", { name: /关闭|Close/ })
    .first()
    .click();

  // The group as the alarm filter: only its two vehicles.
  await page.goto("/#/operate/alarm");
  await page.getByRole("button", { name: /展开/ }).click();
  await page.getByLabel("车辆分组").selectOption({ label: name });
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, "故障报警");
  await expect(rows(page, "故障报警").first()).toBeVisible();
  const shown = await rows(page, "故障报警").locator("td:nth-child(3)").allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.every((v) => [a, b].includes(v.trim()))).toBe(true);

  // 个人消息: the level-3 alarm is a message; mark it read; the bell follows.
  await page.getByTestId("message-bell").click();
  await expect(page.getByRole("heading", { name: "个人消息" })).toBeVisible();
  await loaded(page, "个人消息");
  const unreadText = async () =>
    Number(((await page.getByTestId("message-unread").textContent()) ?? "").replace(/\D/g, ""));
  await expect(page.getByTestId("message-unread")).toBeVisible();
  // Every unread message of the account (what the bell counts), before narrowing the list.
  const total = await unreadText();
  // Only alarm messages: the other specs' 导出完成 messages to the same admin can fill page 1.
  await page.getByLabel("消息类型").selectOption({ label: "报警" });
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, "个人消息");
  await expect(rows(page, "个人消息").first()).toContainText("报警");
  const before = await unreadText();
  expect(before).toBeGreaterThan(0);
  const message = rows(page, "个人消息").filter({ hasText: `3级报警` }).filter({ hasText: vin }).first();
  await expect(message).toContainText("未读");
  await message.getByRole("button", { name: /标为已读/ }).click();
  await expect(page.getByTestId("message-unread")).toContainText(String(before - 1));
  await expect(rows(page, "个人消息").filter({ hasText: `3级报警` }).filter({ hasText: vin }).first()).toContainText(
    "已读",
  );
  await expect(page.getByTestId("message-bell")).toHaveAccessibleName(new RegExp(`${total - 1} 条未读`));
});
