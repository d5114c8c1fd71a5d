import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { buildApp } from "./app";
import type { ServerConfig } from "./config";
import { openDatabase } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import type { Database } from "./db/schema";
import { seedIfEmpty } from "./seed/seed";

export interface RunningServer {
  app: FastifyInstance;
  db: Kysely<Database>;
  url: string;
  seeded: boolean;
  close(): Promise<void>;
}

/** Opens (and on first start creates and seeds) the database, then listens. */
export async function startServer(config: ServerConfig, options: { logger?: boolean } = {}): Promise<RunningServer> {
  const opened = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(opened.db as never);
  const seeded = await seedIfEmpty(opened.db, new Date());
  const app = await buildApp({
    ctx: { db: opened.db, dbKind: opened.kind, dataDir: config.dataDir, now: () => new Date() },
    consoleDir: config.consoleDir,
    logger: options.logger ?? false,
  });
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  return {
    app,
    db: opened.db,
    url: `http://${config.host}:${port}/`,
    seeded,
    close: async () => {
      await app.close();
      await opened.close();
    },
  };
}
