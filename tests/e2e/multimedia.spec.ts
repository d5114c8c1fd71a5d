import { expect, test } from "@playwright/test";
import { startSimVehicle } from "@tsp/domain";
import { createRng } from "../../apps/server/src/seed/rng";
import { Jt808Terminal } from "../../apps/server/src/simulator/jt808Terminal";
import { audit } from "./axe";
import { signIn, storedToken } from "./console-signin";

/** The e2e server's JT/T 808 port: playwright.config.ts's rule (the GB/T 32960 port + 1,000). */
const jt808Port = Number(process.env.E2E_GATEWAY_PORT ?? Number(process.env.E2E_PORT ?? 18080) + 20_000) + 1_000;

test("拍照/录像, 机械原始照片库: shoot a photo on a simulated JT/T 808 vehicle and see it, bulk-download photos", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, "admin", "/tbox/visualization/media");
  // A vehicle with an active-safety terminal (the spec's findList), connected by a simulated camera terminal.
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const found = await page.request.get("/tsp-jsatl/jsatl/vehicle/findList?pageNum=1&pageSize=1", { headers });
  const [vehicle] = (
    (await found.json()) as { data: { list: { vin: string; terminalPhone: string; terminalId: string }[] } }
  ).data.list;
  expect(vehicle?.vin).toHaveLength(17);
  const vin = vehicle?.vin as string;
  const terminal = new Jt808Terminal(
    {
      vin,
      protocol: "jt808",
      terminalId: vehicle?.terminalId as string,
      phone: vehicle?.terminalPhone as string,
      edition: 2013,
    },
    { host: "127.0.0.1", port: 1, jt808Port },
  );
  await terminal.report({ ...startSimVehicle(0, Date.now(), createRng(18).next), linkDown: false });
  expect(terminal.counts.answered, "the gateway registered and authenticated the terminal").toBe(2);

  try {
    // 拍照/录像: 立即拍摄 → the vehicle, channel 1, one photo → the timeline reaches 成功 and the photo shows.
    await page.goto("/#/tbox/visualization/media");
    await expect(page.getByRole("heading", { name: "拍照/录像" })).toBeVisible();
    await page.getByRole("button", { name: "立即拍摄" }).click();
    const form = page.getByRole("dialog", { name: "摄像头立即拍摄" });
    await form.getByLabel("JT/T 808终端车辆").fill(vin);
    await form.getByLabel("通道").fill("1");
    await form.getByLabel("通道").press("Enter");
    const shot = page.getByRole("dialog", { name: /的照片$/ });
    await expect(shot.getByRole("button", { name: /^预览/ })).toBeVisible({ timeout: 20_000 });
    await expect(shot.getByTestId("command-timeline")).toContainText("成功");
    await audit(page, "拍照/录像");
    await page.screenshot({ path: "test-results/screenshots/tbox-media.png", fullPage: true });
    await shot.getByRole("button", { name: /^预览/ }).click();
    const preview = page.getByRole("dialog", { name: new RegExp(`^${vin} 通道1`) });
    const img = preview.getByRole("img");
    await expect(img).toBeVisible();
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(320);
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await expect(page.locator("tbody tr").first()).toContainText("成功");

    // 报警附件上传 lists the 苏标 alarms of the attachment server now: tests/e2e/jsatl-attachments.spec.ts.

    // 机械原始照片库: the vehicle's photos, two ticked, 打包下载所选 → a .zip in the export file list.
    await page.goto(`/#/operate/phoneExport?vin=${vin}`);
    const photos = page.getByRole("table", { name: "机械原始照片库" }).locator("tbody tr");
    await expect(photos.first()).toContainText(vin);
    await photos.nth(0).getByRole("checkbox").check();
    await photos.nth(1).getByRole("checkbox").check();
    await page.getByRole("button", { name: "打包下载所选（2）" }).click();
    await expect(page.getByText("导出任务已提交，请到导出文件列表查看")).toBeVisible();
    await audit(page, "机械原始照片库");
    await page.screenshot({ path: "test-results/screenshots/operate-phone-export.png", fullPage: true });
    await page.goto("/#/exportFile/index");
    const task = page
      .getByRole("table", { name: "导出文件列表" })
      .locator("tbody tr")
      .filter({ hasText: "机械原始照片" });
    await expect(task.first().getByText("已完成")).toBeVisible({ timeout: 30_000 });
    await expect(task.first()).toContainText(".zip");
  } finally {
    await terminal.close();
  }
});
