import { defineConfig } from "@playwright/test";
// @ts-expect-error — plain .mjs helper shared with scripts/ensure-chromium.mjs
import { CHROMIUM_ARGS, findChromium } from "./scripts/find-chromium.mjs";

/**
 * Browser tests on the machine's Chromium (never a downloaded browser) against the real
 * server: `npm start`'s server (its bundle) with a fresh data folder on a test port.
 */
const port = Number(process.env.E2E_PORT ?? 18080);
const dataDir = process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${process.pid}`;
/** The e2e server's GB/T 32960 gateway port (tests/e2e/tbox-commands.spec.ts reads the same rule). */
const e2eGatewayPort = Number(process.env.E2E_GATEWAY_PORT ?? port + 20_000);

export default defineConfig({
  testDir: "tests/e2e",
  // Per shard when `npm test` runs shards side by side (scripts/test.mjs), so one run's
  // clean-up never removes another's failure screenshots and traces.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [
    ["list"],
    ...(process.env.CI
      ? []
      : [
          [
            "html",
            { open: "never", outputFolder: process.env.PLAYWRIGHT_HTML_OUTPUT_DIR ?? "playwright-report" },
          ] as const,
        ]),
    // scripts/test.mjs reads the counts for its closing line from here.
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["json"] as const] : []),
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    locale: "zh-CN",
    timezoneId: "Asia/Shanghai",
  },
  projects: [
    {
      name: "chromium",
      use: {
        browserName: "chromium",
        launchOptions: { executablePath: findChromium() as string | undefined, args: CHROMIUM_ARGS as string[] },
      },
    },
  ],
  webServer: {
    // The server as `npm start` runs it: its bundle, rebuilt first when a source is newer.
    command: "node scripts/serve-built.mjs",
    url: `http://127.0.0.1:${port}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    // The GB/T 32960 gateway on a port derived from the test port (tbox-commands.spec.ts connects a
    // simulated terminal to it); JT/T 808 on the next thousand (multimedia.spec.ts), HJ 1239 on the one after; no simulated fleet.
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      GATEWAY_PORT: String(e2eGatewayPort),
      // TBOX唤醒 (tbox-commands-2.spec.ts): one AEBS vehicle's simulated T-BOX asleep until a wake-up SMS.
      SIMULATE_SLEEPING: process.env.E2E_SLEEPING_VIN ?? "LFVSYKM34PE600060",
      // HJ 1239 / HJ 1322 terminals two thousand above (device-manage-2.spec.ts reports a removal through it).
      HJ1239_PORT: String(e2eGatewayPort + 2_000),
      // JT/T 808 beside it (tests/e2e/multimedia.spec.ts connects a simulated camera terminal).
      JT808_PORT: String(e2eGatewayPort + 1_000),
      // The 苏标 attachment server three thousand above (jsatl-attachments.spec.ts).
      ATTACHMENT_PORT: String(e2eGatewayPort + 3_000),
      // The forwarder (forwarding.spec.ts points a platform at a simulated receiving platform).
      FORWARD: "1",
    },
  },
});
