/**
 * The gateway alone in a process of its own, as `npm run gateway` runs it (gateway/main.ts:
 * `startGateway` with GATEWAY_WRITERS lanes on the opened database; the migration is left to the
 * case, which prepared the database) and nothing else — no HTTP server, no fleet simulator — for
 * the gateway memory benchmark (`cases/gatewayMemory.ts`).
 * Started by `forkChild` (with --expose-gc) on a database the case prepared (the demo seed and
 * the bench vehicles). Settings: BENCH_DATA_DIR (PGlite folder) or BENCH_DATABASE_URL.
 *
 * - `settle {gcs, quietMs, samples, gapMs}`: forces `gcs` collections, waits until the process
 *   used under 5 % of a core over `quietMs` (at most 10 s), then takes `samples` readings of
 *   RSS and the V8 heap, each after one more collection, `gapMs` apart; answers them all.
 * - `snapshot {file}`: writes a V8 heap snapshot there (after a collection).
 * - `stop`: closes the gateway and the database and exits.
 */
import { writeHeapSnapshot } from "node:v8";
import { openDatabase } from "../../../apps/server/src/db/database";
import { gatewayWriters } from "../../../apps/server/src/gateway/config";
import { startGateway } from "../../../apps/server/src/gateway/gatewayServer";

const opened = await openDatabase({
  databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  dataDir: process.env.BENCH_DATA_DIR ?? "memory://",
});
// The case migrated and seeded the database (by starting the server once): no service module is
// loaded here, so the heap is the gateway's own.
const gateway = await startGateway(opened.db, {
  host: "127.0.0.1",
  port: 0,
  // Idle connections are the point here: none may be closed for silence during the run.
  idleTimeoutMs: 3_600_000,
  writers: gatewayWriters(process.env, opened.kind),
});

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function reading() {
  const m = process.memoryUsage();
  return {
    rss: m.rss,
    heapUsed: m.heapUsed,
    heapTotal: m.heapTotal,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
  };
}

/** Waits until a `windowMs` window cost under 5 % of a core (the last logins' writes and timers done), at most 10 s. */
async function quiet(windowMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const before = process.cpuUsage();
    await pause(windowMs);
    const used = process.cpuUsage(before);
    if ((used.user + used.system) / 1000 < windowMs * 0.05 || Date.now() - started > 10_000)
      return Date.now() - started;
  }
}

type Message = {
  type: string;
  id?: number;
  gcs?: number;
  quietMs?: number;
  samples?: number;
  gapMs?: number;
  file?: string;
};

process.on("message", (m: Message) => {
  const reply = (body: object) => process.send?.({ id: m.id, ...body });
  if (m.type === "settle") {
    void (async () => {
      for (let i = 0; i < (m.gcs ?? 3); i++) {
        gc();
        await pause(20);
      }
      const waitedMs = await quiet(m.quietMs ?? 500);
      const samples: ReturnType<typeof reading>[] = [];
      for (let i = 0; i < (m.samples ?? 5); i++) {
        gc();
        samples.push(reading());
        await pause(m.gapMs ?? 100);
      }
      reply({ type: "settled", samples, waitedMs, connections: gateway.connections() });
    })();
  }
  if (m.type === "snapshot" && m.file) {
    gc();
    writeHeapSnapshot(m.file);
    reply({ type: "snapshot", connections: gateway.connections() });
  }
  if (m.type === "stop") {
    gateway
      .close()
      .then(() => opened.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  }
});
process.on("disconnect", () => {
  gateway
    .close()
    .then(() => opened.close())
    .finally(() => process.exit(0));
});
process.send?.({ type: "ready", gatewayPort: gateway.port, kind: opened.kind });
