// `npm run gateway`: the GB/T 32960 and JT/T 808 gateway alone (README "Gateway (GB/T 32960,
// JT/T 808) and fleet simulator"). State lives only in the database, so several gateways may
// share one PostgreSQL (DATABASE_URL).
import path from "node:path";
import type { Kysely } from "kysely";
import { readConfig } from "../config";
import { openDatabase } from "../db/database";
import { migrateToLatest } from "../db/migrate";
import { ObjectStore } from "../platform/objectStore";
import { serviceModules } from "../services";
import { attachmentHost, attachmentPort, gatewayPort, gatewayWriters, hj1239Port, jt808Port } from "./config";
import { startGateway } from "./gatewayServer";

const config = readConfig(process.env, process.cwd());
const port = gatewayPort(process.env) ?? 32960;
// JT808_PORT= (empty) runs GB/T 32960 only.
const port808 = process.env.JT808_PORT === undefined ? 8808 : jt808Port(process.env);
// HJ1239_PORT= (empty) turns HJ 1239 off.
const port1239 = process.env.HJ1239_PORT === undefined ? 1239 : hj1239Port(process.env);
// ATTACHMENT_PORT= (empty) turns the 苏标 attachment server off.
const portAttachments = process.env.ATTACHMENT_PORT === undefined ? 8809 : attachmentPort(process.env);
const hostAttachments = attachmentHost(process.env);
const opened = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(opened.db as Kysely<unknown>, serviceModules);
const gateway = await startGateway(opened.db, {
  host: config.host,
  port,
  // The server's object store (same DATA_DIR): multimedia uploads are private objects it serves.
  objects: new ObjectStore(path.join(config.dataDir, "objects")),
  writers: gatewayWriters(process.env, opened.kind),
  ...(port808 === undefined ? {} : { jt808Port: port808 }),
  ...(port1239 === undefined ? {} : { hj1239Port: port1239 }),
  ...(portAttachments === undefined ? {} : { attachmentPort: portAttachments }),
  ...(hostAttachments === undefined ? {} : { attachmentHost: hostAttachments }),
});
console.log(
  `GB/T 32960 gateway listening on tcp://${gateway.host}:${gateway.port}${gateway.jt808Port ? `, JT/T 808 on tcp://${gateway.host}:${gateway.jt808Port}` : ""}${gateway.hj1239Port ? `, HJ 1239 on tcp://${gateway.host}:${gateway.hj1239Port}` : ""}${gateway.attachmentPort ? `, 苏标 attachments on tcp://${gateway.host}:${gateway.attachmentPort}` : ""} (database: ${opened.kind === "postgres" ? "DATABASE_URL" : `PGlite in ${config.dataDir}`})`,
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
