import path from "node:path";
import { Client } from "pg";
import { startServer } from "../../../apps/server/src/start";
import { fillJournal, journalDataPresent } from "./journalData";
import type { BenchEnv, Engine } from "./types";

/** Where a benchmark database lives: a PGlite folder or a database on the PostgreSQL server. */
export interface DatabaseLocation {
  engine: Engine;
  dataDir: string;
  databaseUrl: string | undefined;
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

/**
 * A named benchmark database on the engine; `fresh` drops what a previous run left. PGlite
 * lives in `<workDir>/<name>-pglite`; PostgreSQL gets database `tsp_bench_<name>`.
 */
export async function benchDatabase(
  env: BenchEnv,
  engine: Engine,
  name: string,
  fresh: boolean,
): Promise<DatabaseLocation> {
  const dataDir = path.join(env.workDir, `${name}-${engine}`);
  if (engine === "pglite") {
    if (fresh) {
      const { rm } = await import("node:fs/promises");
      await rm(dataDir, { recursive: true, force: true });
    }
    return { engine, dataDir, databaseUrl: undefined };
  }
  const admin = env.postgresUrl;
  if (!admin) throw new Error("no PostgreSQL server (TEST_DATABASE_URL) for the postgres engine");
  const db = `tsp_bench_${name.replace(/\W/g, "_")}`;
  await withClient(admin, async (c) => {
    if (fresh) await c.query(`drop database if exists ${db} with (force)`);
    const exists = await c.query("select 1 from pg_database where datname = $1", [db]);
    if (exists.rowCount === 0) await c.query(`create database ${db}`);
  });
  const url = new URL(admin);
  url.pathname = `/${db}`;
  return { engine, dataDir: path.join(env.workDir, `${name}-postgres-objects`), databaseUrl: url.toString() };
}

/**
 * The journal database of the run: the server's migrations and demo seed (by starting the
 * server once), then the journal data set filled by SQL (`journalData.ts`). Reused when a
 * previous run left the same data set.
 */
export async function journalDatabase(env: BenchEnv, engine: Engine): Promise<DatabaseLocation> {
  const name = `journal-${env.scale.name}`;
  const open = (at: DatabaseLocation) =>
    startServer(
      { host: "127.0.0.1", port: 0, dataDir: at.dataDir, databaseUrl: at.databaseUrl, consoleDir: undefined },
      { logger: false },
    );
  let location = await benchDatabase(env, engine, name, false);
  let server = await open(location);
  try {
    if (await journalDataPresent(server.db, env.scale.journal)) {
      env.log(`${engine}: journal data set already there (${name})`);
      return location;
    }
    const leftovers = await server.db
      .selectFrom("vehicle")
      .select("vin")
      .where("vin", "like", "LBENCH%")
      .executeTakeFirst();
    if (leftovers) {
      // A data set of another size or an interrupted fill: start from an empty database.
      await server.close();
      location = await benchDatabase(env, engine, name, true);
      server = await open(location);
    }
    const { seconds } = await fillJournal(server.db, env.scale.journal, (l) => env.log(`${engine}: ${l}`));
    env.log(`${engine}: journal data set filled in ${seconds.toFixed(1)} s`);
    return location;
  } finally {
    await server.close();
  }
}
