import { expect, type Page, test } from "@playwright/test";
import { encodeHj1239AntiTamper, encodeHj1239Login } from "@tsp/domain";
import { TestHj1239Terminal } from "../../apps/server/src/gateway/testClient";
import { audit } from "./axe";
import { signIn, storedToken } from "./console-signin";

const port = Number(process.env.E2E_PORT ?? 18080);
/** The e2e server's HJ 1239 port (playwright.config.ts: the GB/T 32960 gateway's port + 2,000). */
const hj1239Port = Number(process.env.E2E_GATEWAY_PORT ?? port + 20_000) + 2_000;

const table = (page: Page, name: string) => page.getByRole("table", { name });
const rows = (page: Page, name: string) => table(page, name).locator("tbody tr");
const loaded = (page: Page, name: string) =>
  expect(table(page, name).locator("xpath=ancestor::div[1]").getByRole("status")).toHaveCount(0);
const must = (r: { ok: true; value: Uint8Array } | { ok: false; error: { message: string } }) => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/**
 * A non-road machine of the admin's tenant known only through 机械信息 (its PIN is in no vehicle
 * table) with no tamper episode yet — from 机械实时状态's list and the tamper list themselves.
 */
async function freshMachine(page: Page): Promise<string> {
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const machines = await page.request.get("/tsp-shadow/machinery/latest/list?pageSize=100", { headers });
  const tamper = await page.request.get("/tsp-bss/deviceManage/tamperAlarm/list?pageSize=200", { headers });
  const taken = new Set(((await tamper.json()) as { data: { list: { vin: string }[] } }).data.list.map((t) => t.vin));
  const pins = ((await machines.json()) as { data: { list: { vin: string }[] } }).data.list.map((a) => a.vin);
  const pin = pins.find((v) => !taken.has(v));
  if (!pin) throw new Error("no machine without a tamper episode");
  return pin;
}

async function handle(page: Page, name: string, row: ReturnType<typeof rows>, state: string, note: string) {
  await row.getByRole("button", { name: "处理" }).click();
  const dialog = page.getByRole("dialog", { name: /处理：/ });
  await dialog.getByLabel("处理状态").selectOption({ label: state });
  await dialog.getByLabel("处理说明").fill(note);
  await dialog.getByRole("button", { name: "确定" }).click();
  await expect(dialog).toHaveCount(0);
  await loaded(page, name);
}

test("防拆报警: a machine reports its terminal removed → the alarm appears, is handled, and the configured staff get it in 个人消息; T-Box故障记录: a silent terminal is handled", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, "admin", "/deviceManage/tamperAlarm");
  await page.goto("/#/deviceManage/tamperAlarm");
  await expect(page.getByRole("heading", { name: "防拆报警" })).toBeVisible();
  await loaded(page, "防拆报警");
  const vin = await freshMachine(page);

  // The machine's HJ 1239 / HJ 1322 terminal logs in and reports its removal, twice.
  const terminal = await TestHj1239Terminal.open(hj1239Port);
  const t = { vin, softwareVersion: 3 };
  const now = Date.now();
  await terminal.send(must(encodeHj1239Login(t, { time: now, serial: 1, iccid: "89860000000000001239" })));
  await terminal.send(must(encodeHj1239AntiTamper(t, { time: now, serial: 2, position: { lng: 121.48, lat: 31.22 } })));
  await terminal.send(must(encodeHj1239AntiTamper(t, { time: now + 1000, serial: 3, position: null })));
  terminal.end();

  await page.getByLabel("VIN").fill(vin);
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, "防拆报警");
  const row = rows(page, "防拆报警").first();
  await expect(row).toContainText("终端拆除");
  await expect(row).toContainText("持续中");
  await expect(row).toContainText("121.48000, 31.22000");
  await expect(row).toContainText("未处理");
  await audit(page, "防拆报警 with a new removal");
  await handle(page, "防拆报警", row, "处理中", "已通知机手和服务站核查");
  await expect(rows(page, "防拆报警").first()).toContainText("处理中");
  await expect(rows(page, "防拆报警").first()).toContainText("已通知机手和服务站核查");

  // Who is told: the seed's rules (the administrator: every tamper alarm, 站内消息).
  await page.getByRole("link", { name: "报警通知人员" }).click();
  await expect(page.getByRole("heading", { name: "报警通知人员" })).toBeVisible();
  await loaded(page, "报警通知人员");
  await expect(rows(page, "报警通知人员").filter({ hasText: "admin" })).toContainText("站内消息");
  await audit(page, "报警通知人员");
  await rows(page, "报警通知人员").filter({ hasText: "operator" }).getByRole("button", { name: "编辑" }).click();
  await audit(page, "报警通知人员 edit");
  await page.keyboard.press("Escape");

  // …and the administrator has it in 个人消息.
  await page.goto("/#/personal/message");
  await loaded(page, "个人消息");
  await expect(rows(page, "个人消息").filter({ hasText: `3级防拆报警：终端拆除（${vin}）` })).toHaveCount(1);

  // T-Box故障记录: the seed's silent terminal, handled 已处理 with its note (the domain's rule first).
  await page.goto("/#/deviceManage/tboxfalse");
  await loaded(page, "T-Box故障记录");
  await page.getByLabel("故障类型").selectOption({ label: "长时间未上报" });
  await page.getByLabel("处理状态").selectOption({ label: "未处理" });
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, "T-Box故障记录");
  const silent = rows(page, "T-Box故障记录").first();
  await audit(page, "T-Box故障记录");
  await expect(silent).toContainText("未收到任何报文");
  const silentVin = ((await silent.locator("td").first().textContent()) ?? "").trim();
  await silent.getByRole("button", { name: "处理" }).click();
  const dialog = page.getByRole("dialog", { name: /处理：/ });
  await dialog.getByLabel("处理状态").selectOption({ label: "已处理" });
  await dialog.getByRole("button", { name: "确定" }).click();
  await expect(dialog.getByRole("alert").filter({ hasText: "请填写处理说明（2–200 个字）" })).toBeVisible();
  await dialog.getByLabel("处理说明").fill("终端欠费停机，已续费恢复");
  await page.waitForTimeout(2_100); // the dialog's confirm is throttled to once every 2 s (spec §5)
  await dialog.getByRole("button", { name: "确定" }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByLabel("处理状态").selectOption({ label: "已处理" });
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded(page, "T-Box故障记录");
  await expect(rows(page, "T-Box故障记录").filter({ hasText: silentVin })).toContainText("终端欠费停机，已续费恢复");
});
