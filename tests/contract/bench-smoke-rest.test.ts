import { describeBenchSmoke, JOURNAL_CASES } from "./support/benchSmoke";

// The benchmarks with data of their own (imports, sign-in, memory, gateway, commands, forwarding).
describeBenchSmoke("own data", (c) => !JOURNAL_CASES.has(c.id), false);
