import { expect, type Page, test } from "@playwright/test";
import { audit } from "./axe";
import { signIn, storedToken } from "./console-signin";

/**
 * 机械轨迹查询 (/operate/tripQuery) in the browser: a seeded vehicle's day of track — the figures,
 * the route with its overspeed stretches and stops, the events table, playback by button and by
 * keyboard, 回放至此, and the export — against what the server's track call answers.
 */
interface Track {
  vin: string;
  at: number[];
  summary: { points: number; stops: unknown[]; overspeeds: { startIndex: number; maxKmh: number }[] };
}

/** A VIN of the account's fleet with a reported day, and that day's window (24 hours). */
async function seededDay(page: Page): Promise<{ track: Track; startTime: number; endTime: number }> {
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const list = await page.request.get("/tsp-bss/v1/vehicle/findVinListByDim?pageNum=1&pageSize=50", { headers });
  const vins = ((await list.json()) as { data: { list: { vin: string }[] } }).data.list.map((v) => v.vin);
  const now = Date.now();
  for (const vin of vins) {
    for (const endTime of [now, now - 86_400_000]) {
      const startTime = endTime - 86_400_000;
      const res = await page.request.get(
        `/tsp-hbase-proxy/track/getVehicleTrack?vin=${vin}&startTime=${startTime}&endTime=${endTime}`,
        { headers },
      );
      const track = ((await res.json()) as { data?: Track }).data;
      if (track && track.at.length >= 30 && track.summary.overspeeds.length > 0) return { track, startTime, endTime };
    }
  }
  throw new Error("no vehicle of the account drove over the limit in the last two days");
}

/** A time as the datetime-local input takes it, in the page's zone. */
const local = (page: Page, ms: number) =>
  page.evaluate((t) => new Date(t - new Date(t).getTimezoneOffset() * 60_000).toISOString().slice(0, 19), ms);
/** A time as the console shows it (yyyy-MM-dd HH:mm:ss in the page's zone; sv-SE writes exactly that). */
const shown = (page: Page, ms: number) => page.evaluate((t) => new Date(t).toLocaleString("sv-SE"), ms);

test("a day of track: figures, map, stops and overspeeds, playback by keyboard and button, 回放至此, export", async ({
  page,
}) => {
  await signIn(page, "admin", "/operate/tripQuery");
  const { track, startTime, endTime } = await seededDay(page);
  await page.goto("/#/operate/tripQuery");
  await expect(page.getByRole("heading", { name: "机械轨迹查询", level: 1 })).toBeVisible();
  await expect(page.getByText("请输入有效的17位VIN，选择时间范围（最长24小时），然后点击查询")).toBeVisible();
  await page.getByLabel("VIN").fill(track.vin);
  await page.getByLabel("开始时间").fill(await local(page, startTime));
  await page.getByLabel("结束时间").fill(await local(page, endTime));
  await page.getByRole("button", { name: "查询", exact: true }).click();

  const summary = page.getByRole("region", { name: "轨迹概况" });
  await expect(summary).toContainText(`轨迹点${track.summary.points}`);
  await expect(summary).toContainText(`超速${track.summary.overspeeds.length} 次`);
  await expect(
    page
      .getByRole("application", { name: `${track.vin} 的轨迹地图` })
      .locator("canvas")
      .first(),
  ).toBeVisible();
  const rows = page.getByRole("table").locator("tbody tr");
  const events = track.summary.stops.length + track.summary.overspeeds.length;
  await expect(rows).toHaveCount(Math.min(events, 10));
  await page.screenshot({ path: "test-results/screenshots/operate-track.png", fullPage: true });

  // Playback by keyboard: End is the last point, Home the first.
  const readout = page.getByRole("status", { name: "轨迹回放" });
  const slider = page.getByRole("slider", { name: "回放位置" });
  await slider.focus();
  await page.keyboard.press("End");
  await expect(readout).toContainText(await shown(page, track.at.at(-1) as number));
  await page.keyboard.press("Home");
  await expect(readout).toContainText(await shown(page, track.at[0] as number));
  await page.keyboard.press("ArrowRight");
  await expect(readout).toContainText(await shown(page, track.at[1] as number));

  // Playback by button at the fastest rate moves on by itself; 暂停 stops it.
  await page.getByLabel("回放倍速").selectOption("1800");
  await page.getByRole("button", { name: "播放", exact: true }).click();
  await expect(readout).not.toContainText(await shown(page, track.at[1] as number));
  await page.getByRole("button", { name: "暂停" }).click();
  const paused = await readout.innerText();
  await page.waitForTimeout(400);
  expect(await readout.innerText()).toBe(paused);

  // 回放至此 on an overspeed row: the readout is at its first point, over the limit.
  const over = rows.filter({ hasText: "超速" }).first();
  await over.getByRole("button", { name: "回放至此" }).click();
  await expect(readout).toContainText("状态：超速");
  await expect(over).toContainText(String(track.summary.overspeeds[0]?.maxKmh));

  await audit(page, "机械轨迹查询");

  const submitted = page.waitForResponse((r) => r.url().includes("/tsp-hbase-proxy/track/export"));
  await page.getByRole("button", { name: "导出" }).click();
  expect((await submitted).status()).toBe(200);
});
