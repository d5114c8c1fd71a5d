#!/usr/bin/env node
// `npm run bench`: every case of issue 8 on this machine, a table on the terminal and
// BENCHMARKS.md at the repository root. Cases live in tests/bench/ (TypeScript, run by tsx).
//
//   npm run bench                          all cases, the sizes (~20 min)
//   npm run bench -- --cases export,load   some cases (ids in tests/bench/cases/index.ts)
//   npm run bench -- --scale smoke         the seconds-long version (report in .tmp/bench/)
//
// PostgreSQL: TEST_DATABASE_URL when set; otherwise scripts/ci-postgres.sh is sourced
// (Debian's postgresql, a throwaway cluster on 127.0.0.1 that stops with the run).
// BENCH_NO_POSTGRES=1 measures PGlite only.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const smoke = args.includes("smoke") || args.includes("--scale=smoke");
const hasReport = args.some((a) => a === "--report" || a.startsWith("--report="));
const report = smoke ? path.join(root, ".tmp/bench/BENCHMARKS.smoke.md") : path.join(root, "BENCHMARKS.md");
const runArgs = [
  "--conditions=source",
  "--import",
  "tsx",
  path.join(root, "tests/bench/run.ts"),
  ...(args.some((a) => a.startsWith("--scale")) ? [] : ["--scale", "full"]),
  ...(hasReport ? [] : ["--report", report]),
  ...args,
];
const quote = (s) => `'${s.replaceAll("'", "'\\''")}'`;

let status;
if (
  process.env.TEST_DATABASE_URL ||
  process.env.BENCH_NO_POSTGRES ||
  !existsSync(path.join(root, "scripts/ci-postgres.sh"))
) {
  if (!process.env.TEST_DATABASE_URL && !process.env.BENCH_NO_POSTGRES) {
    console.error("bench: scripts/ci-postgres.sh not found and TEST_DATABASE_URL not set — PGlite only");
  }
  ({ status } = spawnSync(process.execPath, runArgs, { cwd: root, stdio: "inherit" }));
} else {
  // The cluster lives as long as this bash: ci-postgres.sh stops it on exit. Its ports start at
  // 56432, away from the tests' 55432: two scripts probing the same free port at once collide.
  const command = `source scripts/ci-postgres.sh && ${[process.execPath, ...runArgs].map(quote).join(" ")}`;
  const env = { ...process.env, TSP_PG_PORT: process.env.TSP_PG_PORT ?? "56432" };
  ({ status } = spawnSync("bash", ["-c", command], { cwd: root, stdio: "inherit", env }));
}
process.exit(status ?? 1);
