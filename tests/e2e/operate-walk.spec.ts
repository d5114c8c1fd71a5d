import { expect, type Page, test } from "@playwright/test";
import { SIM_ALARM_BITS, type SimVehicle, startSimVehicle, stepSimVehicle } from "@tsp/domain";
import { createRng } from "../../apps/server/src/seed/rng";
import { GbtTerminal } from "../../apps/server/src/simulator/gbtTerminal";
import { Hj1239Terminal } from "../../apps/server/src/simulator/hj1239Terminal";
import { signIn, storedToken } from "./console-signin";

/**
 * Issue 18's walk as one operator story on live data: a simulated GB/T 32960 vehicle and a
 * simulated HJ 1322 machine report through the e2e server's real gateway over TCP (ports by
 * playwright.config.ts's rule); the operator sees the fleet in 运营总览, opens the machine from
 * 地图监控's map, looks the vehicle up (latest state, last alarms), replays its last hour, filters
 * the fleet by SOC and offline time, saves the filter, puts the result in a 车辆分组, draws a
 * circle geofence on the vehicle's route and sees the enter and exit alarms in 故障报警 and 个人消息.
 * The per-screen specs (operate-overview, operate-track, enclosure, not-road-monitor, …) test
 * each screen in depth; this one only the story across them.
 */
const gatewayPort = Number(process.env.E2E_GATEWAY_PORT ?? Number(process.env.E2E_PORT ?? 18080) + 20_000);
const hj1239Port = gatewayPort + 2_000;
const MINUTE = 60_000;
/** Names made per run, so a retry does not meet the first try's fence and filter. */
const RUN = String(Date.now() % 100_000);
const FENCE = `走查围栏${RUN}`;
const FILTER = `走查：离线超24小时${RUN}`;

/** A time as the datetime-local input takes it, in the page's zone. */
const local = (page: Page, ms: number) =>
  page.evaluate((t) => new Date(t - new Date(t).getTimezoneOffset() * 60_000).toISOString().slice(0, 19), ms);

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: { Authorization: `Bearer ${await storedToken(page)}` } });
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** A sample as reported: the battery low (SOC 12 %, SOC低 level 2) whatever the model says. */
const low = (v: SimVehicle): SimVehicle => ({
  ...v,
  soc: 12,
  linkDown: false,
  alarm: { level: 2, flags: SIM_ALARM_BITS.socLow },
});

const onlineShown = async (page: Page) =>
  Number(((await page.locator('[data-stat="online"]').locator("p").nth(1).textContent()) ?? "").replace(/,/g, ""));

test("issue 18's walk: overview, a machine from the map, a vehicle's state, alarms and last hour, filter → group, a drawn geofence's alarms", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, "admin", "/operate/overview");
  // A vehicle of the demo fleet that is offline now, and a machine of 机械信息 that never reported.
  const offline = await api<{ list: { vin: string }[] }>(
    page,
    "/tsp-shadow/vehicleStatus/latest/list?online=offline&pageNum=1&pageSize=50",
  );
  const vin = offline.list.at(-1)?.vin ?? "";
  expect(vin).toHaveLength(17);
  const machines = await api<{ list: { vin: string; lastReportAt: number | null }[] }>(
    page,
    "/tsp-shadow/machinery/latest/list?pageNum=1&pageSize=100",
  );
  const pin = machines.list.find((m) => m.lastReportAt === null)?.vin ?? "";
  expect(pin).toHaveLength(17);
  const onlineBefore = (await api<{ online: number }>(page, "/tsp-shadow/operate/overview")).online;

  const address = { host: "127.0.0.1", port: gatewayPort, hj1239Port };
  const random = createRng(1818).next;
  const vehicle = new GbtTerminal({ vin, protocol: "gbt32960" }, address);
  const machine = new Hj1239Terminal({ vin: pin, protocol: "hj1239" }, address, createRng(1322).next);
  const now = Date.now();
  // The vehicle's last hour: a report a minute of the motion model, its battery reported low.
  let s: SimVehicle = { ...startSimVehicle(4, now - 60 * MINUTE, random), linkDown: false };
  const sent: SimVehicle[] = [];
  try {
    await test.step("the simulated vehicle and machine report through the gateway", async () => {
      for (let k = 0; k <= 45; k++) {
        if (k > 0) s = { ...stepSimVehicle(s, s.at + MINUTE, random), linkDown: false };
        await vehicle.report(low(s));
        sent.push(low(s));
      }
      expect([vehicle.counts.answered, vehicle.counts.sent], "one login answered, 46 reports").toEqual([1, 46]);
      let m = { ...startSimVehicle(7, now - 3 * MINUTE, random), linkDown: false };
      for (let k = 0; k < 3; k++) {
        await machine.report(m);
        m = { ...stepSimVehicle(m, m.at + MINUTE, random), linkDown: false };
      }
      // The gateway knows the machine's PIN from 机械信息: its login is answered.
      expect([machine.counts.answered, machine.counts.refused]).toEqual([1, 0]);
    });

    await test.step("运营总览 counts the simulated vehicle online", async () => {
      await page.goto("/#/operate/overview");
      await expect(page.getByRole("heading", { name: "运营总览" })).toBeVisible();
      // The vehicle is online now, and the figure shown is the server's, which counts it (the server's
      // own sleeping T-BOX may come and go meanwhile, so not only "one more than before").
      const state = await api<{ online: boolean }>(page, `/tsp-shadow/vehicleStatus/latest/detail?vin=${vin}`);
      expect(state.online).toBe(true);
      const current = await api<{ online: number }>(page, "/tsp-shadow/operate/overview");
      expect(current.online).toBeGreaterThanOrEqual(onlineBefore);
      await expect.poll(() => onlineShown(page)).toBe(current.online);
    });

    await test.step("地图监控: the simulated machine opened from the map, live", async () => {
      await page.goto("/#/notRoadMonitor/screen");
      const map = page.getByRole("application", { name: /机械分布地图/ });
      await page.getByLabel("定位机械").fill(pin);
      await page.getByRole("button", { name: "查询", exact: true }).click();
      await expect(map).toHaveAttribute("data-points", "1");
      const box = await map.boundingBox();
      if (!box) throw new Error("the map has no box");
      const card = page.getByRole("dialog", { name: `机械 ${pin}` });
      await expect(async () => {
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
        await expect(card).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await expect(card).toContainText(/作业中|在线/);
      await expect(card).toContainText("最后上线");
      await page.screenshot({ path: "test-results/screenshots/operate-walk-machine.png" });
      await card.getByRole("link", { name: "机械实时状态" }).click();
      const latest = page.getByRole("table", { name: "机械实时状态" }).locator("tbody tr");
      await expect(latest).toHaveCount(1);
      await expect(latest.first()).toContainText(/作业中|在线/);
    });

    await test.step("单车查询: the vehicle's latest state and last alarms", async () => {
      await page.goto(`/#/operate/query?vin=${vin}`);
      await expect(page.getByRole("region", { name: "车辆基本信息" })).toContainText(vin);
      const state = page.getByRole("region", { name: "实时状态" });
      await expect(state).toContainText("SOC");
      await expect(state).toContainText("12");
      await expect(page.getByRole("region", { name: "最后位置" }).locator("canvas").first()).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByRole("region", { name: "最近报警（近7天）" })).toContainText("SOC低");
      await page.screenshot({ path: "test-results/screenshots/operate-walk-query.png", fullPage: true });
    });

    await test.step("机械轨迹查询: the last hour replayed", async () => {
      await page.goto("/#/operate/tripQuery");
      await page.getByLabel("VIN").fill(vin);
      await page.getByLabel("开始时间").fill(await local(page, now - 61 * MINUTE));
      await page.getByLabel("结束时间").fill(await local(page, now));
      await page.getByRole("button", { name: "查询", exact: true }).click();
      const track = await api<{ at: number[]; summary: { points: number } }>(
        page,
        `/tsp-hbase-proxy/track/getVehicleTrack?vin=${vin}&startTime=${now - 61 * MINUTE}&endTime=${now}`,
      );
      expect(track.summary.points).toBeGreaterThanOrEqual(sent.length);
      await expect(page.getByRole("region", { name: "轨迹概况" })).toContainText(`轨迹点${track.summary.points}`);
      const readout = page.getByRole("status", { name: "轨迹回放" });
      const first = await page.evaluate((t) => new Date(t).toLocaleString("sv-SE"), track.at[0] ?? 0);
      await page.getByRole("slider", { name: "回放位置" }).focus();
      await page.keyboard.press("Home");
      await expect(readout).toContainText(first);
      await page.getByLabel("回放倍速").selectOption("1800");
      await page.getByRole("button", { name: "播放", exact: true }).click();
      await expect(readout).not.toContainText(first);
      await page.getByRole("button", { name: "暂停" }).click();
    });

    await test.step("高级筛选: SOC and offline time, saved, the result put in a group", async () => {
      // A SOC bound that vehicles offline over 24 h fall under (the seed reported them days ago).
      const long = await api<{ list: { soc: number | null }[] }>(
        page,
        "/tsp-bss/operate/screen/list?pageSize=100&offlineHours=24",
      );
      const socs = long.list.map((r) => r.soc).filter((v): v is number => v !== null);
      const bound = Math.min(100, Math.ceil(Math.min(...socs)) + 10);
      const expected = await api<{ total: number }>(
        page,
        `/tsp-bss/operate/screen/list?socMax=${bound}&offlineHours=24`,
      );
      expect(expected.total).toBeGreaterThan(0);
      await page.goto("/#/operate/screen");
      await page.getByRole("button", { name: "展开 ▾" }).click();
      await page.getByLabel("SOC（%）最大值").fill(String(bound));
      await page.getByLabel("离线超过").selectOption({ label: "24 小时" });
      await page.getByRole("button", { name: "查询", exact: true }).click();
      await expect(page.getByText(`共 ${expected.total} 条`)).toBeVisible();
      await page.getByRole("button", { name: "保存条件" }).click();
      const save = page.getByRole("dialog", { name: "保存当前筛选条件" });
      await save.getByLabel("名称").fill(FILTER);
      await save.getByRole("button", { name: "确定" }).click();
      await expect(page.getByLabel("选择已保存的筛选条件").locator("option", { hasText: FILTER })).toHaveCount(1);
      await page.getByRole("button", { name: "放入分组" }).click();
      await page.getByRole("dialog", { name: "把筛选结果放入车辆分组" }).getByRole("button", { name: "确定" }).click();
      await expect(page.getByText(new RegExp(`共 ${expected.total} 辆：新增 \\d+ 辆`))).toBeVisible();
    });

    // The fence: 3 km on along the route from the last report, 1 km round; the vehicle drives through it.
    const last = sent.at(-1) as SimVehicle;
    const centre = { lng: last.longitude + 0.03, lat: last.latitude };
    await test.step("电子围栏: a circle drawn with the mouse, placed on the route", async () => {
      await page.goto("/#/enclosure/index");
      await page.getByRole("button", { name: "新建围栏" }).click();
      const dialog = page.getByRole("dialog", { name: "新建电子围栏" });
      await dialog.getByLabel("围栏名称").fill(FENCE);
      // The place first typed (the keyboard path): the map then shows the route's point 3 km ahead.
      await dialog.getByLabel("圆心（经度,纬度）").fill(`${centre.lng.toFixed(6)},${centre.lat.toFixed(6)}`);
      await dialog.getByLabel("半径（公里）").fill("1");
      await dialog.getByRole("button", { name: "应用" }).click();
      await expect(dialog.getByText("拖动边线或顶点可修改")).toBeVisible();
      // Then the circle drawn there with the mouse: a click on the point (the view's centre), a click on the rim.
      await dialog.getByRole("button", { name: "画圆形" }).click();
      const map = dialog.getByRole("application", { name: /电子围栏地图/ });
      const box = await map.boundingBox();
      if (!box) throw new Error("the editor's map has no box");
      const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
      await page.mouse.click(cx, cy);
      await page.mouse.move(cx + box.height / 8, cy, { steps: 4 });
      await page.mouse.click(cx + box.height / 4, cy);
      await expect(dialog.getByText("拖动边线或顶点可修改")).toBeVisible();
      // The drawn circle holds the route's point and not the last report 3 km back.
      const radius = dialog.getByLabel("半径（公里）");
      await expect(radius).not.toHaveValue("1");
      const km = Number(await radius.inputValue());
      expect(km).toBeGreaterThan(0.2);
      expect(km).toBeLessThan(2);
      const [lng, lat] = (await dialog.getByLabel("圆心（经度,纬度）").inputValue()).split(",").map(Number);
      expect(Math.abs((lng ?? 0) - centre.lng)).toBeLessThan(0.002);
      expect(Math.abs((lat ?? 0) - centre.lat)).toBeLessThan(0.002);
      await dialog.getByLabel("报警等级").selectOption({ label: "1级" });
      await dialog.getByLabel("绑定车辆（每行一个VIN）").fill(vin);
      await page.screenshot({ path: "test-results/screenshots/operate-walk-fence.png", fullPage: true });
      await dialog.getByRole("button", { name: "确定" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole("row", { name: new RegExp(FENCE) })).toContainText("进出报警");
    });

    await test.step("the vehicle drives in and out; the alarms reach 故障报警 and 个人消息", async () => {
      const at = (k: number) => last.at + k * MINUTE;
      await vehicle.report({ ...last, at: at(1) });
      await vehicle.report({ ...last, at: at(4), longitude: centre.lng, latitude: centre.lat });
      await vehicle.report({ ...last, at: at(7), longitude: centre.lng + 0.03, latitude: centre.lat });
      await page.goto(`/#/operate/alarm?vin=${vin}`);
      const alarms = page.getByRole("table", { name: "故障报警" });
      await expect(async () => {
        await page.getByRole("button", { name: "查询", exact: true }).click();
        await expect(alarms).toContainText(`围栏驶出：${FENCE}`, { timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await expect(alarms).toContainText(`围栏驶入：${FENCE}`);
      await page.screenshot({ path: "test-results/screenshots/operate-walk-alarms.png", fullPage: true });
      // Only the alarms, 50 a page: in a shared e2e server the other specs' finished exports are
      // newer messages than the drive's alarms (their time is the frames', a few minutes back).
      await page.goto("/#/personal/message?kind=alarm&size=50");
      await expect(page.getByText(`围栏驶入：${FENCE}`).first()).toBeVisible();
      await expect(page.getByText(`围栏驶出：${FENCE}`).first()).toBeVisible();
    });
  } finally {
    await vehicle.close(Date.now());
    await machine.close(Date.now());
  }
});
