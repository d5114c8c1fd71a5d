import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngine } from "../../../apps/server/src/testing/testServer";
import { type BenchCase, CASES, Shared } from "../../bench/cases";
import { staticImports } from "../../bench/lib/console";
import { REPO_ROOT } from "../../bench/lib/serverProcess";
import { type BenchEnv, type CaseResult, SMOKE_SCALE } from "../../bench/lib/types";
import { markdown, textTable } from "../../bench/report";

/** Cases whose PostgreSQL path differs from PGlite's beyond the URL: database creation, the fill, RSS without PGlite. */
const POSTGRES_CASES = new Set(["journal-page", "export"]);

/**
 * The cases that read the journal data set (`Shared.journal`): they run in one file, so the set
 * is filled once; the others run in a second file, so Vitest's two workers share the smoke.
 */
export const JOURNAL_CASES = new Set([
  "journal-page",
  "journal-walk",
  "export",
  "sdk",
  "load",
  "filter",
  "map",
  "track",
]);

/**
 * The benchmarks (`npm run bench`, tests/bench/) at their smoke scale, so they cannot rot: each
 * case runs end to end on a few thousand rows and must answer finite figures (row counts,
 * read-back and order are checked inside the cases, which throw otherwise). Wall time is never
 * asserted. In the "postgres" project the cases with a PostgreSQL-specific path run again on the
 * PostgreSQL server. `harness`: also the checks of the harness itself (once, in one file).
 */
export function describeBenchSmoke(part: string, pick: (c: BenchCase) => boolean, harness: boolean): void {
  const engine = testEngine();
  const cases = CASES.filter((c) => pick(c) && (engine.kind === "pglite" || POSTGRES_CASES.has(c.id)));
  let env: BenchEnv;
  let shared: Shared;
  const results: { id: string; title: string; seconds: number; result: CaseResult }[] = [];

  describe.skipIf(engine.skip)(`benchmark harness, smoke scale, ${part} (${engine.kind})`, () => {
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
      // `npm test` built the console just before (its build step); a smoke takes that build.
      const built = path.join(REPO_ROOT, "apps/console/dist");
      shared = new Shared(env, existsSync(path.join(built, "index.html")) ? built : undefined);
    });
    afterAll(async () => {
      if (env?.workDir) await rm(env.workDir, { recursive: true, force: true });
    });

    if (harness) {
      it("finds the static imports of a minified module, not its dynamic ones", () => {
        const code = `import{a as b}from"./x-1.js";import"./side.js";export{c}from"./y.js";const l=()=>import("./lazy.js");`;
        expect(staticImports(code).toSorted()).toEqual(["./side.js", "./x-1.js", "./y.js"]);
      });
    }

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

    it.skipIf(cases.length === 0)("writes a report with every figure next to its target", async () => {
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
      if (harness) {
        await expect(readFile(path.join(REPO_ROOT, "scripts/bench.mjs"), "utf8")).resolves.toContain(
          "tests/bench/run.ts",
        );
      }
    });
  });
}
