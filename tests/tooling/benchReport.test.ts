import { describe, expect, it } from "vitest";
import type { Figure } from "../bench/lib/types";
import { type CaseRecord, markdown, type RunInfo } from "../bench/report";

/**
 * BENCHMARKS.md is rewritten by every `npm run bench`, also by a run of some cases
 * (`--cases forwarding`). Such a run must replace only its own cases' rows and keep the others
 * with the moment they were measured — before, it wrote a report of its cases alone and every
 * other figure vanished from the file.
 */
const info = (startedAt: string, load: number): RunInfo => ({
  scale: "full",
  startedAt,
  finishedAt: startedAt,
  engines: ["pglite"],
  loadBefore: [load, 0, 0],
  loadAfter: [0, 0, 0],
});
const figure = (name: string, value: number, pass?: boolean): Figure => ({
  case: name,
  figure: `${name} figure`,
  engine: "pglite",
  value,
  unit: "ms",
  target: "≤ 1 ms",
  size: "10 rows",
  ...(pass === undefined ? {} : { pass }),
});
const record = (id: string, ...figures: Figure[]): CaseRecord => ({ id, title: id, seconds: 1, result: { figures } });

const withDetails = (details: Record<string, unknown>, ...figures: Figure[]): CaseRecord => ({
  ...record("b", ...figures),
  result: { figures, details },
});

describe("benchmark report", () => {
  it("a run of some cases replaces their rows in place and keeps the others with when they were measured", () => {
    const first = markdown(info("2026-11-20T10:00:00.000Z", 1), [
      record("a", figure("case a", 1, true)),
      record("b", figure("case b", 2, false)),
      record("c", figure("case c", 3)),
    ]);
    const second = markdown(info("2026-11-25T02:10:00.000Z", 4.5), [record("b", figure("case b", 0.5, true))], first);
    const rows = second.split("\n").filter((l) => /^\| case [abc] \|/.test(l));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain("| 1 ms |");
    expect(rows[0]).toMatch(/\| 2026-11-20 10:00 UTC, load 1\.00 \|$/);
    expect(rows[1]).toContain("| 0.5 ms |");
    expect(rows[1]).toContain("| pass |");
    expect(rows[1]).toMatch(/\| 2026-11-25 02:10 UTC, load 4\.50 \|$/);
    expect(rows[2]).toContain("| case c |");
    // The old miss of case b is gone from the misses; nothing else missed.
    expect(second.slice(second.indexOf("## Misses"), second.indexOf("## Analysis"))).toContain("None.");
  });

  it("a run on one engine replaces that engine's rows of its cases and keeps the other engine's", () => {
    const both = { ...info("2026-11-20T10:00:00.000Z", 1), engines: ["pglite", "postgres"] };
    const first = markdown(both, [
      record("b", figure("case b", 2, false), { ...figure("case b", 7, false), engine: "postgres" }),
    ]);
    const pgOnly = { ...info("2026-11-25T02:10:00.000Z", 3), engines: ["postgres"] };
    const second = markdown(pgOnly, [record("b", { ...figure("case b", 0.5, true), engine: "postgres" })], first);
    const rows = second.split("\n").filter((l) => l.startsWith("| case b |"));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.includes("| pglite |"))).toMatch(/\| 2 ms \|.*2026-11-20 10:00 UTC/);
    expect(rows.find((r) => r.includes("| postgres |"))).toMatch(/\| 0\.5 ms \|.*2026-11-25 02:10 UTC/);
  });

  it("a run on one engine keeps the other engine's Details of its cases and replaces its own", () => {
    const both = { ...info("2026-11-20T10:00:00.000Z", 1), engines: ["pglite", "postgres"] };
    const first = markdown(both, [
      withDetails(
        { "b.pglite": { p50: 2 }, "b.postgres": { p50: 7 }, "b.postgres.explain": "old plan" },
        figure("case b", 2),
      ),
    ]);
    const pgOnly = { ...info("2026-11-25T02:10:00.000Z", 3), engines: ["postgres"] };
    const second = markdown(pgOnly, [withDetails({ "b.postgres": { p50: 0.5 } }, figure("case b", 0.5))], first);
    const section = second.slice(second.indexOf("### b"));
    const json = JSON.parse(section.slice(section.indexOf("```json") + 7, section.indexOf("\n```", 8)));
    // The other engine's entry stays; this engine's are the new run's alone (no stale plan).
    expect(json).toEqual({ "b.pglite": { p50: 2 }, "b.postgres": { p50: 0.5 } });
    expect(second.match(/### b\n/g)).toHaveLength(1);
  });

  it("lists a kept row's miss, and a figure with a pipe in its text stays one cell", () => {
    const first = markdown(info("2026-11-20T10:00:00.000Z", 1), [
      record("a", { ...figure("case a", 9, false), note: "x | y" }),
    ]);
    const second = markdown(info("2026-11-25T02:10:00.000Z", 2), [record("z", figure("case z", 1, true))], first);
    expect(second).toContain("- case a — case a figure (pglite): 9 ms against ≤ 1 ms.");
    expect(second).toContain("| x \\| y | 2026-11-20 10:00 UTC, load 1.00 |");
  });

  it("dates the rows of a report written before the Measured column by that report's run", () => {
    const old = [
      "- **Run**: 2026-11-01T08:30:00.000Z → 2026-11-01T09:00:00.000Z (scale `full`)",
      "## Figures",
      "",
      "| Case | Figure | Engine | Value | Target | Result | Data size | Notes |",
      "|---|---|---|---|---|---|---|---|",
      "| old case | f | — | 5 KB | ≤ 6 KB | pass | bundle |  |",
      "",
      "## Misses",
    ].join("\n");
    const md = markdown(info("2026-11-25T02:10:00.000Z", 2), [record("z", figure("case z", 1, true))], old);
    expect(md).toContain("| old case | f | — | 5 KB | ≤ 6 KB | pass | bundle |  | before 2026-11-01 08:30 UTC |");
  });
});
