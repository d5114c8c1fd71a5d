import { defineProject } from "vitest/config";

export default defineProject({
  resolve: { conditions: ["source"] },
  test: {
    name: "server",
    environment: "node",
    include: ["src/**/*.test.ts"],
    testTimeout: 30_000,
    // A test server (PGlite start, migrations, seed) takes ~5 s alone, longer beside another worker.
    hookTimeout: 120_000,
  },
});
