import { type Browser, chromium, type Page } from "@playwright/test";
import { findChromiumPath } from "./chromium";
import { summary } from "./stats";

/**
 * Smooth: a new frame every 16.7 ms (60 Hz). Frame-to-frame times of a page that drops no frame
 * still scatter around 16.7 ms by a fraction of a millisecond (the compositor's clock), so the
 * limit allows 1 ms of that jitter; a dropped frame shows as 33 ms.
 */
export const FRAME_LIMIT_MS = 17.7;
export const FRAME_TARGET = "p95 ≤ 16.7 ms (60 fps; + 1 ms vsync jitter)";

/** Headless Chromium as the sign-in case starts it (software rendering: no GPU on CI). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromiumPath(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A new page signed in as the demo administrator on the console at `url`, at `hash`. */
export async function signedInPage(browser: Browser, url: string, hash: string): Promise<Page> {
  const context = await browser.newContext({
    locale: "zh-CN",
    timezoneId: "Asia/Shanghai",
    viewport: { width: 1440, height: 900 },
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  await page.goto(`${url}#${hash}`);
  await page.waitForURL(/\/b-iam-account\/oauth\/authorize\?/);
  await page.getByLabel("用户名").fill("admin");
  await page.getByLabel("密码").fill("Admin@123456");
  await page.getByRole("button", { name: "登录" }).click();
  await page.getByRole("navigation", { name: "侧边菜单" }).waitFor({ state: "visible" });
  return page;
}

/**
 * Starts recording frames in the page: the time between consecutive requestAnimationFrame
 * callbacks (what the user sees as smoothness) and every long task (> 50 ms on the main thread,
 * PerformanceObserver). Read them back with {@link stopFrames}.
 */
export async function startFrames(page: Page): Promise<void> {
  // A string, not a function: tsx's name helpers (__name) do not exist in the page.
  await page.evaluate(`(() => {
    const rec = { deltas: [], longTasks: [], stop: false };
    window.__frames = rec;
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) rec.longTasks.push(e.duration);
    });
    observer.observe({ type: "longtask", buffered: false });
    let last = 0;
    const tick = (t) => {
      rec.deltas.push(t - last);
      last = t;
      if (rec.stop) observer.disconnect();
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame((t) => {
      last = t;
      requestAnimationFrame(tick);
    });
  })()`);
}

/** Frame-time percentiles (ms), frames, and the long tasks since {@link startFrames}. */
export async function stopFrames(page: Page) {
  const rec = (await page.evaluate(
    "(() => { window.__frames.stop = true; return { deltas: window.__frames.deltas, longTasks: window.__frames.longTasks }; })()",
  )) as { deltas: number[]; longTasks: number[] };
  const s = summary(rec.deltas);
  return {
    ...s,
    frames: rec.deltas.length,
    max: Math.max(...rec.deltas),
    /** Frames that took more than 1.5 vsync intervals (at least one frame dropped). */
    dropped: rec.deltas.filter((d) => d > 25).length,
    longTasks: rec.longTasks.length,
    longTaskMs: rec.longTasks.reduce((a, b) => a + b, 0),
    longestTaskMs: rec.longTasks.length ? Math.max(...rec.longTasks) : 0,
  };
}

/** Elements in the page (the map must not add one per vehicle). */
export const domNodes = (page: Page) => page.evaluate("document.getElementsByTagName('*').length") as Promise<number>;
