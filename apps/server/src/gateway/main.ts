// `npm run gateway`: the GB/T 32960 gateway alone (README "GB/T 32960 gateway"). State lives
// only in the database, so several gateways may share one PostgreSQL (DATABASE_URL).
import type { Kysely } from "kysely";
import { readConfig } from "../config";
import { openDatabase } from "../db/database";
import { migrateToLatest } from "../db/migrate";
import { serviceModules } from "../services";
import { gatewayPort } from "./config";
import { startGateway } from "./gatewayServer";

const config = readConfig(process.env, process.cwd());
const port = gatewayPort(process.env) ?? 32960;
const opened = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(opened.db as Kysely<unknown>, serviceModules);
const gateway = await startGateway(opened.db, { host: config.host, port });
console.log(
  `GB/T 32960 gateway listening on tcp://${gateway.host}:${gateway.port} (database: ${opened.kind === "postgres" ? "DATABASE_URL" : `PGlite in ${config.dataDir}`})`,
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    gateway
      .close()
      .then(() => opened.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
