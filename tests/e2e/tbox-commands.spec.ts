import { expect, test } from "@playwright/test";
import { startSimVehicle, stepSimVehicle } from "@tsp/domain";
import { createRng } from "../../apps/server/src/seed/rng";
import { GbtTerminal } from "../../apps/server/src/simulator/gbtTerminal";
import { audit } from "./axe";
import { signIn, storedToken } from "./console-signin";

/** The e2e server's gateway port: playwright.config.ts's rule. */
const gatewayPort = Number(process.env.E2E_GATEWAY_PORT ?? Number(process.env.E2E_PORT ?? 18080) + 20_000);

test("报警参数查询 / 设置 / 终端设置管理: read a simulated vehicle's parameters, change its report period, watch the timeline reach success", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, "admin", "/tbox/search");
  // A vehicle of the demo tenant, logged in by a simulated GB/T 32960 terminal on the server's gateway.
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const picker = await page.request.get("/tsp-bss/v1/vehicle/findVinListByDim?pageNum=1&pageSize=10", { headers });
  const vin = ((await picker.json()) as { data: { list: { vin: string }[] } }).data.list[0]?.vin ?? "";
  expect(vin).toHaveLength(17);
  const terminal = new GbtTerminal({ vin, protocol: "gbt32960" }, { host: "127.0.0.1", port: gatewayPort });
  const random = createRng(17).next;
  let s = { ...startSimVehicle(0, Date.now(), random), linkDown: false };
  await terminal.report(s);
  expect(terminal.counts.answered, "the gateway answered the simulated terminal's login").toBe(1);

  try {
    // 报警参数查询: VIN, then Enter — the values arrive with their names and units.
    await page.goto("/#/tbox/search");
    await expect(page.getByRole("heading", { name: "报警参数查询" })).toBeVisible();
    await page.getByLabel("VIN").fill(vin);
    await page.getByLabel("VIN").press("Enter");
    const result = page.getByRole("table", { name: "终端参数" });
    await expect(result).toContainText("正常时信息上报时间周期", { timeout: 15_000 });
    await expect(result.getByRole("row", { name: /正常时信息上报时间周期/ })).toContainText("10 s");
    await expect(result).toContainText("HW1.0");
    await expect(page.getByTestId("command-state").first()).toContainText("成功");
    await expect(page.getByTestId("command-timeline")).toContainText("车辆登入");
    await audit(page, "报警参数查询");
    await page.screenshot({ path: "test-results/screenshots/tbox-search.png", fullPage: true });

    // 报警参数设置: current values read first, the period changed to 30 s, sent; the timeline reaches 成功.
    await page.goto("/#/tbox/setting");
    await expect(page.getByRole("heading", { name: "报警参数设置" })).toBeVisible();
    await page.getByLabel("VIN").fill(vin);
    await page.getByRole("button", { name: "读取当前值" }).click();
    const period = page.getByLabel("正常时信息上报时间周期（s）");
    await expect(period).toHaveValue("10", { timeout: 15_000 });
    // A value out of the standard's range is refused in place with the domain's message.
    await period.fill("601");
    await page.getByRole("button", { name: "下发设置" }).click();
    await expect(page.getByText("正常时信息上报时间周期应为1–600s的整数")).toBeVisible();
    await period.fill("30");
    await period.press("Enter");
    await expect(page.getByTestId("command-state").nth(1)).toContainText("成功", { timeout: 15_000 });
    const timeline = page.getByTestId("command-timeline");
    await expect(timeline.locator("li").first()).toContainText("成功");
    for (const step of ["排队中", "已下发", "已应答", "成功"]) await expect(timeline).toContainText(`${step}参数设置`);
    expect(terminal.reportPeriodMs, "the simulated terminal took the new period").toBe(30_000);
    // Its reports now come 30 s apart: of six samples 10 s apart, two are sent.
    const before = terminal.counts.sent;
    for (let k = 1; k <= 6; k++) {
      s = { ...stepSimVehicle(s, s.at + 10_000, random), linkDown: false };
      await terminal.report(s);
    }
    expect(terminal.counts.sent - before).toBe(6);
    await audit(page, "报警参数设置");
    await page.screenshot({ path: "test-results/screenshots/tbox-setting.png", fullPage: true });

    // 终端设置管理: the three commands listed with their state; the timeline opens from a row.
    await page.goto(`/#/tbox/terminalSet?vin=${vin}`);
    await expect(page.getByRole("heading", { name: "终端设置管理" })).toBeVisible();
    const rows = page.locator("tbody tr");
    // Newest first: the set, the read of 报警参数设置 and the query of 报警参数查询.
    await expect(rows.first()).toContainText("参数设置");
    await expect(rows.first()).toContainText("成功");
    await expect(rows.nth(1)).toContainText("参数查询");
    await expect(rows.nth(2)).toContainText("参数查询");
    await rows.first().getByRole("button", { name: "时间线" }).click();
    await expect(page.getByRole("dialog", { name: "命令时间线" })).toContainText("已应答");
    await audit(page, "终端设置管理");
    await page.screenshot({ path: "test-results/screenshots/tbox-terminal-set.png", fullPage: true });
  } finally {
    await terminal.close(Date.now());
  }
});
