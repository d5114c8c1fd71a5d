import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect, PostgresDialect } from "kysely";
import { Pool } from "pg";
import { answerQueriesByCallback } from "./pgCallbackQueries";
import type { Database } from "./schema";

export interface OpenDatabaseOptions {
  /** PostgreSQL server URL; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Data folder for PGlite (`<dataDir>/pg`); "memory://" for an in-memory database. */
  dataDir: string;
  /**
   * For "memory://" only: start from this dump of a cluster (`dump()` of an earlier database,
   * e.g. a seeded one kept by the test harness) instead of the empty cluster.
   */
  memoryImage?: Blob | undefined;
}

export interface OpenedDatabase {
  db: Kysely<Database>;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /** PGlite only: the whole cluster as a tarball (what `memoryImage` takes back). */
  dump?: () => Promise<Blob>;
}

/**
 * One data layer (Kysely) over either engine: the same migrations and the same SQL run on
 * the embedded PGlite (default) and on a PostgreSQL server (DATABASE_URL).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client's error (server restart, admin termination) must not crash the process:
    // the pool drops that client and the next query opens a new connection.
    pool.on("error", (error) => {
      console.warn(`PostgreSQL idle connection lost: ${error.message}`);
    });
    // Kysely's reads through pg's callback form: flat memory on long walks (see the file).
    answerQueriesByCallback(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: "postgres", close: () => db.destroy() };
  }
  // Imported here: a server on PostgreSQL never loads PGlite (issue 21: idle RSS, start time).
  const { PGlite } = await import("@electric-sql/pglite");
  const { newMemoryPglite } = await import("./memoryPglite");
  let pglite: PGlite;
  if (options.dataDir === "memory://" && options.memoryImage) {
    pglite = new PGlite({ loadDataDir: options.memoryImage });
  } else if (options.dataDir === "memory://") {
    pglite = await newMemoryPglite();
  } else {
    const dir = path.join(options.dataDir, "pg");
    mkdirSync(dir, { recursive: true });
    pglite = new PGlite(dir);
  }
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    kind: "pglite",
    dump: () => pglite.dumpDataDir("none"),
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
