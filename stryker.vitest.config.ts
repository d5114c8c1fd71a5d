import { defineConfig } from "vitest/config";

/**
 * The tests `npm run mutation` (StrykerJS, stryker.config.mjs) runs against each mutant: the
 * suites that guard the mutation scope, without the ones that need a browser (sdk
 * browser.test.ts) or run for minutes (robustness: bad input, crash, load), which `npm test`
 * keeps running. MUTATION_PART (sdk | server) narrows it to one side, as in stryker.config.mjs.
 */
const part = process.env.MUTATION_PART;
const sdk = {
  test: {
    name: "sdk",
    root: "packages/sdk",
    environment: "node",
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    // browser.test.ts needs Chromium; package.test.ts measures the bundle, which Stryker's
    // instrumentation inflates (every mutant is compiled in).
    exclude: ["test/browser.test.ts", "test/package.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
};
const server = {
  resolve: { conditions: ["source"] },
  test: {
    name: "server",
    root: "apps/server",
    environment: "node",
    // MUTATION_SERVER (comma-separated globs under apps/server/) narrows these likewise.
    include: process.env.MUTATION_SERVER?.split(",") ?? ["src/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
};
const cross = {
  resolve: { conditions: ["source"] },
  test: {
    name: "cross",
    root: "tests",
    environment: "node",
    // MUTATION_CROSS (comma-separated globs under tests/) narrows these for a quick partial run.
    include: process.env.MUTATION_CROSS?.split(",") ?? ["security/**/*.test.ts", "contract/**/*.test.ts"],
    exclude: ["contract/bench-smoke.test.ts", "contract/bench-smoke-rest.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
};

export default defineConfig({
  test: { projects: part === "sdk" ? [sdk] : part === "server" ? [server, cross] : [sdk, server, cross] },
});
