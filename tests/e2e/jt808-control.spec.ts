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

test("JT/T 808 车辆控制 on 远程控制 (车门加锁 → 成功, doors locked) and 终端控制 on 终端设置管理 (终端复位 → 成功), through a simulated terminal", async ({
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
  } finally {
    await terminal.close();
  }
});
