import path from "node:path";

/** Runtime settings of the reference server, all from the environment (README "Configuration"). */
export interface ServerConfig {
  host: string;
  port: number;
  /** Folder of the embedded database and the object store. */
  dataDir: string;
  /** When set, a PostgreSQL server is used instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  /** Built console to serve at "/"; absent in API-only runs. */
  consoleDir: string | undefined;
}

export function readConfig(env: NodeJS.ProcessEnv, cwd: string): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0..65535, got ${env.PORT}`);
  return {
    host: env.HOST ?? "127.0.0.1",
    port,
    dataDir: path.resolve(cwd, env.DATA_DIR ?? ".data"),
    databaseUrl: env.DATABASE_URL || undefined,
    consoleDir: path.resolve(cwd, env.CONSOLE_DIR ?? "apps/console/dist"),
  };
}
