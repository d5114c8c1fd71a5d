import { randomBytes } from "node:crypto";
import { Client } from "pg";
import type { SeedOptions } from "../seed/seed";
import { type RunningServer, startServer } from "../start";

/**
 * Which database a test run uses: PGlite in memory (default), or — in the Vitest project
 * "postgres" (TSP_TEST_ENGINE=postgres) — a fresh database on the PostgreSQL server of
 * TEST_DATABASE_URL (scripts/ci-postgres.sh starts one). Without the URL on a developer
 * machine the PostgreSQL run is skipped with a printed notice.
 */
export function testEngine(): { kind: "pglite" | "postgres"; skip: boolean } {
  if (process.env.TSP_TEST_ENGINE !== "postgres") return { kind: "pglite", skip: false };
  if (process.env.TEST_DATABASE_URL) return { kind: "postgres", skip: false };
  if (process.env.TSP_REQUIRE_POSTGRES) throw new Error("TSP_REQUIRE_POSTGRES is set but TEST_DATABASE_URL is not");
  console.warn(
    "NOTICE: TEST_DATABASE_URL is not set — the PostgreSQL-server run of the server tests is skipped (source scripts/ci-postgres.sh to run it).",
  );
  return { kind: "postgres", skip: true };
}

export interface TestServer extends RunningServer {
  /** Closes the server and drops its database (PostgreSQL). */
  stop(): Promise<void>;
}

/**
 * A server on 127.0.0.1, a free port, a fresh database (one PGlite instance per test file, or
 * a new database on the PostgreSQL server), seeded with the demo set.
 */
export async function startTestServer(options: { seed?: SeedOptions; now?: () => Date } = {}): Promise<TestServer> {
  const engine = testEngine();
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  if (engine.kind === "postgres" && process.env.TEST_DATABASE_URL) {
    const admin = process.env.TEST_DATABASE_URL;
    const name = `tsp_test_${randomBytes(6).toString("hex")}`;
    await withClient(admin, (c) => c.query(`create database ${name}`));
    const url = new URL(admin);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = () =>
      withClient(admin, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined);
  }
  const server = await startServer(
    { host: "127.0.0.1", port: 0, dataDir: "memory://", databaseUrl, consoleDir: undefined },
    { ...(options.seed ? { seed: options.seed } : {}), ...(options.now ? { now: options.now } : {}) },
  );
  return {
    ...server,
    stop: async () => {
      await server.close();
      await drop?.();
    },
  };
}

async function withClient<T>(url: string, run: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
