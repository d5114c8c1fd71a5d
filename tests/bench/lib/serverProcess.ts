import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** The repository root (tests/bench/lib → ../../..). */
export const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");

/** Memory of the server process, bytes. `maxRss` is the peak since it started. */
export interface ServerMemory {
  rss: number;
  maxRss: number;
  heapUsed: number;
  /** V8 heap reserved (used + free pages). */
  heapTotal: number;
  /** Memory of C++ objects bound to JS (Buffers, WebAssembly memories count in RSS but not here). */
  external: number;
}

/** A reference server running in its own process (`tests/bench/serve.ts`). */
export interface ServerProcess {
  url: string;
  pid: number;
  seeded: boolean;
  /** Wall time from process start to listening (open, migrate, seed if empty). */
  startMs: number;
  /** CPU time (user + system) of the process until listening: the start's cost whatever else runs (built server only). */
  startCpuMs?: number;
  memory(): Promise<ServerMemory>;
  /** Runs a full GC first (the child runs with --expose-gc), then reports memory. */
  memoryAfterGc(): Promise<ServerMemory>;
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /** PGlite data folder, or "memory://". */
  dataDir?: string;
  /** A PostgreSQL database URL; when set, PGlite is not used. */
  databaseUrl?: string | undefined;
  /** A built console folder to serve at "/". */
  consoleDir?: string;
  /**
   * Run the built server (apps/server/dist/server/main.mjs, built first when out of date) as
   * `npm start` does — no TypeScript loader — instead of tests/bench/serve.ts under tsx.
   */
  built?: boolean;
  /** With `built`: WORKERS (n server processes on one port; PostgreSQL only). Memory is the primary's. */
  workers?: number;
}

/** Builds the server bundle once per benchmark process (scripts/build-server.mjs skips nothing: ~2 s). */
let bundleBuilt: Promise<void> | undefined;
function buildBundle(): Promise<void> {
  bundleBuilt ??= new Promise((resolve, reject) => {
    const child = fork(path.join(REPO_ROOT, "scripts/build-server.mjs"), [], { cwd: REPO_ROOT, stdio: "ignore" });
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`build-server exited ${code}`))));
  });
  return bundleBuilt;
}

/** The built server's process: main.mjs with the IPC harness (tests/bench/builtHarness.mjs). */
async function forkBuilt(options: ServerProcessOptions): Promise<ChildProcess> {
  await buildBundle();
  return fork(path.join(REPO_ROOT, "apps/server/dist/server/main.mjs"), [], {
    cwd: REPO_ROOT,
    execArgv: [
      "--expose-gc",
      "--import",
      pathToFileURL(path.join(REPO_ROOT, "tests/bench/builtHarness.mjs")).href,
      ...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: options.dataDir ?? "memory://",
      DATABASE_URL: options.databaseUrl ?? "",
      CONSOLE_DIR: options.consoleDir ?? "",
      WORKERS: String(options.workers ?? 1),
      LOG_LEVEL: "silent",
      GATEWAY_PORT: "",
      JT808_PORT: "",
      HJ1239_PORT: "",
      SIMULATE: "0",
      FORWARD: "0",
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
}

/** Starts the server in a child process and resolves once it listens on 127.0.0.1:<free port>. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const child: ChildProcess = options.built
    ? await forkBuilt(options)
    : fork(path.join(REPO_ROOT, "tests/bench/serve.ts"), [], {
        cwd: REPO_ROOT,
        // BENCH_CPU_PROF=<folder>: each server process writes a V8 CPU profile there when it stops.
        execArgv: [
          "--conditions=source",
          "--import",
          "tsx",
          "--expose-gc",
          ...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
        ],
        env: {
          ...process.env,
          BENCH_DATA_DIR: options.dataDir ?? "memory://",
          BENCH_DATABASE_URL: options.databaseUrl ?? "",
          BENCH_CONSOLE_DIR: options.consoleDir ?? "",
        },
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
  const request = (type: string) =>
    new Promise<ServerMemory>((resolve, reject) => {
      const onMessage = (m: { type: string } & ServerMemory) => {
        if (m.type !== "memory") return;
        child.off("message", onMessage);
        resolve({ rss: m.rss, maxRss: m.maxRss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external });
      };
      child.on("message", onMessage);
      if (!child.send({ type })) reject(new Error("server process is gone"));
    });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`server process exited with ${code} before listening`)));
    child.once("error", reject);
    child.on("message", (m: { type: string; url: string; seeded: boolean; startMs: number; startCpuMs?: number }) => {
      if (m.type !== "ready") return;
      resolve({
        url: m.url,
        pid: child.pid as number,
        seeded: m.seeded,
        startMs: m.startMs,
        ...(m.startCpuMs === undefined ? {} : { startCpuMs: m.startCpuMs }),
        memory: () => request("memory"),
        memoryAfterGc: () => request("gc"),
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.removeAllListeners("exit");
            child.once("exit", () => done());
            child.send({ type: "stop" });
          }),
      });
    });
  });
}
