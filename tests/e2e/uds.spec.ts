import { expect, test } from "@playwright/test";
import { startSimVehicle } from "@tsp/domain";
import { createRng } from "../../apps/server/src/seed/rng";
import { GbtTerminal } from "../../apps/server/src/simulator/gbtTerminal";
import { audit } from "./axe";
import { signIn, storedToken } from "./console-signin";

/** The e2e server's gateway port: playwright.config.ts's rule. */
const gatewayPort = Number(process.env.E2E_GATEWAY_PORT ?? Number(process.env.E2E_PORT ?? 18080) + 20_000);

test("UDS诊断: read a simulated vehicle's DTCs, clear them, read again and find none; export the history", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, "admin", "/dataService/udsV2");
  // A vehicle of the demo tenant (not the one tbox-commands.spec.ts drives), its simulated GB/T 32960 T-BOX on the server's gateway.
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const picker = await page.request.get("/tsp-bss/v1/vehicle/findVinListByDim?pageNum=1&pageSize=10", { headers });
  const vin = ((await picker.json()) as { data: { list: { vin: string }[] } }).data.list[2]?.vin ?? "";
  expect(vin).toHaveLength(17);
  const terminal = new GbtTerminal({ vin, protocol: "gbt32960" }, { host: "127.0.0.1", port: gatewayPort });
  await terminal.report({ ...startSimVehicle(0, Date.now(), createRng(20).next), linkDown: false });
  expect(terminal.counts.answered, "the gateway answered the simulated terminal's login").toBe(1);

  const diagnose = async (service: string | null) => {
    await page.getByRole("button", { name: "发起诊断" }).click();
    const dialog = page.getByRole("dialog", { name: new RegExp(`^发起诊断：${vin}`) });
    await expect(dialog.getByLabel("ECU")).toContainText("VCU 整车控制器");
    if (service) await dialog.getByLabel("诊断服务").selectOption({ label: service });
    // Keyboard: 确定 by Enter.
    await dialog.getByRole("button", { name: "确定" }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
  };
  const newest = page.locator("tbody tr").first();

  try {
    await page.goto(`/#/dataService/udsV2?vin=${vin}`);
    await expect(page.getByRole("heading", { name: "UDS诊断" })).toBeVisible();

    // 读取故障码 of the VCU: the row reaches 成功 with the decoded DTCs; 结果 shows their status bits.
    await diagnose(null);
    await expect(newest).toContainText("成功", { timeout: 20_000 });
    await expect(newest).toContainText("P0A1F-00");
    await newest.getByRole("button", { name: "结果" }).click();
    const result = page.getByRole("dialog", { name: /^诊断结果：VCU/ });
    await expect(result).toContainText("1902FF");
    await expect(result.getByRole("row", { name: /P0A1F-00/ })).toContainText("测试失败、已确认故障码");
    await audit(page, "UDS诊断 结果");
    await page.screenshot({ path: "test-results/screenshots/uds-result.png", fullPage: true });
    await page.keyboard.press("Escape");

    // 清除故障码, then read again: none.
    await diagnose("清除故障码");
    await expect(newest).toContainText("故障码已清除", { timeout: 20_000 });
    await diagnose("读取故障码");
    await expect(newest).toContainText("无故障码", { timeout: 20_000 });
    await expect(newest).toContainText("读取故障码（状态掩码0xFF）");
    await audit(page, "UDS诊断");
    await page.screenshot({ path: "test-results/screenshots/uds.png", fullPage: true });

    await page.getByRole("button", { name: "导出" }).click();
    await expect(page.getByText("导出任务已提交，请到导出文件列表查看").first()).toBeVisible();
  } finally {
    await terminal.close(Date.now());
  }
});
