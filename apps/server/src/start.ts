import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { buildApp } from "./app";
import type { ServerConfig } from "./config";
import type { AppContext } from "./context";
import { openDatabase } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import type { Database } from "./db/schema";
import { loadDocuments } from "./openapi/documents";
import { listOperations } from "./openapi/operations";
import { authenticateToken } from "./platform/auth";
import { ExportQueue } from "./platform/exports/queue";
import { ImportQueue } from "./platform/imports/queue";
import { ObjectStore } from "./platform/objectStore";
import { Secrets } from "./platform/secrets";
import { type SeedOptions, seedIfEmpty } from "./seed/seed";
import { serviceModules } from "./services";
import type { ServiceModule } from "./services/types";

export interface RunningServer {
  app: FastifyInstance;
  db: Kysely<Database>;
  ctx: AppContext;
  url: string;
  seeded: boolean;
  /** With `captureImage`, after a fresh seed of an in-memory PGlite: the seeded cluster's dump. */
  image?: Blob;
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: boolean;
  /** Folder of the OpenAPI documents (default: the repository's openapi/). */
  openapiDir?: string;
  /** Modules to plug in (default: `services/index.ts`). */
  modules?: readonly ServiceModule[];
  seed?: SeedOptions;
  /** Clock override for tests. */
  now?: () => Date;
  /**
   * Tests: an in-memory database starts from this dump of a seeded cluster (made by an earlier
   * start with `captureImage`), so migrations and the seed find their work done.
   */
  memoryImage?: Blob;
  /** Tests: after seeding an in-memory PGlite, dump it (before any request) into `image`. */
  captureImage?: boolean;
  /**
   * Under WORKERS=n (workers.ts), this process's number 1..n: its answers carry
   * `x-tsp-worker`, and only worker 1 (started alone, before the others) marks the export tasks
   * a previous run left running as interrupted — a later worker would fail its siblings' tasks.
   */
  worker?: number;
}

/** Opens (and on first start creates and seeds) the database, then listens. */
export async function startServer(config: ServerConfig, options: StartOptions = {}): Promise<RunningServer> {
  const modules = options.modules ?? serviceModules;
  const operations = listOperations(loadDocuments(options.openapiDir));
  const opened = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    memoryImage: options.memoryImage,
  });
  await migrateToLatest(opened.db as Kysely<unknown>, modules);
  const now = options.now ?? (() => new Date());
  const secrets = await Secrets.load(opened.db);
  const objectsRoot =
    config.dataDir === "memory://"
      ? mkdtempSync(path.join(os.tmpdir(), "tsp-objects-"))
      : path.join(config.dataDir, "objects");
  const exports = new ExportQueue();
  for (const m of modules) for (const [kind, e] of Object.entries(m.exporters ?? {})) exports.register(kind, e);
  const imports = new ImportQueue();
  for (const m of modules) for (const [kind, i] of Object.entries(m.importers ?? {})) imports.register(kind, i);
  const ctx: AppContext = {
    db: opened.db,
    dbKind: opened.kind,
    dataDir: config.dataDir,
    now,
    secrets,
    objects: new ObjectStore(objectsRoot),
    exports,
    imports,
    authenticate: (token) => authenticateToken(opened.db, token, now()),
  };
  const seeded = await seedIfEmpty(ctx, modules, operations, options.seed);
  const image = seeded && options.captureImage && opened.dump ? await opened.dump() : undefined;
  await exports.start(ctx, { recover: (options.worker ?? 1) === 1 });
  await imports.start(ctx, { recover: (options.worker ?? 1) === 1 });
  const app = await buildApp({
    ctx,
    operations,
    modules,
    openapiDir: options.openapiDir,
    consoleDir: config.consoleDir,
    logger: options.logger ?? false,
  });
  const worker = options.worker;
  if (worker !== undefined) {
    app.addHook("onSend", async (_req, reply) => {
      reply.header("x-tsp-worker", String(worker));
    });
  }
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  return {
    app,
    db: opened.db,
    ctx,
    url: `http://${config.host}:${port}/`,
    seeded,
    ...(image ? { image } : {}),
    close: async () => {
      await app.close();
      await exports.stop();
      await imports.stop();
      await opened.close();
    },
  };
}
