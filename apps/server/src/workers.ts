import cluster, { type Worker } from "node:cluster";

/**
 * WORKERS=n: n server processes on one port (issue 21). node:cluster, not SO_REUSEPORT: Node 20
 * (the engines floor) has no `reusePort` listen option (22.12+), and cluster's round-robin
 * scheduling (the default on Linux) lets the primary accept and hand each connection to the
 * next worker, which balances evenly where the kernel's shared accept queue does not. The
 * primary only accepts: a client's keep-alive connection stays on the worker that got it.
 *
 * The workers share nothing but the database (and, on one machine, the object store's folder):
 * tokens are checked in PostgreSQL on every request, the grants cache is keyed by the
 * `authz_version` row that triggers raise on every grant write (read with each token check, so
 * a role change made through one worker is honoured by the others on their next request),
 * export tasks are claimed from their table with SKIP LOCKED, commands are queued in the
 * database and the gateway's poll sends those another process queued.
 */

/** The environment variable naming a cluster worker (1..n); absent in a single process. */
export const WORKER_ENV = "TSP_WORKER";

/** How many server processes WORKERS asks for: 1 when unset or empty. */
export function workersFrom(env: NodeJS.ProcessEnv): number {
  const text = env.WORKERS?.trim();
  if (!text) return 1;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`WORKERS must be a whole number 1–64, got "${text}"`);
  return n;
}

/**
 * Why n processes cannot run on this database, or undefined when they can: PGlite is one
 * process's database (its files are opened by one process; a second would corrupt them).
 */
export function workersRefusal(workers: number, databaseUrl: string | undefined): string | undefined {
  if (workers <= 1 || databaseUrl) return undefined;
  return (
    `WORKERS=${workers} needs a PostgreSQL server (DATABASE_URL): the embedded PGlite is one process's database. ` +
    "Set DATABASE_URL, or run one process (WORKERS=1 or unset)."
  );
}

/** This process's worker number (1..n) under WORKERS, or undefined when it is the only process. */
export function workerIndex(env: NodeJS.ProcessEnv): number | undefined {
  const n = Number(env[WORKER_ENV]);
  return cluster.isWorker && Number.isInteger(n) && n >= 1 ? n : undefined;
}

/** What a worker tells the primary once it listens. */
export interface WorkerReady {
  type: "tsp-ready";
  url: string;
  /** The lines of the start banner this worker adds (worker 1: database, gateways, fleet). */
  banner: string;
}

/** Sent by a worker once it listens (no-op in a single process). */
export function reportReady(ready: Omit<WorkerReady, "type">): void {
  if (cluster.isWorker) process.send?.({ type: "tsp-ready", ...ready } satisfies WorkerReady);
}

/**
 * The primary: forks worker 1 and waits until it listens (it migrates and, on an empty
 * database, seeds — alone, so no two processes seed at once), then the others side by side;
 * prints one banner. A worker that dies stops the rest and the primary exits 1, so a
 * supervisor restarts the whole server (a worker started alone would mark the tasks its
 * siblings run as interrupted). SIGINT/SIGTERM stop the workers gracefully.
 */
export async function runPrimary(workers: number, entry: string): Promise<void> {
  cluster.setupPrimary({ exec: entry });
  const all: Worker[] = [];
  let stopping = false;
  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    const alive = all.filter((w) => !w.isDead());
    if (alive.length === 0) process.exit(code);
    let left = alive.length;
    for (const w of alive) {
      w.once("exit", () => {
        left -= 1;
        if (left === 0) process.exit(code);
      });
      w.process.kill("SIGTERM");
    }
  };
  const fork = (index: number) =>
    new Promise<WorkerReady>((resolve, reject) => {
      const w = cluster.fork({ [WORKER_ENV]: String(index) });
      all.push(w);
      w.on("message", (m: WorkerReady) => {
        if (m?.type === "tsp-ready") resolve(m);
      });
      w.once("exit", (code, signal) => {
        const why = `server worker ${index} (pid ${w.process.pid}) exited (${signal ?? code})`;
        reject(new Error(why));
        if (!stopping) {
          console.error(`${why}; stopping the other workers.`);
          stopAll(1);
        }
      });
    });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => stopAll(0));
  let first: WorkerReady;
  try {
    first = await fork(1);
    await Promise.all(Array.from({ length: workers - 1 }, (_, i) => fork(i + 2)));
  } catch {
    return; // a worker died while starting: stopAll is ending the rest and the process
  }
  console.log(
    `\nTSP Console is running at ${first.url}\n  processes: ${workers} (WORKERS; pids ${all.map((w) => w.process.pid).join(", ")}; ` +
      `gateways, fleet and forwarder in worker 1)\n${first.banner}`,
  );
}
