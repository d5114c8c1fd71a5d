import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngine } from "../../apps/server/src/testing/testServer";
import { CASES, Shared } from "../bench/cases";
import { staticImports } from "../bench/lib/console";
import { REPO_ROOT } from "../bench/lib/serverProcess";
import { type BenchEnv, type CaseResult, SMOKE_SCALE } from "../bench/lib/types";
import { markdown, textTable } from "../bench/report";

/**
 * The benchmarks of issue 8 (`npm run bench`, tests/bench/) at their smoke scale, so they
 * cannot rot: each case runs end to end on a few thousand rows and must answer finite figures
 * (row counts, read-back and order are checked inside the cases, which throw otherwise).
 * Wall time is never asserted. In the "postgres" project the cases with a PostgreSQL-specific
 * path run again on the PostgreSQL server.
 */
const engine = testEngine();
/** Cases whose PostgreSQL path differs from PGlite's beyond the URL: database creation, the fill, RSS without PGlite. */
const POSTGRES_CASES = new Set(["journal-page", "export"]);
const cases = CASES.filter((c) => engine.kind === "pglite" || POSTGRES_CASES.has(c.id));

let env: BenchEnv;
let shared: Shared;
const results: { id: string; title: string; seconds: number; result: CaseResult }[] = [];

describe.skipIf(engine.skip)(`benchmark harness, smoke scale (${engine.kind})`, () => {
  beforeAll(async () => {
    await mkdir(path.join(REPO_ROOT, ".tmp"), { recursive: true });
    const workDir = await mkdtemp(path.join(REPO_ROOT, ".tmp", "bench-smoke-"));
    env = {
      scale: SMOKE_SCALE,
      engines: [engine.kind],
      postgresUrl: process.env.TEST_DATABASE_URL,
      workDir,
      log: () => {},
    };
    shared = new Shared(env);
  });
  afterAll(async () => {
    if (env?.workDir) await rm(env.workDir, { recursive: true, force: true });
  });

  it("finds the static imports of a minified module, not its dynamic ones", () => {
    const code = `import{a as b}from"./x-1.js";import"./side.js";export{c}from"./y.js";const l=()=>import("./lazy.js");`;
    expect(staticImports(code).toSorted()).toEqual(["./side.js", "./x-1.js", "./y.js"]);
  });

  for (const c of cases) {
    it(`runs ${c.id}: ${c.title}`, { timeout: 240_000 }, async () => {
      const started = performance.now();
      const result = await c.run(env, shared);
      results.push({ id: c.id, title: c.title, seconds: (performance.now() - started) / 1000, result });
      expect(result.errors ?? []).toEqual([]);
      expect(result.figures.length).toBeGreaterThan(0);
      for (const f of result.figures) {
        expect(Number.isFinite(f.value), `${f.figure}: ${f.value}`).toBe(true);
        expect(f.size.length).toBeGreaterThan(0);
        if (f.engine) expect(f.engine).toBe(engine.kind);
      }
    });
  }

  it("writes a report with every figure next to its target", async () => {
    const info = {
      scale: "smoke",
      startedAt: new Date().toISOString(),
      finishedAt: new Date().toISOString(),
      engines: [engine.kind],
      loadBefore: [0, 0, 0],
      loadAfter: [0, 0, 0],
    };
    const previous = "x\n<!-- analysis:start -->\nkept words\n<!-- analysis:end -->\n";
    const md = markdown(info, results, previous);
    const figures = results.flatMap((r) => r.result.figures);
    expect(figures.length).toBeGreaterThan(0);
    for (const f of figures) expect(md).toContain(`| ${f.figure.replaceAll("|", "\\|")} |`);
    expect(md).toContain("kept words");
    expect(textTable(results).split("\n").length).toBe(figures.length + 1);
    // The smoke data set really was filled: the journal case read its deep page.
    if (results.some((r) => r.id === "journal-page")) expect(md).toContain(`page ${SMOKE_SCALE.deepPage}`);
    await expect(readFile(path.join(REPO_ROOT, "scripts/bench.mjs"), "utf8")).resolves.toContain("tests/bench/run.ts");
  });
});
