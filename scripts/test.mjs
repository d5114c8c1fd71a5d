#!/usr/bin/env node
// `npm test`: every check, in order, stopping at the first failure (non-zero exit).
// typecheck → lint (Biome, oxlint, dependency rules, Redocly) → builds → unit + contract
// (Vitest, coverage thresholds) → browser tests (Playwright on the machine's Chromium, in
// E2E_SHARDS processes side by side — default 2 —, each with its own server and port, the
// spec files split by their measured durations).
//
// It also prepares what a fresh machine lacks, before the first step that needs it:
//  - a Chromium (scripts/ensure-chromium.mjs: found, or installed with apt as root) for the SDK's
//    browser test and the sign-in bench smoke (Vitest) and for Playwright;
//  - a throw-away PostgreSQL (scripts/throwaway-postgres.mjs) for the "postgres" Vitest project,
//    unless TEST_DATABASE_URL is set already (then that server is used) or TSP_TEST_POSTGRES=0;
//    it is stopped and deleted at the end, also after a failure or ctrl-C.
// The closing lines say what ran and what was skipped and why, each runner's counts, then the test count
// ("tests: N passed, N failed, N skipped", alone on the last line) summed over Vitest and Playwright.
//
//   npm test                      everything
//   npm test -- lint build        only the steps whose names start with these words
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { findChromium } from "./find-chromium.mjs";
import { startThrowawayPostgres } from "./throwaway-postgres.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const reportDir = path.join(root, ".tmp/test-report");
const vitestJson = path.join(reportDir, "vitest.json");

/** @type {{ name: string, cmd: string, args: string[], chromium?: boolean, postgres?: boolean, shards?: boolean }[]} */
const steps = [
  { name: "typecheck", cmd: "npm", args: ["run", "typecheck"] },
  { name: "lint", cmd: "npm", args: ["run", "lint"] },
  { name: "build", cmd: "npm", args: ["run", "build"] },
  {
    name: "unit and contract tests",
    cmd: "npx",
    args: ["vitest", "run", "--coverage", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`],
    chromium: true,
    postgres: true,
  },
  // Browser specs in E2E_SHARDS Playwright processes side by side (default 2), each with its
  // own server, fresh database and port: one process leaves a core idle while it waits on the
  // browser or the server. Specs never share a server with a spec running at the same time.
  // One retry: a browser test that fails and then passes is reported as flaky, by name, in the
  // summary below (and counts as passed); one that fails twice fails the run. A flake is a bug
  // to find, but it must not sink a whole run while it is being found.
  { name: "browser", cmd: "npx", args: ["playwright", "test", "--retries=1"], chromium: true, shards: true },
];

const only = process.argv.slice(2);
const selected = steps.filter((s) => !only.length || only.some((o) => s.name.startsWith(o)));
const ran = [];
const skipped = [];
const results = [];
/** @type {(() => void) | undefined} */
let stopPostgres;
let interrupted = false;

// ctrl-C reaches the running step through the terminal's process group; a signal sent to this
// process alone (a CI timeout) is passed on. Either way the step ends, then the cleanup runs.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    interrupted = true;
    for (const child of children) child.kill(signal);
  });
}
process.on("exit", () => stopPostgres?.());

/** @type {Set<import("node:child_process").ChildProcess>} */
const children = new Set();

/**
 * Runs a command; resolves to its exit status. Output is inherited, or — with a `prefix`, for
 * commands running side by side — passed on line by line, each line prefixed.
 */
function run(cmd, args, env = {}, prefix = "") {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: prefix ? ["inherit", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...env },
    });
    children.add(child);
    if (prefix) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = "";
        from?.setEncoding("utf8");
        from?.on("data", (chunk) => {
          const lines = (rest + chunk).split("\n");
          rest = lines.pop() ?? "";
          for (const line of lines) to.write(`${prefix}${line}\n`);
        });
        from?.on("end", () => rest && to.write(`${prefix}${rest}\n`));
      }
    }
    const done = (code) => {
      children.delete(child);
      resolve(code);
    };
    child.on("error", () => done(1));
    child.on("exit", (code) => done(code ?? 1));
  });
}

const shardCount = Math.max(1, Number(process.env.E2E_SHARDS ?? 2) || 1);

/**
 * The browser spec files split into `n` shards of about equal running time: longest first, each
 * to the shard with the least so far, by the seconds of `tests/e2e/durations.json` (a full run's
 * figures, refreshed by `node scripts/e2e-durations.mjs` from that run's reports; a spec not in it
 * counts as the median). Playwright's own `--shard` splits by test
 * count in file order, which left one shard with the whole axe walk and minutes behind the other.
 */
function planShards(n) {
  const dir = path.join(root, "tests/e2e");
  const seconds = JSON.parse(readFileSync(path.join(dir, "durations.json"), "utf8"));
  const known = Object.values(seconds).toSorted((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 30;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".spec.ts"))
    .map((f) => ({ f, s: seconds[f] ?? median }))
    .toSorted((a, b) => b.s - a.s || a.f.localeCompare(b.f));
  const shards = Array.from({ length: n }, () => ({ files: [], s: 0 }));
  for (const { f, s } of files) {
    const least = shards.reduce((a, b) => (b.s < a.s ? b : a));
    least.files.push(`tests/e2e/${f}`);
    least.s += s;
  }
  return shards.map((x) => x.files);
}
const shardJson = (i) => path.join(reportDir, `playwright-${i}.json`);

/** The browser step: one Playwright process per shard, each on its own port and output folder. */
async function runShards(step) {
  if (shardCount === 1) return run(step.cmd, step.args, { PLAYWRIGHT_JSON_OUTPUT_NAME: shardJson(1) });
  const basePort = Number(process.env.E2E_PORT ?? 18080);
  const plan = planShards(shardCount);
  const statuses = await Promise.all(
    plan.map((files, k) => {
      const i = k + 1;
      return run(
        step.cmd,
        [...step.args, ...files],
        {
          E2E_PORT: String(basePort + k),
          E2E_OUTPUT_DIR: `test-results/shard-${i}`,
          PLAYWRIGHT_HTML_OUTPUT_DIR: `playwright-report/shard-${i}`,
          PLAYWRIGHT_JSON_OUTPUT_NAME: shardJson(i),
        },
        `[shard ${i}/${shardCount}] `,
      );
    }),
  );
  return statuses.find((s) => s !== 0) ?? 0;
}

/** Chromium for the steps that drive a browser: a no-op when one is there. */
async function ensureChromium() {
  const before = findChromium();
  console.log("\n━━ chromium ━━ node scripts/ensure-chromium.mjs");
  const status = await run(process.execPath, ["scripts/ensure-chromium.mjs"]);
  const found = findChromium();
  if (status !== 0 || !found) return false;
  ran.push(before ? `Chromium ${found}` : `Chromium ${found} (installed now)`);
  return true;
}

/** TEST_DATABASE_URL for the "postgres" Vitest project, or a reason it is skipped. */
async function preparePostgres() {
  if (process.env.TEST_DATABASE_URL) {
    ran.push("PostgreSQL variant on TEST_DATABASE_URL");
    return { TSP_REQUIRE_POSTGRES: "1" };
  }
  if (process.env.TSP_TEST_POSTGRES === "0") {
    skipped.push("PostgreSQL variant (TSP_TEST_POSTGRES=0)");
    return {};
  }
  console.log("\n━━ postgresql ━━ scripts/throwaway-postgres.mjs");
  const pg = await startThrowawayPostgres();
  if ("skipped" in pg) {
    console.log(`PostgreSQL variant skipped: ${pg.skipped}`);
    skipped.push(`PostgreSQL variant (${pg.skipped})`);
    return {};
  }
  stopPostgres = pg.stop;
  console.log(`PostgreSQL ${pg.version} on ${pg.url} (deleted after the run)`);
  ran.push(`PostgreSQL variant on a throw-away PostgreSQL ${pg.version}`);
  return { TEST_DATABASE_URL: pg.url, TSP_REQUIRE_POSTGRES: "1" };
}

rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
let chromiumReady = false;
let postgresEnv;
const since = (t) => ((Date.now() - t) / 1000).toFixed(1);
for (const step of selected) {
  if (interrupted) break;
  if (step.chromium && !chromiumReady) {
    const t = Date.now();
    chromiumReady = await ensureChromium();
    results.push({ name: "chromium", ok: chromiumReady, seconds: since(t), setup: true });
    if (!chromiumReady) break;
  }
  if (step.postgres && !postgresEnv) {
    const t = Date.now();
    postgresEnv = await preparePostgres();
    results.push({ name: "postgresql", ok: true, seconds: since(t), setup: true });
  }
  const started = Date.now();
  const shards = step.shards && shardCount > 1 ? ` <spec files> (${shardCount} shards side by side)` : "";
  console.log(`\n━━ ${step.name} ━━ ${step.cmd} ${step.args.join(" ")}${shards}`);
  const status = step.shards ? await runShards(step) : await run(step.cmd, step.args, step.postgres ? postgresEnv : {});
  results.push({ name: step.name, ok: status === 0 && !interrupted, seconds: since(started) });
  if (status !== 0 || interrupted) break;
}
stopPostgres?.();
stopPostgres = undefined;

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined);

/** Test counts from the JSON reports of Vitest and Playwright (absent when the step did not run). */
function counts() {
  const v = readJson(vitestJson);
  const shards = Array.from({ length: shardCount }, (_, k) => readJson(shardJson(k + 1))?.stats).filter(Boolean);
  const p = shards.length
    ? shards.reduce((a, b) => ({
        expected: a.expected + b.expected,
        flaky: a.flaky + b.flaky,
        skipped: a.skipped + b.skipped,
        unexpected: a.unexpected + b.unexpected,
      }))
    : undefined;
  const parts = [];
  const total = { passed: 0, skipped: 0, failed: 0 };
  if (v) {
    const c = { passed: v.numPassedTests, skipped: v.numPendingTests + v.numTodoTests, failed: v.numFailedTests };
    parts.push(`Vitest ${c.passed} passed, ${c.skipped} skipped, ${c.failed} failed`);
    for (const k of Object.keys(total)) total[k] += c[k];
  }
  if (p) {
    const c = { passed: p.expected + p.flaky, skipped: p.skipped, failed: p.unexpected };
    parts.push(`Playwright ${c.passed} passed, ${c.skipped} skipped, ${c.failed} failed`);
    for (const k of Object.keys(total)) total[k] += c[k];
  }
  return { parts, total };
}

/** ANSI colour codes out, so the digest reads the same in a CI log. */
const plain = (text) => stripVTControlCharacters(String(text ?? ""));
/** The first lines of an error message: enough to see which assertion failed and how. */
const firstLines = (text, n = 6) =>
  plain(text)
    .split("\n")
    .filter((l) => l.trim() && !l.includes("node_modules"))
    .slice(0, n)
    .map((l) => `      ${l.trimEnd()}`)
    .join("\n");

/**
 * Failed and flaky tests with the start of their error, from the JSON reports: a CI log is often
 * read only at its end, where the runners' own failure details have scrolled away.
 */
function digest() {
  const lines = [];
  for (const file of readJson(vitestJson)?.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status !== "failed") continue;
      lines.push(`  FAILED  ${path.relative(root, file.name)} › ${t.fullName}`);
      lines.push(firstLines(t.failureMessages?.[0]));
    }
  }
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== "unexpected" && t.status !== "flaky") continue;
        const where = `${spec.file ?? file}:${spec.line} › ${spec.title}`;
        const failedTry = (t.results ?? []).find((r) => r.status !== "passed" && r.status !== "skipped");
        lines.push(`  ${t.status === "flaky" ? "FLAKY (passed on retry)" : "FAILED"}  ${where}`);
        lines.push(firstLines(failedTry?.error?.message ?? failedTry?.errors?.[0]?.message));
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (let k = 1; k <= shardCount; k++)
    for (const suite of readJson(shardJson(k))?.suites ?? []) walk(suite, suite.file);
  return lines;
}

console.log("\n━━ summary ━━");
for (const r of results) console.log(`${r.ok ? "ok  " : "FAIL"}  ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok);
const notRun = selected.slice(results.filter((r) => !r.setup).length).map((s) => s.name);
if (notRun.length)
  skipped.push(`${notRun.join(", ")} (${interrupted ? "interrupted" : `after ${failed[0]?.name} failed`})`);
if (only.length)
  skipped.push(
    `steps not asked for: ${
      steps
        .filter((s) => !selected.includes(s))
        .map((s) => s.name)
        .join(", ") || "none"
    }`,
  );
if (interrupted && !notRun.length) skipped.push("the rest of the run (interrupted)");
const { parts, total } = counts();
const problems = digest();
if (problems.length) console.log(`failed or flaky tests:\n${problems.join("\n")}`);
console.log(
  `ran: ${[...results.filter((r) => !r.setup).map((r) => r.name), ...ran].join(", ")}; skipped: ${skipped.join("; ") || "nothing"}`,
);
if (parts.length) console.log(`by runner: ${parts.join("; ")}`);
// The closing line alone, in the plain form CI reads ("N passed, N failed, N skipped").
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failed.length || interrupted ? 1 : 0);
