import type { Route } from "@playwright/test";
import {
  domNodes,
  FRAME_LIMIT_MS,
  FRAME_TARGET,
  launchChromium,
  signedInPage,
  startFrames,
  stopFrames,
} from "../lib/browser";
import type { DatabaseLocation } from "../lib/databases";
import { startServerProcess } from "../lib/serverProcess";
import { round } from "../lib/stats";
import { type BenchEnv, type CaseResult, type Engine, type Figure, n } from "../lib/types";

const MAP_PATH = "/tsp-shadow/machinery/map";
/** 地图监控 reads the fleet every 15 s; the benchmark makes that every second (an init script, below). */
const SCREEN_POLL_MS = 15_000;
const STREAM_MS = 1_000;

const sizeOf = (env: BenchEnv) =>
  env.scale.name === "smoke" ? { vehicles: 1_000, seconds: 2 } : { vehicles: 10_000, seconds: 20 };

const STATES = ["working", "online", "alarm", "offline"] as const;
/** Cities the fleet gathers around (WGS-84), so clusters form as a real fleet's do. */
const CITIES: [number, number][] = [
  [116.4, 39.9],
  [121.47, 31.23],
  [113.26, 23.13],
  [104.07, 30.67],
  [114.3, 30.6],
  [108.94, 34.34],
  [126.64, 45.75],
  [87.62, 43.82],
  [117.2, 36.65],
  [112.55, 37.87],
];

/**
 * The fleet after `tick` updates (deterministic): machine g sits near city g mod 10, spread
 * by a fixed pattern; on every update the tenth of the fleet with g mod 10 = tick mod 10
 * moves ~300 m (the others stay), and one machine in 50 changes state.
 */
export function fleetAt(vehicles: number, tick: number) {
  const vin: string[] = [];
  const lng: number[] = [];
  const lat: number[] = [];
  const state: string[] = [];
  const counts = { working: 0, online: 0, alarm: 0, offline: 0 };
  for (let g = 0; g < vehicles; g++) {
    const [cx, cy] = CITIES[g % CITIES.length] as [number, number];
    const angle = (g * 2.399963) % (2 * Math.PI);
    const radius = 1.5 * Math.sqrt((g % 997) / 997);
    // Moves this machine has made by `tick`: one for each update of its tenth.
    const moves = Math.floor((tick + 10 - (g % 10)) / 10);
    const s = STATES[(g + (g % 50 === 0 ? tick : 0)) % STATES.length] as (typeof STATES)[number];
    vin.push(`LMAP${String(g).padStart(13, "0")}`);
    lng.push(Math.round((cx + radius * Math.cos(angle) + moves * 0.003) * 1e6) / 1e6);
    lat.push(Math.round((cy + radius * Math.sin(angle) + moves * 0.002) * 1e6) / 1e6);
    state.push(s);
    counts[s]++;
  }
  return { vin, lng, lat, state, counts };
}

/**
 * 地图监控 (`/notRoadMonitor/screen`, @tsp/ui FleetMap) with a live fleet of 10,000 machines in
 * headless Chromium (issue 18): the real screen, signed in; its map call is answered by the
 * benchmark (Playwright route: the server's own envelope, data from {@link fleetAt}) and the
 * screen's 15-s poll runs every second (an init script shortens that one timer), so a tenth of
 * the fleet moves every second while the frame times (requestAnimationFrame) and long tasks
 * (PerformanceObserver) are recorded. The page's element count is checked: the machines are
 * drawn on the map's canvas, not as DOM markers.
 */
export async function mapCase(
  env: BenchEnv,
  engine: Engine,
  location: DatabaseLocation,
  consoleDir: string,
): Promise<CaseResult> {
  const { vehicles, seconds } = sizeOf(env);
  const proc = await startServerProcess({ dataDir: location.dataDir, databaseUrl: location.databaseUrl, consoleDir });
  const browser = await launchChromium();
  try {
    const page = await signedInPage(browser, proc.url, "/");
    // A string, not a function: tsx's name helpers (__name) do not exist in the page.
    await page.addInitScript(`(() => {
      const original = window.setTimeout;
      window.setTimeout = (fn, ms, ...rest) => original(fn, ms === ${SCREEN_POLL_MS} ? ${STREAM_MS} : ms, ...rest);
    })()`);
    let tick = 0;
    const served: number[] = [];
    // The server's own answer once (its envelope and headers), then the moving fleet in it.
    let envelope: { headers: Record<string, string>; body: Record<string, unknown> } | null = null;
    await page.route(`**${MAP_PATH}*`, async (route: Route) => {
      if (!envelope) {
        const real = await route.fetch();
        envelope = { headers: real.headers(), body: (await real.json()) as Record<string, unknown> };
      }
      const body = JSON.stringify({ ...envelope.body, data: fleetAt(vehicles, tick) });
      served.push(performance.now());
      tick++;
      await route.fulfill({
        status: 200,
        headers: { ...envelope.headers, "content-length": String(Buffer.byteLength(body)) },
        body,
      });
    });
    // A full load of the screen (a new document: the init script applies from here).
    await page.goto(`${proc.url}#/notRoadMonitor/screen`);
    const shown = performance.now();
    await page.reload();
    const map = page.getByRole("application", { name: /机械分布地图/ });
    await page.locator(`[data-points="${vehicles}"]`).waitFor();
    await map.locator("canvas").first().waitFor();
    const firstMs = performance.now() - shown;
    // The first answer fitted the view; wait for the stream to start before measuring.
    const before = served.length;
    while (served.length < before + 1) await page.waitForTimeout(50);

    await startFrames(page);
    const updatesFrom = served.length;
    await page.waitForTimeout(seconds * 1000);
    const frames = await stopFrames(page);
    const updates = served.length - updatesFrom;
    // Each read is asked a second after the previous one was drawn: fewer than one a second means
    // an update takes the page longer than that (reported in the note, not an error).
    if (updates < 1) throw new Error(`no map update in ${seconds} s`);
    const nodes = await domNodes(page);
    const inMap = await map.evaluate((el) => el.getElementsByTagName("*").length);
    if (inMap > 100) throw new Error(`the map holds ${inMap} elements for ${vehicles} machines`);
    await page.screenshot({ path: `${env.workDir}/map.png` });
    await page.context().close();

    const size = `${n(vehicles)} machines, a tenth moving every second`;
    const figures: Figure[] = [
      {
        case: "map of the live fleet (issue 18)",
        figure: "地图监控 (FleetMap) while updates stream: frame time p95",
        engine,
        value: round(frames.p95),
        unit: "ms",
        target: FRAME_TARGET,
        pass: frames.p95 <= FRAME_LIMIT_MS,
        size,
        note: `p50 ${round(frames.p50)} ms, p99 ${round(frames.p99)} ms, ${frames.dropped} frames over 25 ms, longest frame ${round(frames.max)} ms; ${frames.frames} frames and ${updates} updates in ${seconds} s (each asked 1 s after the last was drawn); ${frames.longTasks} long tasks (${round(frames.longTaskMs)} ms in all, longest ${round(frames.longestTaskMs)} ms); headless Chromium, software rendering; first screen with the fleet ${round(firstMs)} ms`,
      },
      {
        case: "map of the live fleet (issue 18)",
        figure: "地图监控 while updates stream: longest main-thread task",
        engine,
        value: round(frames.longestTaskMs),
        unit: "ms",
        target: "≤ 50 ms (no long task: an update must not freeze the map)",
        pass: frames.longestTaskMs <= 50,
        size,
        note: `${frames.longTasks} long tasks for ${updates} updates, ${round(frames.longTaskMs)} ms in all; frame time p99 ${round(frames.p99)} ms`,
      },
      {
        case: "map of the live fleet (issue 18)",
        figure: "地图监控: elements in the page (no DOM marker per vehicle)",
        engine,
        value: nodes,
        unit: "elements",
        target: `< ${n(vehicles)} (canvas layer)`,
        pass: nodes < vehicles && inMap <= 100,
        size,
        note: `${inMap} inside the map element`,
      },
    ];
    return { figures, details: { [`map.${engine}`]: { frames, updates, nodes, inMap, firstMs } } };
  } finally {
    await browser.close();
    await proc.stop();
  }
}
