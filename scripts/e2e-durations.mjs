#!/usr/bin/env node
// Refreshes tests/e2e/durations.json — the seconds `npm test` splits the browser shards by — from
// the Playwright reports of the last `npm test` (.tmp/test-report/playwright-<n>.json): each spec
// file's summed test time, rounded up to a second. Specs the reports don't have keep their entry;
// entries of deleted specs are dropped. Run it after a full run on a quiet machine:
//
//   node scripts/e2e-durations.mjs [report folder]
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reports = path.resolve(process.argv[2] ?? path.join(root, ".tmp/test-report"));
const target = path.join(root, "tests/e2e/durations.json");

/** @type {Record<string, number>} */
const measured = {};
/** @param {any} suite @param {string} file */
function walk(suite, file) {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests)
      for (const result of test.results.slice(0, 1)) measured[file] = (measured[file] ?? 0) + result.duration / 1000;
  for (const child of suite.suites ?? []) walk(child, file);
}
const files = existsSync(reports) ? readdirSync(reports).filter((f) => /^playwright-\d+\.json$/.test(f)) : [];
if (files.length === 0) {
  console.error(`no Playwright reports in ${reports} — run npm test first`);
  process.exit(1);
}
for (const f of files) {
  const report = JSON.parse(readFileSync(path.join(reports, f), "utf8"));
  for (const suite of report.suites) walk(suite, path.basename(suite.file));
}
const old = JSON.parse(readFileSync(target, "utf8"));
const specs = readdirSync(path.join(root, "tests/e2e")).filter((f) => f.endsWith(".spec.ts"));
const next = Object.fromEntries(
  specs.toSorted().map((f) => [f, measured[f] === undefined ? (old[f] ?? 30) : Math.max(1, Math.ceil(measured[f]))]),
);
writeFileSync(target, `${JSON.stringify(next, null, 2)}\n`);
const kept = specs.filter((f) => measured[f] === undefined);
console.log(
  `durations.json: ${specs.length - kept.length} specs measured${kept.length ? `, kept: ${kept.join(", ")}` : ""}`,
);
