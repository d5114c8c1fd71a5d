import { defineProject } from "vitest/config";

export default defineProject({
  resolve: { conditions: ["source"] },
  test: {
    name: "server",
    environment: "node",
    include: ["src/**/*.test.ts"],
    // One module graph per worker, not per file: importing the server (every service, the
    // OpenAPI documents, PGlite) costs ~3.5 s a file and each file starts servers of its own from
    // a ctx, never module state. The whole server and cross projects passed this way (2026-11-24).
    isolate: false,
    testTimeout: 30_000,
    // A test server (PGlite start, migrations, seed) takes ~5 s alone, longer beside another worker.
    hookTimeout: 120_000,
  },
});
