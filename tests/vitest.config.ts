import { defineProject } from "vitest/config";

// Cross-package tests: tooling rules, contract tests against the running server.
export default defineProject({
  resolve: { conditions: ["source"] },
  test: {
    name: "cross",
    environment: "node",
    include: ["tooling/**/*.test.ts", "contract/**/*.test.ts"],
    exclude: ["tooling/fixtures/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
