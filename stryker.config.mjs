// @ts-check
/**
 * Mutation testing of the code that guards data and access (issue 22): `npm run mutation`.
 * Not part of `npm test` (a run of the whole scope takes hours on 2 cores). `npm run mutation`
 * runs the two sides one after the other: MUTATION_PART=sdk (the SDK runtime and the SDK's
 * tests) and MUTATION_PART=server (the server scope, with the server's and tests/'s suites).
 * Incremental: the result of every mutant is kept in reports/stryker-incremental-<side>.json
 * (committed, so everyone starts from the last measured state), and a re-run tests only
 * mutants in changed code or covered by changed tests. `--mutate <file>` narrows a run.
 * The sandbox lives under .tmp/ (git-ignored); nothing is mutated in the working tree.
 */
const part = process.env.MUTATION_PART;

const sdkScope = ["packages/sdk/src/runtime.ts"];
const serverScope = [
  "apps/server/src/platform/**/*.ts",
  "apps/server/src/services/b-iam-account/**/*.ts",
  "apps/server/src/services/object-store/**/*.ts",
  // The journals' cursor and tenant visibility.
  "apps/server/src/services/tsp-hbase-proxy/cursor.ts",
  "apps/server/src/services/tsp-hbase-proxy/journalQuery.ts",
  // tsp-bss's export and import paths.
  "apps/server/src/services/tsp-bss/ner/exports.ts",
  "apps/server/src/services/tsp-bss/ner/imports.ts",
  "apps/server/src/services/tsp-bss/ner/modelImport.ts",
  "apps/server/src/services/tsp-bss/ner/upload.ts",
  "apps/server/src/services/tsp-bss/ner/sheet.ts",
  "!apps/server/src/**/*.test.ts",
  "!apps/server/src/**/migrations/**",
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: "npm",
  testRunner: "vitest",
  vitest: { configFile: "stryker.vitest.config.ts", related: false },
  checkers: ["typescript"],
  tsconfigFile: part === "sdk" ? "packages/sdk/tsconfig.json" : "tsconfig.stryker.json",
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: "perTest",
  mutate: part === "sdk" ? sdkScope : part === "server" ? serverScope : [...sdkScope, ...serverScope],
  incremental: true,
  // One file per side, so a run of one side never drops the other side's results.
  incrementalFile: `reports/stryker-incremental-${part ?? "all"}.json`,
  // The machine's 2 cores are shared: one test process, one checker.
  concurrency: 1,
  timeoutMS: 60_000,
  // The first run executes every selected suite once (PGlite servers included): minutes, not 5.
  dryRunTimeoutMinutes: 60,
  tempDirName: ".tmp/stryker",
  // Not copied into the sandbox: build and test output that other runs write meanwhile.
  ignorePatterns: [
    // Test and bench scratch (tens of GB of browser-test data on a busy machine).
    ".tmp",
    "test-results",
    "playwright-report",
    "coverage",
    ".data",
    "dist",
    "bench-out",
    "reports",
    "*.tsbuildinfo",
  ],
  cleanTempDir: "always",
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: ".tmp/mutation/mutation.json" },
  thresholds: { high: 95, low: 90, break: null },
};
