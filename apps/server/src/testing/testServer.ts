import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { Client } from "pg";
import { openDatabase } from "../db/database";
import { migrateToLatest } from "../db/migrate";
import { Secrets } from "../platform/secrets";
import type { SeedOptions } from "../seed/seed";
import { serviceModules } from "../services";
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
 * Seeded PGlite clusters kept by this worker, by seed options. Seeding the demo set is most of
 * a test server's start (about 2.8 s of 3.8 s on this 2-core machine; loading the dump takes
 * 0.8 s), and the server, cross and postgres projects run with `isolate: false`, so this map
 * lives as long as the worker and serves every later file with the same options.
 *
 * The seed writes "live" rows relative to the clock (frames of the last minutes, vehicles online
 * or stale), so an image is only reused while it is younger than
 * `TSP_TEST_SEED_IMAGE_MAX_AGE_MS` (default 60 s — no older than the seed a single long file
 * such as the bad-input suite already works on at its end); 0 turns the reuse off. A start
 * with its own clock (`now`) always seeds afresh, on that clock.
 */
const seededImages = new Map<string, { image: Blob; madeAt: number }>();
const IMAGE_MAX_AGE_MS = Number(process.env.TSP_TEST_SEED_IMAGE_MAX_AGE_MS ?? 60_000);

/**
 * A server on 127.0.0.1, a free port, a fresh database (one PGlite instance per test file, or
 * a new database on the PostgreSQL server), seeded with the demo set — on PGlite from a
 * recent seeded image of this worker when there is one (see `seededImages`).
 */
export async function startTestServer(options: { seed?: SeedOptions; now?: () => Date } = {}): Promise<TestServer> {
  const engine = testEngine();
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  let fromTemplate = false;
  if (engine.kind === "postgres" && process.env.TEST_DATABASE_URL) {
    const admin = process.env.TEST_DATABASE_URL;
    const name = `tsp_test_${randomBytes(6).toString("hex")}`;
    const template = options.now || IMAGE_MAX_AGE_MS <= 0 ? undefined : await seededTemplate(admin, options.seed);
    await withClient(admin, (c) => c.query(`create database ${name}${template ? ` template ${template}` : ""}`));
    fromTemplate = template !== undefined;
    const url = new URL(admin);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = () =>
      withClient(admin, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined);
  }
  const imageKey =
    !databaseUrl && !options.now && IMAGE_MAX_AGE_MS > 0 ? JSON.stringify(options.seed ?? {}) : undefined;
  const kept = imageKey === undefined ? undefined : seededImages.get(imageKey);
  const fresh = kept && Date.now() - kept.madeAt < IMAGE_MAX_AGE_MS ? kept : undefined;
  const madeAt = Date.now();
  // Without a seeded image, a PGlite database still starts from the migrated schema.
  const schema = databaseUrl || fresh ? undefined : await migratedSchemaImage();
  const server = await startServer(
    { host: "127.0.0.1", port: 0, dataDir: "memory://", databaseUrl, consoleDir: undefined },
    {
      ...(options.seed ? { seed: options.seed } : {}),
      ...(options.now ? { now: options.now } : {}),
      ...(fresh ? { memoryImage: fresh.image } : { captureImage: imageKey !== undefined }),
      ...(schema ? { memoryImage: schema } : {}),
    },
  );
  if (imageKey !== undefined && server.image) seededImages.set(imageKey, { image: server.image, madeAt });
  return {
    ...server,
    // A database started from a seeded image holds the demo set as much as a freshly seeded one.
    seeded: server.seeded || fresh !== undefined || fromTemplate,
    stop: async () => {
      await server.close();
      await drop?.();
    },
  };
}

/**
 * The PGlite cluster with every migration applied, the server's keys made and nothing seeded,
 * made once per worker.
 * Most test files seed their own sizes (or their own clock), so they seldom find a seeded image;
 * without this each of them ran all migrations again (about 6.5 s of a start at load 3; the
 * seed itself is the rest). The schema does not depend on the clock or the seed, so one image
 * serves the worker's whole life; `migrateToLatest` then finds nothing to do.
 */
let migratedSchema: Promise<Blob | undefined> | undefined;

function migratedSchemaImage(): Promise<Blob | undefined> {
  migratedSchema ??= (async () => {
    const opened = await openDatabase({ dataDir: "memory://" });
    try {
      await migrateToLatest(opened.db as Kysely<unknown>, serviceModules);
      // The server's keys too: an RSA key pair costs up to a second at this machine's load. The
      // test servers of one worker then share their keys; no test file starts two servers.
      await Secrets.load(opened.db);
      return await opened.dump?.();
    } finally {
      await opened.close();
    }
  })();
  return migratedSchema;
}

/**
 * On PostgreSQL the same idea as `seededImages`: a database seeded once by this worker and
 * used as the TEMPLATE of each test database (a file copy inside the server) while younger than
 * the same age limit. The template is seeded by a server start that is closed again, so no
 * connection holds it when it is copied. Its name carries its birth time: a newer template
 * drops those older than ten minutes — a replaced one of this worker, or one left by a worker
 * that ended (a developer's long-lived TEST_DATABASE_URL must not fill up with them).
 */
const pgTemplates = new Map<string, { name: string; madeAt: number }>();
const TEMPLATE_PREFIX = "tsp_test_tpl_";

async function seededTemplate(admin: string, seed: SeedOptions | undefined): Promise<string> {
  const key = JSON.stringify(seed ?? {});
  const kept = pgTemplates.get(key);
  if (kept && Date.now() - kept.madeAt < IMAGE_MAX_AGE_MS) return kept.name;
  const madeAt = Date.now();
  const name = `${TEMPLATE_PREFIX}${madeAt}_${randomBytes(4).toString("hex")}`;
  await withClient(admin, async (c) => {
    const old = await c.query<{ datname: string }>("select datname from pg_database where datname like $1", [
      `${TEMPLATE_PREFIX}%`,
    ]);
    for (const { datname } of old.rows) {
      const born = Number(datname.slice(TEMPLATE_PREFIX.length).split("_")[0]);
      if (madeAt - born > 10 * 60_000 || datname === kept?.name) {
        await c.query(`drop database if exists ${datname} with (force)`);
      }
    }
    await c.query(`create database ${name}`);
  });
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const seeding = await startServer(
    { host: "127.0.0.1", port: 0, dataDir: "memory://", databaseUrl: url.toString(), consoleDir: undefined },
    seed ? { seed } : {},
  );
  await seeding.close();
  pgTemplates.set(key, { name, madeAt });
  return name;
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
