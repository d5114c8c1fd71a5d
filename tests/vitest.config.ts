import { defineProject } from "vitest/config";

// Cross-package tests: tooling rules, contract tests against the running server,
// robustness (bad input, crashes, load) and security (authorisation, sign-in, uploads).
export default defineProject({
  resolve: { conditions: ["source"] },
  test: {
    name: "cross",
    environment: "node",
    include: ["tooling/**/*.test.ts", "contract/**/*.test.ts", "robustness/**/*.test.ts", "security/**/*.test.ts"],
    exclude: ["tooling/fixtures/**"],
    // One module graph per worker (see apps/server/vitest.config.ts): every file starts its own servers.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
