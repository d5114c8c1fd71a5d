/**
 * Runs benchmark cases and writes their figures as JSON:
 *   node --conditions=source --import tsx tests/bench/run.ts --scale full|smoke [--cases a,b] --out results.json
 * `npm run bench` (scripts/bench.mjs) starts PostgreSQL, runs this, then writes BENCHMARKS.md.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { CASES, Shared } from "./cases";
import { REPO_ROOT } from "./lib/serverProcess";
import { type BenchEnv, type Engine, FULL_SCALE, SMOKE_SCALE } from "./lib/types";
import { type CaseRecord, markdown, textTable } from "./report";

/** `PostgreSQL 15.x` of the server, for the report. */
async function postgresVersion(url: string): Promise<string> {
  const { Client } = await import("pg");
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>("show server_version");
    return `PostgreSQL ${rows[0]?.server_version ?? "?"}`;
  } finally {
    await client.end();
  }
}

const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "full" },
    cases: { type: "string" },
    out: { type: "string", default: path.join(REPO_ROOT, ".tmp/bench/results.json") },
    work: { type: "string" },
    report: { type: "string" },
  },
});
const scale = values.scale === "smoke" ? SMOKE_SCALE : FULL_SCALE;
const postgresUrl = process.env.BENCH_POSTGRES_URL || process.env.TEST_DATABASE_URL || undefined;
// BENCH_ENGINES=postgres (or pglite) measures one engine only (e.g. two runs side by side).
const engines: Engine[] = (postgresUrl ? (["pglite", "postgres"] as Engine[]) : (["pglite"] as Engine[])).filter(
  (e) => !process.env.BENCH_ENGINES || process.env.BENCH_ENGINES.split(",").includes(e),
);
const workDir = values.work ?? path.join(REPO_ROOT, ".tmp/bench", scale.name);
mkdirSync(workDir, { recursive: true });
const env: BenchEnv = {
  scale,
  engines,
  postgresUrl,
  workDir,
  log: (line) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`),
};

const wanted = values.cases?.split(",");
const shared = new Shared(env);
const results: CaseRecord[] = [];
const startedAt = new Date().toISOString();
const loadBefore = os.loadavg();
for (const c of CASES) {
  if (wanted && !wanted.includes(c.id)) continue;
  env.log(`case ${c.id} (${scale.name}) on ${engines.join(", ")}`);
  const started = performance.now();
  try {
    const result = await c.run(env, shared);
    const failed = result.errors?.length ? { error: result.errors.join("\n") } : {};
    results.push({ id: c.id, title: c.title, seconds: (performance.now() - started) / 1000, result, ...failed });
    for (const f of result.figures) env.log(`  ${f.figure}${f.engine ? ` [${f.engine}]` : ""}: ${f.value} ${f.unit}`);
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    env.log(`  FAILED: ${message}`);
    results.push({ id: c.id, title: c.title, seconds: (performance.now() - started) / 1000, error: message });
  }
}
const info = {
  scale: scale.name,
  startedAt,
  finishedAt: new Date().toISOString(),
  engines,
  postgresVersion: postgresUrl ? await postgresVersion(postgresUrl) : undefined,
  loadBefore,
  loadAfter: os.loadavg(),
};
mkdirSync(path.dirname(values.out), { recursive: true });
writeFileSync(values.out, JSON.stringify({ info, results }, null, 2));
env.log(`results written to ${values.out}`);
console.log(`\n${textTable(results)}\n`);
if (values.report) {
  const previous = existsSync(values.report) ? readFileSync(values.report, "utf8") : undefined;
  writeFileSync(values.report, markdown(info, results, previous));
  env.log(`report written to ${values.report}`);
}
process.exit(results.some((r) => r.error) ? 1 : 0);
