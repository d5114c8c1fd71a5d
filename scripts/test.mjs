#!/usr/bin/env node
// `npm test`: every check, in order, stopping at the first failure (non-zero exit).
// typecheck → lint (Biome, oxlint, dependency rules) → builds → unit + contract (Vitest,
// coverage thresholds) → browser tests (Playwright on the machine's Chromium).
import { spawnSync } from "node:child_process";

const steps = [
  ["typecheck", "npm", ["run", "typecheck"]],
  ["lint", "npm", ["run", "lint"]],
  ["build", "npm", ["run", "build"]],
  ["unit and contract tests", "npx", ["vitest", "run", "--coverage"]],
  ["browser", "npm", ["run", "test:e2e"]],
];

const only = process.argv.slice(2);
const results = [];
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  const started = Date.now();
  console.log(`\n━━ ${name} ━━ ${cmd} ${args.join(" ")}`);
  const { status } = spawnSync(cmd, args, { stdio: "inherit" });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name, ok: status === 0, seconds });
  if (status !== 0) break;
}
console.log("\n━━ summary ━━");
for (const r of results) console.log(`${r.ok ? "ok  " : "FAIL"}  ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
