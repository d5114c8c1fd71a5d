import { defineConfig } from "vitest/config";

/**
 * One Vitest run over every workspace (a project each) plus the cross-package tests.
 * Coverage thresholds are per package; later issues raise them (domain goes to 100 %).
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one file at a time on CI's two cores,
    // with a core idle while a file waits on its server, PGlite or the throw-away PostgreSQL.
    // Every file has its own server, database and port, so files may run side by side.
    maxWorkers: "100%",
    projects: [
      "packages/domain",
      "packages/sdk",
      "packages/ui",
      "apps/server",
      "apps/console",
      "tests",
      // The server's database tests again on a PostgreSQL server (TEST_DATABASE_URL: `npm test`
      // starts a throw-away one, scripts/throwaway-postgres.mjs); without it they skip with a notice.
      {
        resolve: { conditions: ["source"] },
        test: {
          name: "postgres",
          environment: "node",
          include: [
            "apps/server/src/app.test.ts",
            "apps/server/src/db/pgCallbackQueries.test.ts",
            "apps/server/src/gateway/**/*.test.ts",
            "tests/contract/**/*.test.ts",
          ],
          env: { TSP_TEST_ENGINE: "postgres" },
          // One module graph per worker, as in the server and cross projects.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
    coverage: {
      provider: "v8",
      reporter: ["text-summary", "json-summary", "html"],
      include: ["packages/*/src/**/*.{ts,tsx}", "apps/*/src/**/*.{ts,tsx}"],
      exclude: [
        "**/*.test.{ts,tsx}",
        "**/*.d.ts",
        "**/generated/**",
        "apps/console/src/main.tsx",
        "apps/server/src/main.ts",
      ],
      thresholds: {
        "packages/domain/src/**": { statements: 100, branches: 100, functions: 100, lines: 100 },
        "packages/sdk/src/**": { statements: 80, branches: 50, functions: 80, lines: 80 },
        "packages/ui/src/**": { statements: 80, branches: 70, functions: 80, lines: 80 },
        "apps/server/src/**": { statements: 70, branches: 40, functions: 70, lines: 70 },
        // The console's frame and logic (session, routing, shell, kit, i18n, permissions…) are
        // unit-tested here, with a floor at what they measure (2026-11-24: 57/63/49/56 %). Its
        // screens (routes/**, api/** — thin typed wrappers the screens call) are proven by the
        // Playwright suite against the real server, which v8 coverage here does not see; until
        // the browser suite reports its own coverage they have no floor in this run. (Before,
        // one floor over everything fell each time a screen came with browser tests only.)
        "apps/console/src/{app,config,format,i18n,kit,permission,routing,session,shell}/**": {
          statements: 55,
          branches: 60,
          functions: 45,
          lines: 54,
        },
      },
    },
  },
});
