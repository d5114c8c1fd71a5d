// Loaded with `--import` into the built server (apps/server/dist/server/main.mjs) that
// lib/serverProcess.ts forks for the benchmarks: answers the same IPC messages as serve.ts
// (memory, gc, stop) and says "ready" with the URL once the server prints it. Plain JavaScript:
// the built server runs without a TypeScript loader, as `npm start` runs it. In the workers of
// WORKERS=n (cluster) it does nothing: the primary is the process measured and stopped.
import cluster from "node:cluster";

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

if (cluster.isPrimary && process.send) {
  const log = console.log.bind(console);
  console.log = (...args) => {
    const match = /running at (http:\/\/[^\s/]+\/)/.exec(args.map(String).join(" "));
    // performance.now() counts from the process's start: open, migrate, seed if empty, listen.
    if (match)
      process.send?.({
        type: "ready",
        url: match[1],
        seeded: /created and seeded/.test(args.join(" ")),
        startMs: performance.now(),
        startCpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
        ...memory(),
      });
    if (process.env.LOG_LEVEL !== "silent") log(...args);
  };
  process.on("message", (message) => {
    if (message?.type === "memory") process.send?.({ type: "memory", ...memory() });
    if (message?.type === "gc") {
      globalThis.gc?.();
      process.send?.({ type: "memory", ...memory() });
    }
    // The server's own SIGTERM handling closes it (and, under WORKERS, its workers).
    if (message?.type === "stop") process.kill(process.pid, "SIGTERM");
  });
  process.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
}
