import { expect, test } from "@playwright/test";
import { startSimVehicle } from "@tsp/domain";
import { createRng } from "../../apps/server/src/seed/rng";
import { Jt808Terminal } from "../../apps/server/src/simulator/jt808Terminal";
import { audit } from "./axe";
import { signIn, storedToken } from "./console-signin";

/** The e2e server's JT/T 808 port: playwright.config.ts's rule (the GB/T 32960 port + 1,000). */
const jt808Port = Number(process.env.E2E_GATEWAY_PORT ?? Number(process.env.E2E_PORT ?? 18080) + 20_000) + 1_000;

interface Terminal {
  sn: string;
  vin: string | null;
  protocol: string;
  terminalId: string | null;
}

test("TBOX注册状态查询 / 音视频参数设置: a JT/T 808 terminal registers and authenticates live, its history shows both; refused terminals by state; export; its audio/video parameters read and set", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, "admin", "/tbox/registersState");
  // A JT/T 808 T-BOX bound to a vehicle, connected now by a simulated terminal under a phone of its own.
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const found = await page.request.get("/tsp-command/registration/list?pageNum=1&pageSize=100&stage=authenticated", {
    headers,
  });
  const rows = ((await found.json()) as { data: { list: Terminal[] } }).data.list;
  const box = rows.find((r) => r.protocol === "JTT808" && r.vin !== null && r.terminalId !== null) as Terminal;
  expect(box, "a seeded, authenticated JT/T 808 T-BOX").toBeTruthy();
  const vin = box.vin as string;
  const phone = "14500000402";
  const terminal = new Jt808Terminal(
    { vin, protocol: "jt808", terminalId: box.terminalId as string, phone, edition: 2019 },
    { host: "127.0.0.1", port: 1, jt808Port },
  );
  await terminal.report({ ...startSimVehicle(0, Date.now(), createRng(29).next), linkDown: false });
  expect(terminal.counts.answered, "the gateway registered and authenticated the terminal").toBe(2);

  try {
    await test.step("the terminal reads 在线; its history shows the live register and authentication over the seeded ones", async () => {
      await page.goto(`/#/tbox/registersState?vin=${vin}`);
      await expect(page.getByRole("heading", { name: "TBOX注册状态查询" })).toBeVisible();
      const row = page.locator("tbody tr").filter({ hasText: box.sn });
      await expect(row).toContainText("在线");
      await expect(row).toContainText(phone);
      await expect(row).toContainText("终端鉴权(0x0102)");
      await audit(page, "TBOX注册状态查询");
      // Keyboard: focus 注册记录 and press Enter; Escape closes.
      await row.getByRole("button", { name: "注册记录" }).focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: `${box.sn} 的注册/鉴权记录` });
      const events = dialog.locator("tbody tr");
      await expect(events.nth(0)).toContainText("终端鉴权(0x0102)");
      await expect(events.nth(0)).toContainText("成功");
      await expect(events.nth(0)).toContainText(phone);
      await expect(events.nth(1)).toContainText("终端注册(0x0100)");
      await expect(events.nth(2)).toBeVisible();
      await audit(page, "TBOX注册状态查询 注册记录");
      await page.screenshot({ path: "test-results/screenshots/tbox-registers-history.png", fullPage: true });
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
    });

    await test.step("注册/鉴权被拒: T-BOXes bound to no vehicle, refused 0x8100 数据库中无该车辆; export", async () => {
      await page.goto("/#/tbox/registersState");
      await page.getByLabel("注册状态", { exact: true }).selectOption({ label: "注册/鉴权被拒" });
      await page.getByRole("button", { name: "查询", exact: true }).click();
      await expect(page.locator("tbody tr").first()).toContainText("注册/鉴权被拒");
      await expect(page.locator("tbody tr").filter({ hasText: "数据库中无该车辆" }).first()).toContainText(
        "未绑定车辆",
      );
      await page.screenshot({ path: "test-results/screenshots/tbox-registers-state.png", fullPage: true });
      await page.getByRole("button", { name: "导出", exact: true }).click();
      await expect(page.getByText("导出任务已提交，请到导出文件列表查看").first()).toBeVisible();
    });

    await test.step("音视频参数设置: read the terminal's current values, lower the live frame rate, see the set succeed", async () => {
      await page.goto("/#/tbox/audioVideo");
      await expect(page.getByRole("heading", { name: "音视频参数设置" })).toBeVisible();
      await page.getByRole("button", { name: "设置音视频参数" }).click();
      const read = page.getByRole("dialog", { name: "读取终端当前音视频参数" });
      await read.getByLabel("VIN").fill(vin);
      await read.getByLabel("VIN").press("Enter");
      const form = page.getByRole("dialog", { name: `${vin} 音视频参数` });
      await expect(form.getByLabel("实时流目标帧率（帧/秒）")).toHaveValue("25", { timeout: 20_000 });
      await expect(form.getByLabel("实时流目标码率（kbps）")).toHaveValue("1024");
      await audit(page, "音视频参数设置 表单");
      await form.getByLabel("特殊报警录像存储阈值（%）").fill("30");
      await form.getByLabel("实时流目标帧率（帧/秒）").fill("15");
      await form.getByRole("button", { name: "确定" }).click();
      const timeline = page.getByRole("dialog", { name: "命令时间线" }).getByTestId("command-timeline");
      await expect(timeline.locator("li").first()).toContainText("成功", { timeout: 20_000 });
      expect(terminal.av.values.avParams?.live.frameRate).toBe(15);
      expect(terminal.av.values.alarmRecording?.threshold).toBe(30);
      await page.screenshot({ path: "test-results/screenshots/tbox-audio-video.png", fullPage: true });
      await page.keyboard.press("Escape");
      await expect(page.locator("tbody tr").first()).toContainText("成功");
      await audit(page, "音视频参数设置");
    });
  } finally {
    await terminal.close();
  }
});
