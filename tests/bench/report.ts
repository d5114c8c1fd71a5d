import os from "node:os";
import type { CaseResult, Figure } from "./lib/types";

/** What run.ts records of one case. */
export interface CaseRecord {
  id: string;
  title: string;
  seconds: number;
  result?: CaseResult;
  error?: string;
}

/** The machine and moment of a run, for the report's header. */
export interface RunInfo {
  scale: string;
  startedAt: string;
  finishedAt: string;
  engines: string[];
  postgresVersion?: string | undefined;
  loadBefore: number[];
  loadAfter: number[];
}

/** Cores, memory, OS and Node of this machine. */
export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}

const verdict = (f: Figure) => (f.pass === undefined ? "reported" : f.pass ? "pass" : "**MISS**");
const cell = (s: string | number | undefined) => String(s ?? "").replaceAll("|", "\\|");
const shown = (f: Figure) =>
  `${f.value.toLocaleString("en-US", { maximumFractionDigits: 3 })}${f.unit ? ` ${f.unit}` : ""}`;

/** The figures as a plain-text table for the terminal. */
export function textTable(records: readonly CaseRecord[]): string {
  const rows: string[][] = [["case", "figure", "engine", "value", "target", "result"]];
  for (const r of records) {
    if (r.error) rows.push([r.title, "FAILED TO RUN", "", "", "", "error"]);
    for (const f of r.result?.figures ?? []) {
      rows.push([f.case, f.figure, f.engine ?? "", shown(f), f.target ?? "", verdict(f).replaceAll("*", "")]);
    }
  }
  const widths = rows[0]?.map((_, i) => Math.min(60, Math.max(...rows.map((row) => [...(row[i] ?? "")].length)))) ?? [];
  return rows
    .map((row) =>
      row
        .map((c, i) =>
          [...c]
            .slice(0, 60)
            .join("")
            .padEnd(widths[i] ?? 0),
        )
        .join("  "),
    )
    .join("\n");
}

const ANALYSIS_START = "<!-- analysis:start -->";
const ANALYSIS_END = "<!-- analysis:end -->";

/** The hand-written analysis section of an existing BENCHMARKS.md, kept across runs. */
export function keptAnalysis(previous: string | undefined): string {
  if (!previous) return "";
  const start = previous.indexOf(ANALYSIS_START);
  const end = previous.indexOf(ANALYSIS_END);
  return start >= 0 && end > start ? previous.slice(start + ANALYSIS_START.length, end).trim() : "";
}

/** One row of the Figures table as cells (the `\|` inside a cell kept as written). */
function cellsOf(row: string): string[] {
  return row
    .slice(1, row.endsWith("|") ? -1 : undefined)
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

/** The Figures table rows of an earlier report, and when that run started. */
function previousRows(previous: string | undefined): { rows: string[][]; runStarted: string } {
  if (!previous) return { rows: [], runStarted: "" };
  const runStarted = /- \*\*Run\*\*: (\S+)/.exec(previous)?.[1] ?? "";
  const start = previous.indexOf("## Figures");
  const end = previous.indexOf("## Misses");
  if (start < 0 || end < start) return { rows: [], runStarted };
  const rows = previous
    .slice(start, end)
    .split("\n")
    .filter((l) => l.startsWith("| ") && !l.startsWith("| Case |"))
    .map(cellsOf);
  return { rows, runStarted };
}

/** "2026-11-25 02:10 UTC, load 3.44": when a figure was measured and how busy the machine was. */
function measuredCell(info: RunInfo): string {
  const when = info.startedAt.slice(0, 16).replace("T", " ");
  return `${when} UTC, load ${(info.loadBefore[0] ?? 0).toFixed(2)}`;
}

/** The `### title` sections of an earlier report's Details, by title. */
function previousDetails(previous: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  const at = previous?.indexOf("## Details") ?? -1;
  if (!previous || at < 0) return out;
  for (const section of previous
    .slice(at)
    .split(/\n(?=### )/)
    .slice(1)) {
    out.set(section.slice(4, section.indexOf("\n")), section.trimEnd());
  }
  return out;
}

/**
 * The entries of an earlier Details section that belong to an engine this run did not use (a
 * key naming it as one of its dot-separated parts, e.g. `journalPage.pglite`): a run of one
 * engine (`BENCH_ENGINES=postgres`) keeps the other engine's curves, as the table keeps its rows.
 */
function otherEnginesDetails(section: string | undefined, engines: readonly string[]): Record<string, unknown> {
  const json = section ? /```json\n([\s\S]*?)\n```/.exec(section)?.[1] : undefined;
  if (!json) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return {};
  }
  if (typeof parsed !== "object" || parsed === null) return {};
  const ENGINES = ["pglite", "postgres"];
  return Object.fromEntries(
    Object.entries(parsed).filter(([key]) =>
      key.split(".").some((part) => ENGINES.includes(part) && !engines.includes(part)),
    ),
  );
}

/**
 * BENCHMARKS.md: header (machine, date, how to rerun), the figures, misses, analysis, details.
 * A run of some cases (`--cases`) replaces those cases' rows in place and keeps every other row
 * of the earlier report as it was, with the moment it was measured in its last column, so a
 * partial run never drops figures (a case's rows are matched by its name in the first column).
 */
export function markdown(info: RunInfo, records: readonly CaseRecord[], previous?: string): string {
  const figures = records.flatMap((r) => r.result?.figures ?? []);
  const failed = records.filter((r) => r.error);
  const measured = measuredCell(info);
  const fresh = (f: Figure) => [
    cell(f.case),
    cell(f.figure),
    cell(f.engine ?? "—"),
    cell(shown(f)),
    cell(f.target ?? ""),
    verdict(f),
    cell(f.size),
    cell(f.note),
    measured,
  ];
  const failedRow = (r: CaseRecord) => [
    cell(r.title),
    "failed to run",
    "—",
    "—",
    "—",
    "**ERROR**",
    "—",
    cell(r.error?.split("\n")[0]),
    measured,
  ];
  // Cases of this run, by the name in a row's first column: their earlier rows are replaced.
  const replaced = new Set([...figures.map((f) => cell(f.case)), ...failed.map((r) => cell(r.title))]);
  const old = previousRows(previous);
  const table: string[][] = [];
  const emitted = new Set<string>();
  // A row of an engine this run did not use (`BENCH_ENGINES=postgres`) is kept, not replaced.
  const otherEngine = (row: string[]) => {
    const engine = row[2] ?? "";
    return engine !== "" && engine !== "—" && !info.engines.includes(engine);
  };
  for (const row of old.rows) {
    const name = row[0] ?? "";
    if (!replaced.has(name) || otherEngine(row)) {
      table.push(row.length >= 9 ? row : [...row, `before ${old.runStarted.slice(0, 16).replace("T", " ")} UTC`]);
    } else if (!emitted.has(name)) {
      emitted.add(name);
      for (const f of figures) if (cell(f.case) === name) table.push(fresh(f));
      for (const r of failed) if (cell(r.title) === name) table.push(failedRow(r));
    }
  }
  for (const f of figures) if (!emitted.has(cell(f.case))) table.push(fresh(f));
  for (const r of failed) if (!emitted.has(cell(r.title))) table.push(failedRow(r));
  const lines: string[] = [
    "# Benchmarks",
    "",
    "Yardsticks of issue 8: speed, memory and scale, measured the same way every run. Written by",
    "`npm run bench` (scripts/bench.mjs → tests/bench/run.ts); do not edit the figures by hand —",
    "only the analysis section between its markers is kept from one run to the next.",
    "",
    `- **Run**: ${info.startedAt} → ${info.finishedAt} (scale \`${info.scale}\`; cases ${records.map((r) => r.id).join(", ")}). Rows of cases this run did not measure are kept from earlier runs: the Measured column says when each row was measured and the machine's 1-minute load average then`,
    `- **Machine**: ${machine()}`,
    `- **Load average** (1/5/15 min) before: ${info.loadBefore.map((x) => x.toFixed(2)).join(" / ")}; after: ${info.loadAfter.map((x) => x.toFixed(2)).join(" / ")} — other work on the machine skews absolute times; ratios are measured side by side in one run for that reason.`,
    `- **Engines**: ${info.engines.join(", ")}${info.postgresVersion ? ` (${info.postgresVersion})` : ""}; PGlite is the embedded default (its WebAssembly heap lives in the server process), PostgreSQL a throwaway server on 127.0.0.1 started by scripts/ci-postgres.sh (fsync and synchronous_commit off, default shared_buffers) or the one of TEST_DATABASE_URL`,
    "- **Rerun**: `npm run bench` (about 20 minutes; `npm run bench -- --cases export,load` for some cases; `npm run bench -- --scale smoke` for the seconds-long version that `npm test` also runs)",
    "",
    "## Data",
    "",
    "- Journal cases: the server's own tables (its migrations and demo seed, by starting it), then",
    "  `vehicle` and `vehicle_login_log` filled with `generate_series` in SQL (tests/bench/lib/journalData.ts):",
    "  10,000,000 rows over 10,000 VINs of the demo tenant; one hot VIN holds 1,000,900 rows two",
    "  seconds apart (page 10,000, the 1M-row walk and the exports read it), the other 9,999 VINs",
    "  900 rows each, 48 minutes apart. Every row holds a real GB/T 32960 login frame encoded by",
    "  @tsp/domain for its VIN (~110 hex characters). The primary key is dropped for the load and",
    "  rebuilt after it with its migration's definition. The seed generator's row-by-row inserts",
    "  would take hours at this size. PGlite's data folder is kept in .tmp/bench/full and reused.",
    "- Import: N vehicles inserted the same way, and an .xlsx of the vehicle-info template with one",
    "  row per vehicle (every 100th with a wrong VIN check digit, so the per-row report has work).",
    "- Console, sign-in and memory at rest: the demo seed (`npm start`'s).",
    "- Issue 18 (filter, map, track): the demo seed in a database of their own (`fleet-full`), then",
    "  for 高级筛选 1,000,000 vehicles with their connection state and newest unit by `generate_series`",
    "  (tests/bench/lib/fleetData.ts: 5 % never reported, ~30 % online, SOC evenly 0–100 %, the last",
    "  reports of the offline ones over 7 days, alarm levels 1–3 for ~11 %; fixed clock, so every run",
    "  sees the same fleet), for the track one vehicle's previous day of one-second positions",
    "  (tests/bench/lib/trackData.ts: 50 minutes' driving at 30–100 km/h and a 10-minute stop each",
    "  hour), for the map 10,000 machines near ten cities answered to the real screen's map call.",
    "",
    "## Figures",
    "",
    "| Case | Figure | Engine | Value | Target | Result | Data size | Notes | Measured |",
    "|---|---|---|---|---|---|---|---|---|",
    ...table.map((row) => `| ${row.join(" | ")} |`),
  ];
  const misses = table.filter((row) => row[5] === "**MISS**" || row[5] === "**ERROR**");
  lines.push("", "## Misses", "");
  if (misses.length === 0) lines.push("None.");
  for (const row of misses) {
    const [name, figure, engine, value, target, result, , note] = row;
    lines.push(
      result === "**ERROR**"
        ? `- ${name}: did not run — ${note}`
        : `- ${name} — ${figure}${engine && engine !== "—" ? ` (${engine})` : ""}: ${value} against ${target}.`,
    );
  }
  lines.push(
    "",
    "## Analysis",
    "",
    ANALYSIS_START,
    keptAnalysis(previous) || "_(causes of the misses, written after profiling)_",
    ANALYSIS_END,
    "",
    "## Details",
    "",
  );
  const ran = new Set(records.map((r) => r.title));
  const earlier = previousDetails(previous);
  for (const [title, section] of earlier) if (!ran.has(title)) lines.push(section, "");
  for (const r of records) {
    const details = { ...otherEnginesDetails(earlier.get(r.title), info.engines), ...r.result?.details };
    if (Object.keys(details).length === 0) continue;
    lines.push(`### ${r.title}`, "", "```json", JSON.stringify(details, null, 1), "```", "");
  }
  return `${lines.join("\n")}\n`;
}
