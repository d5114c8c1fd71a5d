import { describeBenchSmoke, JOURNAL_CASES } from "./support/benchSmoke";

// The benchmarks that read the journal data set (filled once for them); the rest are in
// bench-smoke-rest.test.ts, so the two halves run on Vitest's two workers side by side.
describeBenchSmoke("journal data set", (c) => JOURNAL_CASES.has(c.id), true);
