import { expect, test } from "@playwright/test";
import { startSimVehicle, stepSimVehicle } from "@tsp/domain";
import { createRng } from "../../apps/server/src/seed/rng";
import { GbtTerminal } from "../../apps/server/src/simulator/gbtTerminal";
import { audit } from "./axe";
import { signIn, storedToken } from "./console-signin";

/** The e2e server's GB/T 32960 gateway port (playwright.config.ts's rule). */
const gatewayPort = Number(process.env.E2E_GATEWAY_PORT ?? Number(process.env.E2E_PORT ?? 18080) + 20_000);

test("电子围栏: a circle on a simulated vehicle's route, the vehicle drives in, the enter alarm arrives in 故障报警 and 个人消息", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, "admin", "/enclosure/index");
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const picker = await page.request.get("/tsp-bss/v1/vehicle/findVinListByDim?pageNum=1&pageSize=10", { headers });
  const vin = ((await picker.json()) as { data: { list: { vin: string }[] } }).data.list[3]?.vin ?? "";
  expect(vin).toHaveLength(17);
  // The simulated vehicle's route: where it is now, and where it will be 20 minutes on.
  const random = createRng(18).next;
  const now = Date.now() - 30 * 60_000;
  const here = { ...startSimVehicle(2, now, random), linkDown: false };
  const ahead = { ...stepSimVehicle(here, now + 20 * 60_000, random), linkDown: false };
  const terminal = new GbtTerminal({ vin, protocol: "gbt32960" }, { host: "127.0.0.1", port: gatewayPort });

  try {
    await page.goto("/#/enclosure/index");
    await expect(page.getByRole("heading", { name: "电子围栏" })).toBeVisible();
    await expect(page.getByRole("table", { name: "电子围栏" })).toContainText("上海市区");

    // 新建围栏: the circle typed in the editor's coordinate form (the keyboard path), 2 km around the point ahead.
    await page.getByRole("button", { name: "新建围栏" }).click();
    const dialog = page.getByRole("dialog", { name: "新建电子围栏" });
    await dialog.getByLabel("围栏名称").fill("前方服务区");
    await dialog.getByLabel("圆心（经度,纬度）").fill(`${ahead.longitude.toFixed(6)},${ahead.latitude.toFixed(6)}`);
    await dialog.getByLabel("半径（公里）").fill("2");
    await dialog.getByRole("button", { name: "应用" }).click();
    await expect(dialog.getByText("拖动边线或顶点可修改")).toBeVisible();
    await dialog.getByLabel("报警等级").selectOption({ label: "1级" });
    await dialog.getByLabel("绑定车辆（每行一个VIN）").fill(vin);
    await audit(page, "电子围栏 新建");
    await page.screenshot({ path: "test-results/screenshots/enclosure-new.png", fullPage: true });
    await dialog.getByRole("button", { name: "确定" }).click();
    await expect(dialog).toHaveCount(0);
    const row = page.getByRole("row", { name: /前方服务区/ });
    await expect(row).toContainText("进出报警");
    await expect(row).toContainText("1 辆车，0 个分组");

    // The vehicle reports where it is (placed outside), then drives into the circle.
    await terminal.report(here);
    await terminal.report({ ...here, at: now + 60_000 });
    await terminal.report(ahead);
    await expect
      .poll(async () => {
        const r = await page.request.get(`/tsp-bss/enclosure/list?name=${encodeURIComponent("前方服务区")}`, {
          headers,
        });
        return ((await r.json()) as { data: { list: { eventCount: number }[] } }).data.list[0]?.eventCount;
      })
      .toBe(1);
    await page.getByRole("button", { name: "查询", exact: true }).click();
    await row.getByRole("button", { name: "事件" }).click();
    const events = page.getByRole("dialog", { name: "围栏事件：前方服务区" });
    await expect(events.getByTestId("fence-events")).toContainText("驶入");
    await expect(events.getByTestId("fence-events")).toContainText(vin);
    await audit(page, "电子围栏 事件");
    await page.screenshot({ path: "test-results/screenshots/enclosure-events.png", fullPage: true });
    await events.getByRole("button", { name: "导出事件" }).click();
    await events.press("Escape");

    // 故障报警: the enter alarm, still on.
    await page.goto(`/#/operate/alarm?vin=${vin}`);
    await expect(page.getByRole("table", { name: "故障报警" })).toContainText("围栏驶入：前方服务区");
    // 个人消息: the fence's owner gets it although its level (1) is below the default setting (3).
    await page.goto("/#/personal/message");
    await expect(page.getByText("围栏驶入：前方服务区").first()).toBeVisible();
  } finally {
    await terminal.close(Date.now());
  }
});
