/**
 * The reference server in a child process of its own, for the cases that measure it from the
 * outside (loopback HTTP, peak RSS). Started by `lib/serverProcess.ts` with IPC; settings come
 * from the environment: BENCH_DATA_DIR (PGlite folder, or "memory://"), BENCH_DATABASE_URL
 * (PostgreSQL server instead), BENCH_CONSOLE_DIR (a built console to serve).
 */
import { startServer } from "../../apps/server/src/start";

const started = performance.now();
const server = await startServer(
  {
    host: "127.0.0.1",
    port: 0,
    dataDir: process.env.BENCH_DATA_DIR ?? "memory://",
    databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
    consoleDir: process.env.BENCH_CONSOLE_DIR || undefined,
  },
  { logger: false },
);

/** Resident memory now and at its peak (maxRSS), in bytes; the V8 heap for comparison. */
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

process.on("message", (message: { type: string }) => {
  if (message.type === "memory") process.send?.({ type: "memory", ...memory() });
  if (message.type === "gc") {
    (globalThis as { gc?: () => void }).gc?.();
    process.send?.({ type: "memory", ...memory() });
  }
  if (message.type === "stop") {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  }
});
process.on("disconnect", () => {
  server.close().finally(() => process.exit(0));
});
process.send?.({
  type: "ready",
  url: server.url,
  seeded: server.seeded,
  startMs: performance.now() - started,
  ...memory(),
});
