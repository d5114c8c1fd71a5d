// `npm run forwarder`: the forwarder alone (docs/architecture.md "Forwarding"): it forwards the
// journal's frames to every enabled 转发平台账号 from the database the server uses (DATABASE_URL
// or the PGlite folder — PGlite is one process's: stop the server first, or use PostgreSQL).
import type { Kysely } from "kysely";
import { readConfig } from "../config";
import { openDatabase } from "../db/database";
import { migrateToLatest } from "../db/migrate";
import { Secrets } from "../platform/secrets";
import { serviceModules } from "../services";
import { forwarderOptionsFromEnv, startForwarder } from "./forwarder";

const config = readConfig(process.env, process.cwd());
const opened = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(opened.db as Kysely<unknown>, serviceModules);
const forwarder = startForwarder(opened.db, await Secrets.load(opened.db), forwarderOptionsFromEnv(process.env));
console.log(
  `Forwarder running (database: ${opened.kind === "postgres" ? "DATABASE_URL" : `PGlite in ${config.dataDir}`})`,
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    forwarder
      .stop()
      .then(() => opened.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
