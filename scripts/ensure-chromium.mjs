#!/usr/bin/env node
// Makes sure a Chromium is there for the browser tests: finds it, or installs Debian's
// `chromium` with apt when we are root on Debian/Ubuntu, or stops and says what to install.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { findChromium } from "./find-chromium.mjs";

const osRelease = existsSync("/etc/os-release") ? readFileSync("/etc/os-release", "utf8") : "";
const debianLike = /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(osRelease);
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const aptEnv = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };

/** Debian packages to add as root when missing; a CJK font so screenshots show Chinese, not boxes. */
function aptInstall(packages) {
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env: aptEnv });
  execFileSync("apt-get", ["install", "-y", "-qq", ...packages], { stdio: "inherit", env: aptEnv });
}
const hasCjkFont = [
  "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
  "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
].some((f) => existsSync(f));

const found = findChromium();
if (found) {
  if (!hasCjkFont && debianLike && isRoot) aptInstall(["fonts-wqy-microhei"]);
  else if (!hasCjkFont)
    console.warn("No CJK font found: screenshots will show boxes for Chinese (install fonts-wqy-microhei).");
  console.log(`chromium: ${found}`);
  process.exit(0);
}
if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist.`);
  process.exit(1);
}

if (debianLike && isRoot) {
  console.log("chromium: not found — installing Debian's chromium (and a CJK font) with apt-get …");
  aptInstall(["chromium", "fonts-wqy-microhei"]);
  const installed = findChromium();
  if (installed) {
    console.log(`chromium: ${installed}`);
    process.exit(0);
  }
}

console.error(`No Chromium found for the browser tests.
Install one and run again:
  Debian/Ubuntu:  sudo apt-get install chromium      (or chromium-browser on Ubuntu)
  Fedora:         sudo dnf install chromium
  macOS:          brew install --cask chromium
or point CHROMIUM_PATH at a Chromium or Chrome binary.`);
process.exit(1);
