import type { JournalDataSpec } from "./journalData";
import { FULL_JOURNAL } from "./journalData";

/** Which database a figure was measured on. */
export type Engine = "pglite" | "postgres";

/** One measured figure, as the report prints it. */
export interface Figure {
  /** The case, e.g. "journal page of 20 rows". */
  case: string;
  /** What was measured, e.g. "page 1 p50 (server-side)". */
  figure: string;
  engine?: Engine;
  value: number;
  unit: string;
  /** The target in words, when this figure has one. */
  target?: string;
  /** true/false when judged against the target; undefined when only reported. */
  pass?: boolean;
  /** Data size the figure was measured on. */
  size: string;
  note?: string;
}

/** A case's answer: its figures and free-form detail (EXPLAIN plans, curves). */
export interface CaseResult {
  figures: Figure[];
  details?: Record<string, unknown>;
  /** Engines that failed while others answered ("postgres: Error: …"); their figures are missing. */
  errors?: string[];
}

/** How big a run is: the sizes (`full`) or a seconds-long version (`smoke`). */
export interface BenchScale {
  name: "full" | "smoke";
  journal: JournalDataSpec;
  /** The deep page of the journal case (the issue: 10,000). */
  deepPage: number;
  /** Samples per latency figure. */
  samples: number;
  /** Rows of the SDK walk (the issue: 1M). */
  walkRows: number;
  /** Export sizes (the issue: 100k and 1M). */
  exportRows: number[];
  /** Rows of the import file (the issue: 100k). */
  importRows: number;
  load: { connections: number; seconds: number };
  signInRuns: number;
  sdkCalls: number;
  /** Journal frames forwarded to one receiving platform (issue 19). */
  forwardFrames: number;
  /** Gateway ingest (issue 16): logged-in T-BOX connections, measured seconds after a warm-up. */
  ingest: { connections: number; seconds: number; warmupSeconds: number; pacedSeconds: number };
  /** Remote commands (issue 17): connected terminals, commands sent through the API. */
  commands: { terminals: number; commands: number };
  /** 苏标 attachments (issue 17): terminals uploading at once, alarms each, a JPEG's and a clip's bytes. */
  attachments: { terminals: number; alarmsEach: number; photoBytes: number; clipBytes: number };
  /**
   * Gateway memory (issue 16): idle logged-in connections at each step; collections, readings and
   * quiet window per step; whether the two heap snapshots (what a connection is made of) are taken.
   */
  gatewayMemory: { steps: number[]; gcs: number; samples: number; quietMs: number; snapshots: boolean };
}

export const FULL_SCALE: BenchScale = {
  name: "full",
  journal: FULL_JOURNAL,
  deepPage: 10_000,
  samples: 300,
  walkRows: 1_000_000,
  exportRows: [100_000, 1_000_000],
  importRows: 100_000,
  load: { connections: 200, seconds: 30 },
  signInRuns: 7,
  sdkCalls: 1_000,
  forwardFrames: 20_000,
  ingest: { connections: 10_000, seconds: 60, warmupSeconds: 10, pacedSeconds: 40 },
  commands: { terminals: 10_000, commands: 20_000 },
  attachments: { terminals: 50, alarmsEach: 2, photoBytes: 200 * 1024, clipBytes: 2 * 1024 * 1024 },
  gatewayMemory: { steps: [0, 2_500, 5_000, 7_500, 10_000], gcs: 3, samples: 5, quietMs: 500, snapshots: true },
};

export const SMOKE_SCALE: BenchScale = {
  name: "smoke",
  journal: { vins: 11, rows: 3_100, hotRows: 2_100 },
  deepPage: 50,
  samples: 10,
  walkRows: 2_000,
  exportRows: [200, 1_000],
  importRows: 30,
  load: { connections: 4, seconds: 1 },
  signInRuns: 1,
  sdkCalls: 20,
  forwardFrames: 300,
  ingest: { connections: 20, seconds: 1, warmupSeconds: 0.5, pacedSeconds: 1.5 },
  commands: { terminals: 20, commands: 40 },
  attachments: { terminals: 3, alarmsEach: 1, photoBytes: 20 * 1024, clipBytes: 200 * 1024 },
  // Smoke: no heap snapshots (seconds each on a busy machine); the full run takes them.
  gatewayMemory: { steps: [0, 10, 20, 40], gcs: 2, samples: 3, quietMs: 100, snapshots: false },
};

/** Where a case runs: its scale, the databases it may use, a scratch folder, a logger. */
export interface BenchEnv {
  scale: BenchScale;
  /** Engines to measure on; "postgres" only when a server URL is known. */
  engines: Engine[];
  /** Admin URL of a PostgreSQL server (creates the benchmark databases), when there is one. */
  postgresUrl?: string | undefined;
  /** Scratch folder (data folders, built console, files); kept between runs for reuse. */
  workDir: string;
  log(line: string): void;
}

/** "10,000,000" style numbers for sizes. */
export const n = (x: number) => x.toLocaleString("en-US");
