import { expect, test } from "@playwright/test";
import { audit } from "./axe";
import { signIn, storedToken } from "./console-signin";

test("非道路机械监控: a machine opened from the map, its latest state, its history and its online time", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, "admin", "/notRoadMonitor/screen");
  await page.goto("/#/notRoadMonitor/screen");
  await expect(page.getByRole("heading", { name: "地图监控" })).toBeVisible();
  const map = page.getByRole("application", { name: /机械分布地图/ });
  await expect(map.locator("canvas").first()).toBeVisible();
  await expect(page.getByRole("table", { name: "地图监控" }).locator("tbody tr")).toHaveCount(10);
  // The legend counts every state the seed gives (working, idle, alarm, offline).
  const legend = page.getByRole("group", { name: "图例" });
  for (const s of ["作业中", "在线", "报警", "离线"]) await expect(legend).toContainText(s);
  await audit(page, "map");
  await page.screenshot({ path: "test-results/screenshots/not-road-monitor-map.png" });

  // A machine working now, found by its PIN: alone on the map and centred, opened by a click on it.
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const answer = await page.request.get("/tsp-shadow/machinery/latest/list?state=working&pageNum=1&pageSize=1", {
    headers,
  });
  const vin = ((await answer.json()) as { data: { list: { vin: string }[] } }).data.list[0]?.vin ?? "";
  expect(vin).toHaveLength(17);
  await page.getByLabel("定位机械").fill(vin);
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await expect(page.getByRole("table", { name: "地图监控" }).locator("tbody tr")).toHaveCount(1);
  await expect(map).toHaveAttribute("data-points", "1");
  const box = await map.boundingBox();
  if (!box) throw new Error("the map has no box");
  const card = page.getByRole("dialog", { name: `机械 ${vin}` });
  // The view fits the one point after the answer has been drawn; click until the card opens.
  await expect(async () => {
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(card).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(card).toContainText("作业中");
  await expect(card).toContainText("发动机转速(rpm)");
  await expect(card).toContainText("最后上线");
  await audit(page, "machine card");
  await page.screenshot({ path: "test-results/screenshots/not-road-monitor-card.png" });

  // 机械实时状态 of that machine.
  await card.getByRole("link", { name: "机械实时状态" }).click();
  await expect(page).toHaveURL(new RegExp(`/notRoadMonitor/latest\\?vin=${vin}`));
  const latest = page.getByRole("table", { name: "机械实时状态" }).locator("tbody tr");
  await expect(latest).toHaveCount(1);
  await expect(latest.first()).toContainText(vin);
  await expect(latest.first()).toContainText("作业中");
  await audit(page, "latest");

  // Its card again from the list by keyboard, then its history (the last 24 hours).
  await latest.first().getByRole("button", { name: "详情" }).focus();
  await page.keyboard.press("Enter");
  await card.getByRole("link", { name: "机械历史状态" }).click();
  await expect(page).toHaveURL(new RegExp(`/notRoadMonitor/history\\?vin=${vin}`));
  const history = page.getByRole("table", { name: "机械历史状态" }).locator("tbody tr");
  await expect(history.first()).toBeVisible();
  expect(await history.count()).toBeGreaterThan(1);
  await expect(page.getByRole("button", { name: "导出" })).toBeVisible();
  await audit(page, "history");
  await page.screenshot({ path: "test-results/screenshots/not-road-monitor-history.png" });

  // Its online time per day (the last 7 days): today's session and the past shifts' two logins a day.
  await page.goto(`/#/notRoadMonitor/online?vin=${vin}`);
  const online = page.getByRole("table", { name: "在线时长管理" }).locator("tbody tr");
  await expect(online.first()).toContainText(vin);
  expect(await online.count()).toBeGreaterThanOrEqual(3);
  await expect(online.filter({ hasText: /^.*\d+\.\d.*$/ }).first()).toBeVisible();
  await audit(page, "online time");
  await page.screenshot({ path: "test-results/screenshots/not-road-monitor-online.png" });
  await page.getByRole("button", { name: "导出" }).click();
  await expect(page.getByText("导出任务已提交")).toBeVisible();
});
