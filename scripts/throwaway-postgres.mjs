#!/usr/bin/env node
// A throw-away PostgreSQL server for the server's tests on the production path: finds the
// machine's PostgreSQL (Debian's /usr/lib/postgresql/<v>/bin, else initdb on PATH), installs
// Debian's `postgresql` with apt when missing and we are root, then initialises a cluster in a
// temp folder and starts it on a free 127.0.0.1 port (trust auth, fsync off: test data only).
// The one place this logic lives: `npm test` (scripts/test.mjs) and `npm run bench` import it,
// scripts/ci-postgres.sh wraps it for shells.
//
//   node scripts/throwaway-postgres.mjs run <command…>   the command with TEST_DATABASE_URL set,
//                                                        the cluster deleted afterwards
//   node scripts/throwaway-postgres.mjs start            prints `export …` lines for a shell
//   node scripts/throwaway-postgres.mjs stop <dir>       stops and deletes a started cluster
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const quiet = { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" };

/** The newest PostgreSQL bin folder on this machine, or undefined. */
function findPgBin() {
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => existsSync(path.join(debian, v, "bin", "initdb")))
      .toSorted((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(debian, versions[0], "bin");
  }
  const which = spawnSync("sh", ["-c", "command -v initdb"], quiet);
  return which.status === 0 && which.stdout.trim() ? path.dirname(which.stdout.trim()) : undefined;
}

/** Installs Debian's postgresql as root (apt's lists may be stale on a new machine: update once). */
function aptInstallPostgres(log) {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  log("PostgreSQL: not installed — installing Debian's postgresql with apt-get …");
  const install = () => spawnSync("apt-get", ["install", "-y", "-qq", "postgresql"], { stdio: "inherit", env });
  if (install().status === 0) return true;
  return spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env }).status === 0 && install().status === 0;
}

/** A port the kernel says is free now (the cluster binds it a moment later). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** A port from `from` up that nothing listens on (TSP_PG_PORT keeps concurrent runs apart). */
async function portFrom(from) {
  for (let port = from; port < from + 200; port++) {
    const free = await new Promise((resolve) => {
      const server = net.createServer();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port from ${from}`);
}

/** Runs a PostgreSQL program as the cluster's owner: initdb and postgres refuse to run as root. */
function asOwner(bin, program, args) {
  const file = path.join(bin, program);
  return isRoot
    ? execFileSync("runuser", ["-u", "postgres", "--", file, ...args], quiet)
    : execFileSync(file, args, quiet);
}

/**
 * Stops the cluster in `dir` and deletes the folder. Synchronous and never throws, so it can run
 * from an exit handler after a failure or ctrl-C.
 */
export function stopThrowawayPostgres(dir) {
  if (!dir || !existsSync(dir)) return;
  const binFile = path.join(dir, "pgbin");
  if (existsSync(binFile)) {
    const bin = readFileSync(binFile, "utf8").trim();
    for (const mode of ["fast", "immediate"]) {
      try {
        asOwner(bin, "pg_ctl", ["-D", path.join(dir, "data"), "-m", mode, "-t", "30", "stop"]);
        break;
      } catch {
        // not running, or did not stop in time: try the next mode, then delete anyway
      }
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Starts a throw-away cluster, or says why it cannot.
 * @returns {Promise<{ url: string, version: string, dir: string, stop: () => void } | { skipped: string }>}
 */
export async function startThrowawayPostgres({ log = console.log } = {}) {
  let bin = findPgBin();
  if (!bin) {
    const apt = spawnSync("sh", ["-c", "command -v apt-get"], quiet).status === 0;
    if (!isRoot) return { skipped: "no postgresql installed and not root (apt-get install postgresql)" };
    if (!apt) return { skipped: "no postgresql installed and no apt-get to install it" };
    if (!aptInstallPostgres(log)) return { skipped: "apt-get install postgresql failed" };
    bin = findPgBin();
    if (!bin) return { skipped: "postgresql installed but initdb not found" };
  }
  if (isRoot && spawnSync("id", ["-u", "postgres"], quiet).status !== 0) {
    return { skipped: "running as root and there is no postgres user to own the cluster" };
  }

  const port = process.env.TSP_PG_PORT ? await portFrom(Number(process.env.TSP_PG_PORT)) : await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), "tsp-pg-"));
  writeFileSync(path.join(dir, "pgbin"), bin);
  if (isRoot) {
    const [uid, gid] = ["-u", "-g"].map((f) => Number(execFileSync("id", [f, "postgres"], quiet).trim()));
    chownSync(dir, uid, gid);
  }
  const stop = () => stopThrowawayPostgres(dir);
  try {
    asOwner(bin, "initdb", [
      "-D",
      path.join(dir, "data"),
      "-U",
      "tsp",
      "-A",
      "trust",
      "-E",
      "UTF8",
      "--locale=C.UTF-8",
      "--no-sync",
    ]);
    // Sockets in the cluster's own folder; durability off — the data lives only for this run.
    const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
    asOwner(bin, "pg_ctl", [
      "-D",
      path.join(dir, "data"),
      "-l",
      path.join(dir, "server.log"),
      "-w",
      "-t",
      "60",
      "-o",
      options,
      "start",
    ]);
    execFileSync(path.join(bin, "createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", "tsp", "tsp_test"], quiet);
  } catch (e) {
    const logFile = path.join(dir, "server.log");
    const detail = [e.stderr, existsSync(logFile) ? readFileSync(logFile, "utf8") : ""].join("\n").trim();
    stop();
    return { skipped: `PostgreSQL did not start: ${detail.split("\n").slice(-3).join(" ") || e.message}` };
  }
  const version = /\d+(\.\d+)+/.exec(execFileSync(path.join(bin, "postgres"), ["--version"], quiet))?.[0] ?? "";
  return { url: `postgres://tsp@127.0.0.1:${port}/tsp_test`, version, dir, stop };
}

const quote = (s) => `'${String(s).replaceAll("'", "'\\''")}'`;

async function main([command, ...rest]) {
  if (command === "stop") return stopThrowawayPostgres(rest[0]);
  if (command !== "start" && (command !== "run" || !rest[0])) {
    console.error("usage: throwaway-postgres.mjs run <command…> | start | stop <dir>");
    process.exit(2);
  }
  const pg = await startThrowawayPostgres({ log: (m) => console.error(m) });
  if ("skipped" in pg) {
    console.error(`throwaway-postgres: ${pg.skipped}`);
    process.exit(1);
  }
  console.error(`PostgreSQL ${pg.version} on ${pg.url}`);
  const vars = { TEST_DATABASE_URL: pg.url, TSP_REQUIRE_POSTGRES: "1", TSP_PG_DIR: pg.dir };
  if (command === "start") {
    for (const [k, v] of Object.entries(vars)) console.log(`export ${k}=${quote(v)}`);
    return;
  }
  process.on("exit", pg.stop);
  const child = spawn(rest[0], rest.slice(1), { stdio: "inherit", env: { ...process.env, ...vars } });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 + os.constants.signals[signal] : 1)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}
