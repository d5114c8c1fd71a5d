import { expect, test } from "@playwright/test";
import { startSimVehicle } from "@tsp/domain";
import { createRng } from "../../apps/server/src/seed/rng";
import { Jt808Terminal } from "../../apps/server/src/simulator/jt808Terminal";
import { audit } from "./axe";
import { signIn, storedToken } from "./console-signin";

/** The e2e server's JT/T 808 port: playwright.config.ts's rule (the GB/T 32960 port + 1,000). */
const jt808Port = Number(process.env.E2E_GATEWAY_PORT ?? Number(process.env.E2E_PORT ?? 18080) + 20_000) + 1_000;

test("报警附件上传: an ADAS alarm from a simulated terminal arrives through the attachment server, complete, and its photo opens", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, "admin", "/tbox/warnupload");
  // A seeded vehicle with an active-safety terminal, connected by a simulated JT/T 808 terminal.
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const found = await page.request.get("/tsp-jsatl/jsatl/vehicle/findList?pageNum=1&pageSize=3", { headers });
  const vehicles = (
    (await found.json()) as { data: { list: { vin: string; terminalPhone: string; terminalId: string }[] } }
  ).data.list;
  // Not the first one: multimedia.spec.ts connects that one, and one vehicle takes one connection.
  const vehicle = vehicles[vehicles.length - 1];
  const vin = vehicle?.vin as string;
  expect(vin).toHaveLength(17);
  const terminal = new Jt808Terminal(
    {
      vin,
      protocol: "jt808",
      terminalId: vehicle?.terminalId as string,
      phone: vehicle?.terminalPhone as string,
      edition: 2013,
    },
    // The attachment server is reached where 0x9208 says (the e2e server's host and ATTACHMENT_PORT).
    { host: "127.0.0.1", port: 1, jt808Port },
  );
  await terminal.report({ ...startSimVehicle(0, Date.now(), createRng(1208).next), linkDown: false });
  expect(terminal.counts.answered, "the gateway registered and authenticated the terminal").toBe(2);
  try {
    // Some data frames are lost on the first pass: the attachment server asks for them again (0x9212).
    terminal.safety.dropRate = 0.5;
    expect(terminal.raiseAlarm("adas", 1)).toBe(true);

    await test.step("the alarm shows complete on 报警附件上传", async () => {
      await page.goto("/#/tbox/warnupload");
      await expect(page.getByRole("heading", { name: "报警附件上传" })).toBeVisible();
      await page.getByLabel("VIN").fill(vin);
      await page.getByLabel("VIN").press("Enter");
      const rows = page.getByRole("table", { name: "报警附件上传" }).locator("tbody tr");
      // The upload takes a moment: search again until the alarm is there with both files.
      await expect(async () => {
        await page.getByRole("button", { name: "查询" }).click();
        await expect(rows.filter({ hasText: "前向碰撞报警" }).first()).toContainText("2/2", { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      await expect(rows.filter({ hasText: "前向碰撞报警" }).first()).toContainText("ADAS");
      await audit(page, "报警附件上传");
      await page.screenshot({ path: "test-results/screenshots/tbox-warnupload.png", fullPage: true });
    });

    await test.step("its attachments open; the photo previews; both files download", async () => {
      const row = page
        .getByRole("table", { name: "报警附件上传" })
        .locator("tbody tr")
        .filter({ hasText: "前向碰撞报警" })
        .first();
      await row.getByRole("button", { name: /^查看附件/ }).focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: new RegExp(`^${vin} 前向碰撞报警`) });
      await expect(dialog).toBeVisible();
      await expect(dialog.locator("tbody tr")).toHaveCount(2);
      await expect(dialog.locator("tbody tr").first()).toContainText("已完整");
      await expect(dialog.getByRole("link", { name: /^下载 00_64_6401_/ })).toHaveAttribute("href", /^\/obs\/alarm-/);
      await expect(dialog.getByRole("link", { name: /^下载 02_64_6401_.*\.mp4$/ })).toBeVisible();
      await dialog.getByRole("button", { name: /^预览 00_64_6401_/ }).click();
      const img = dialog.getByRole("img");
      await expect(img).toBeVisible();
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(320);
      await audit(page, "报警附件上传 附件");
      await page.screenshot({ path: "test-results/screenshots/tbox-warnupload-files.png", fullPage: true });
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    });

    await test.step("导出: the filtered list as an export task", async () => {
      await page.getByRole("button", { name: "导出", exact: true }).click();
      await expect(page.getByText("导出任务已提交，请到导出文件列表查看")).toBeVisible();
    });
  } finally {
    await terminal.close();
  }
});
