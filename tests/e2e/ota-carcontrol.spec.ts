import { expect, test } from "@playwright/test";
import { startSimVehicle } from "@tsp/domain";
import { createRng } from "../../apps/server/src/seed/rng";
import { GbtTerminal } from "../../apps/server/src/simulator/gbtTerminal";
import { audit } from "./axe";
import { signIn, storedToken } from "./console-signin";

/** The e2e server's gateway port: playwright.config.ts's rule. */
const gatewayPort = Number(process.env.E2E_GATEWAY_PORT ?? Number(process.env.E2E_PORT ?? 18080) + 20_000);

test("OTA升级: upload a package, run a campaign on a simulated vehicle to 升级成功, see its new firmware in 车辆版本信息", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, "admin", "/ota/index");
  // A demo vehicle no other browser test drives, logged in by a simulated GB/T 32960 terminal.
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const picker = await page.request.get("/tsp-bss/v1/vehicle/findVinListByDim?pageNum=1&pageSize=10", { headers });
  const vin = ((await picker.json()) as { data: { list: { vin: string }[] } }).data.list[6]?.vin ?? "";
  expect(vin).toHaveLength(17);
  const terminal = new GbtTerminal({ vin, protocol: "gbt32960" }, { host: "127.0.0.1", port: gatewayPort });
  await terminal.report({ ...startSimVehicle(0, Date.now(), createRng(61).next), linkDown: false });
  try {
    await page.goto("/#/ota/index");
    await expect(page.getByRole("heading", { name: "OTA升级" })).toBeVisible();
    await expect(page.getByRole("table", { name: "OTA升级" })).toContainText("FW1.2 首批升级");

    // 升级包管理 → 上传升级包: the file and the versions the 0x82 command carries; a bad version is refused in place.
    await page.getByRole("button", { name: "升级包管理" }).click();
    const packages = page.getByRole("dialog", { name: "升级包" });
    await packages.getByRole("button", { name: "上传升级包" }).click();
    const upload = page.getByRole("dialog", { name: "上传升级包" });
    await upload.getByLabel("升级文件").setInputFiles({
      name: "tbox-fw13.bin",
      mimeType: "application/octet-stream",
      buffer: Buffer.from("TSP T-BOX firmware FW1.3\n".repeat(40)),
    });
    await upload.getByLabel("包名称").fill("T-BOX固件 FW1.3");
    await upload.getByLabel("适用车型").fill("纯电动乘用车");
    await upload.getByLabel("终端制造商ID").fill("TSP1");
    await upload.getByLabel("硬件版本").fill("HW1.0");
    await upload.getByLabel("固件版本").fill("FW13");
    await upload.getByLabel("固件版本").press("Tab");
    await expect(upload.getByText("固件版本应为5个ASCII字符，如 FW1.3")).toBeVisible();
    await upload.getByLabel("固件版本").fill("FW1.3");
    await expect(upload.getByText("固件版本应为5个ASCII字符，如 FW1.3")).toBeHidden();
    await upload.getByRole("button", { name: "确定" }).click();
    await expect(upload).toBeHidden();
    const pkgRow = packages.getByRole("row", { name: /T-BOX固件 FW1.3/ });
    await expect(pkgRow).toContainText("1000 B");
    await expect(pkgRow).toContainText(/[0-9a-f]{32}/);
    await audit(page, "升级包");
    await page.keyboard.press("Escape");
    await expect(packages).toBeHidden();

    // 新建升级任务 for the simulated vehicle, then 启动.
    await page.getByRole("button", { name: "新建升级任务" }).click();
    const form = page.getByRole("dialog", { name: "新建升级任务" });
    await form.getByLabel("任务名称").fill("EV FW1.3 试点");
    await form.getByLabel("升级包").selectOption({ label: "T-BOX固件 FW1.3（FW1.3）" });
    await form.getByLabel("VIN（每行一个）").fill(vin);
    await form.getByRole("button", { name: "确定" }).click();
    await expect(form).toBeHidden();
    const row = page.getByRole("table", { name: "OTA升级" }).getByRole("row", { name: /EV FW1.3 试点/ });
    await expect(row).toContainText("待启动");
    await row.getByRole("button", { name: "启动" }).click();
    await page.getByRole("dialog", { name: "启动升级任务" }).getByRole("button", { name: "启动" }).click();

    // The terminal accepts the 0x82 upgrade, its versions are read back: 升级成功, and the list says 已完成.
    await row.getByRole("button", { name: "升级进度" }).click();
    const progress = page.getByRole("dialog", { name: "升级进度：EV FW1.3 试点" });
    await expect(progress.getByRole("row", { name: new RegExp(vin) })).toContainText("升级成功", { timeout: 30_000 });
    await expect(progress).toContainText("HW1.0 / FW1.3");
    expect(terminal.params.get(0x08), "the simulated terminal installed the package").toBe("FW1.3");
    await audit(page, "升级进度");
    await page.screenshot({ path: "test-results/screenshots/ota-progress.png", fullPage: true });
    await page.keyboard.press("Escape");
    await expect(progress).toBeHidden();
    await expect(row).toContainText("已完成", { timeout: 10_000 });
    await page.screenshot({ path: "test-results/screenshots/ota.png", fullPage: true });

    // 车辆版本信息: the vehicle's latest firmware is the package's, learnt by OTA; its history shows the change.
    await page.goto(`/#/dataService/info?vin=${vin}`);
    await expect(page.getByRole("heading", { name: "车辆版本信息" })).toBeVisible();
    const versions = page.getByRole("table", { name: "车辆版本信息" });
    await expect(versions.getByRole("row", { name: new RegExp(vin) })).toContainText("FW1.3");
    await expect(versions.getByRole("row", { name: new RegExp(vin) })).toContainText("OTA升级");
    await versions.getByRole("button", { name: "历史" }).click();
    const history = page.getByRole("dialog", { name: `版本历史：${vin}` });
    await expect(history.locator("tbody tr")).toHaveCount(3);
    await expect(history.locator("tbody tr").first()).toContainText("FW1.3");
    await expect(history.locator("tbody tr").last()).toContainText("FW1.1");
    await audit(page, "车辆版本信息");
    await page.screenshot({ path: "test-results/screenshots/vehicle-version.png", fullPage: true });
  } finally {
    await terminal.close(Date.now());
  }
});
