// Finds the machine's Chromium for Playwright: CHROMIUM_PATH, then the Debian/Ubuntu paths.
// No browser is ever downloaded (the machines reach only npm and Debian's packages).
import { existsSync } from "node:fs";

export const CHROMIUM_CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

/** @returns {string | undefined} */
export function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) return existsSync(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : undefined;
  return CHROMIUM_CANDIDATES.find((p) => existsSync(p));
}

/** Flags the machines need: no sandbox as root, and no background traffic into a closed network. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
