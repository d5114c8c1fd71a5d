import { expect, test } from "@playwright/test";
import { startSimVehicle } from "@tsp/domain";
import { createRng } from "../../apps/server/src/seed/rng";
import { Jt808Terminal } from "../../apps/server/src/simulator/jt808Terminal";
import { audit } from "./axe";
import { signIn, storedToken } from "./console-signin";

/** The e2e server's JT/T 808 port: playwright.config.ts's rule (the GB/T 32960 port + 1,000). */
const jt808Port = Number(process.env.E2E_GATEWAY_PORT ?? Number(process.env.E2E_PORT ?? 18080) + 20_000) + 1_000;

interface Terminal {
  vin: string | null;
  protocol: string;
  terminalId: string | null;
}

test("JT/T 808 车辆控制 on 远程控制 (车门加锁 → 成功, doors locked), 终端控制 on 终端设置管理 (终端复位 → 成功) and 终端参数 on 报警参数设置 (0x0029 read, set, read again), through a simulated terminal", async ({
  page,
}) => {
  await signIn(page, "admin", "/tbox/remoteControl");
  // A JT/T 808 T-BOX bound to a vehicle (the last one: tbox-registers-av.spec.ts connects the first), connected now.
  const found = await page.request.get("/tsp-command/registration/list?pageNum=1&pageSize=100&stage=authenticated", {
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
  });
  const rows = ((await found.json()) as { data: { list: Terminal[] } }).data.list;
  const box = rows.filter((r) => r.protocol === "JTT808" && r.vin !== null && r.terminalId !== null).at(-1) as Terminal;
  expect(box, "a seeded, authenticated JT/T 808 T-BOX").toBeTruthy();
  const vin = box.vin as string;
  const terminal = new Jt808Terminal(
    { vin, protocol: "jt808", terminalId: box.terminalId as string, phone: "14500000817", edition: 2019 },
    { host: "127.0.0.1", port: 1, jt808Port },
  );
  await terminal.report({ ...startSimVehicle(0, Date.now(), createRng(31).next), linkDown: false });
  expect(terminal.counts.answered, "the gateway registered and authenticated the terminal").toBe(2);

  try {
    await test.step("远程控制: JT/T 808车门控制 by keyboard, 车门加锁 → 成功 with the door reported locked", async () => {
      await page.goto("/#/tbox/remoteControl");
      await expect(page.getByRole("heading", { name: "远程控制", exact: true })).toBeVisible();
      await page.getByRole("button", { name: "JT/T 808车门控制" }).focus();
      await page.keyboard.press("Enter");
      const form = page.getByRole("dialog", { name: "车辆控制（JT/T 808 0x8500）" });
      await form.getByLabel("VIN").fill(vin);
      await expect(form.getByLabel("车门")).toHaveValue("lock");
      await audit(page, "远程控制 JT/T 808车门控制");
      await form.getByLabel("VIN").press("Enter");
      const state = page.getByTestId("jt808-command-state");
      await expect(state).toContainText("成功", { timeout: 20_000 });
      await expect(state).toContainText("车门状态：已加锁");
      expect(terminal.control.doorLocked).toBe(true);
      const timeline = page.getByTestId("command-timeline");
      await expect(timeline.locator("li").first()).toContainText("成功");
      await expect(timeline.locator("li").first()).toContainText("车辆控制（JT/T 808）");
      await page.screenshot({ path: "test-results/screenshots/jt808-door.png", fullPage: true });
      await page.keyboard.press("Escape");
    });

    await test.step("终端设置管理: JT/T 808终端控制 终端复位 → 成功, listed with its kind", async () => {
      await page.goto("/#/tbox/terminalSet");
      await page.getByRole("button", { name: "JT/T 808终端控制" }).click();
      const form = page.getByRole("dialog", { name: "终端控制（JT/T 808 0x8105）" });
      await form.getByLabel("VIN").fill(vin);
      await form.getByLabel("控制命令").selectOption({ label: "终端复位" });
      await form.getByRole("button", { name: "确定" }).click();
      await expect(page.getByTestId("jt808-command-state")).toContainText("成功", { timeout: 20_000 });
      expect(terminal.control.lastControl).toBe("reset");
      await audit(page, "终端设置管理 JT/T 808终端控制");
      await page.keyboard.press("Escape");
      await expect(page.locator("tbody tr").first()).toContainText("终端控制（JT/T 808）");
      await expect(page.locator("tbody tr").first()).toContainText("成功");
      await page.screenshot({ path: "test-results/screenshots/jt808-terminal-control.png", fullPage: true });
    });

    await test.step("报警参数设置: a JT/T 808 terminal's parameters read (0x8104), 0x0029 set to 30 s (0x8103) → 成功, and read again", async () => {
      await page.goto("/#/tbox/setting");
      await page.getByLabel("终端协议").selectOption("jt808");
      await page.getByLabel("VIN").fill(vin);
      await page.getByLabel("VIN").press("Enter");
      const interval = page.getByLabel("缺省时间汇报间隔");
      await expect(interval).toHaveValue("10", { timeout: 20_000 });
      await expect(page.getByLabel("车牌颜色")).toHaveValue("1");
      await audit(page, "报警参数设置 JT/T 808");
      await interval.fill("30");
      await page.getByRole("button", { name: "下发设置" }).click();
      // The read's state and, below it, the set's.
      await expect(page.getByTestId("command-state")).toHaveCount(2);
      await expect(page.getByTestId("command-state").last()).toContainText("成功", { timeout: 20_000 });
      expect(terminal.reportPeriodMs, "0x0029 spaces the terminal's reports").toBe(30_000);
      const firstRead = /^#\d+/.exec((await page.getByTestId("command-state").first().textContent()) ?? "")?.[0];
      await page.getByRole("button", { name: "读取当前值" }).click();
      // A new query (not the first read's badge or form): its answer fills the form again.
      const reread = page.getByTestId("command-state");
      await expect(reread).toHaveCount(1);
      await expect(reread).not.toHaveText(new RegExp(`^${firstRead}\\D`));
      await expect(reread).toContainText("成功", { timeout: 20_000 });
      await expect(page.getByLabel("缺省时间汇报间隔")).toHaveValue("30");
      await expect(page.getByTestId("command-timeline").locator("li").first()).toContainText(
        "终端参数查询（JT/T 808）",
      );
      await page.screenshot({ path: "test-results/screenshots/jt808-params.png", fullPage: true });
    });
  } finally {
    await terminal.close();
  }
});
