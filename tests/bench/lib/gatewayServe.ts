/**
 * The reference server with its GB/T 32960 gateway in the same process (as `npm start` runs
 * them), in a child process of its own for the gateway benchmarks (ingest, commands): started
 * by `gatewayProcess.ts` with IPC. Settings from the environment: BENCH_DATA_DIR (PGlite folder,
 * or "memory://"), BENCH_DATABASE_URL (PostgreSQL instead), BENCH_VEHICLES (vehicles of the
 * demo tenant to add with `benchVin(i, BENCH_VIN_SERIES)`: the gateway answers VIN未知 to others).
 */
import { sql } from "kysely";
import { gatewayWriters } from "../../../apps/server/src/gateway/config";
import { startGateway } from "../../../apps/server/src/gateway/gatewayServer";
import { ObjectStore } from "../../../apps/server/src/platform/objectStore";
import { startServer } from "../../../apps/server/src/start";
import { insertVehicles } from "./journalData";

const server = await startServer(
  {
    host: "127.0.0.1",
    port: 0,
    dataDir: process.env.BENCH_DATA_DIR ?? "memory://",
    databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
    consoleDir: undefined,
  },
  { logger: false },
);
const vehicles = Number(process.env.BENCH_VEHICLES ?? "0");
const series = Number(process.env.BENCH_VIN_SERIES ?? "7");
if (vehicles > 0) await insertVehicles(server.db, vehicles, series);
const gateway = await startGateway(server.db, {
  port: 0,
  host: "127.0.0.1",
  // The load keeps every connection busy; nothing here is idle or slow-loris.
  idleTimeoutMs: 600_000,
  commandPollMs: Number(process.env.BENCH_COMMAND_POLL_MS ?? "1000"),
  // As `npm start` runs it: GATEWAY_WRITERS lanes on PostgreSQL (default 4), one on PGlite.
  writers: gatewayWriters(process.env, server.ctx.dbKind),
  // BENCH_ATTACHMENTS_DIR: the 苏标 attachment server too, its objects in that folder (attachments case).
  ...(process.env.BENCH_ATTACHMENTS_DIR
    ? { attachmentPort: 0, objects: new ObjectStore(process.env.BENCH_ATTACHMENTS_DIR) }
    : {}),
});

function memory() {
  const usage = process.memoryUsage();
  return {
    rss: usage.rss,
    maxRss: process.resourceUsage().maxRSS * 1024,
    heapUsed: usage.heapUsed,
    heapTotal: usage.heapTotal,
    external: usage.external,
  };
}

type Message = { type: string; id?: number; sql?: string };

process.on("message", (m: Message) => {
  const reply = (body: object) => process.send?.({ id: m.id, ...body });
  if (m.type === "memory") reply({ type: "memory", ...memory() });
  if (m.type === "gc") {
    (globalThis as { gc?: () => void }).gc?.();
    reply({ type: "memory", ...memory() });
  }
  if (m.type === "cpu") reply({ type: "cpu", ...process.cpuUsage(), connections: gateway.connections() });
  if (m.type === "query" && m.sql) {
    // Bench-only read-backs (row counts, EXPLAIN): PGlite lives in this process.
    sql
      .raw(m.sql)
      .execute(server.db)
      .then(
        (r) => reply({ type: "rows", rows: r.rows }),
        (e: unknown) => reply({ type: "rows", error: String(e) }),
      );
  }
  if (m.type === "stop") {
    gateway
      .close()
      .then(() => server.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  }
});
process.on("disconnect", () => {
  gateway
    .close()
    .then(() => server.close())
    .finally(() => process.exit(0));
});
process.send?.({
  type: "ready",
  url: server.url,
  gatewayPort: gateway.port,
  attachmentPort: gateway.attachmentPort,
  ...memory(),
});
