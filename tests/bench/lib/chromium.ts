import { existsSync } from "node:fs";

/**
 * The machine's Chromium, as scripts/find-chromium.mjs finds it (CHROMIUM_PATH, then the
 * Debian/Ubuntu paths); `npm run ensure-browser` installs one where none is.
 */
export function findChromiumPath(): string {
  const candidates = process.env.CHROMIUM_PATH
    ? [process.env.CHROMIUM_PATH]
    : ["/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error("no Chromium found: run `npm run ensure-browser` or set CHROMIUM_PATH");
  return found;
}
