import os from "node:os";
import autocannon from "autocannon";
import { adminClient, journalQuery, LOGIN_LOG_PATH } from "../lib/client";
import type { DatabaseLocation } from "../lib/databases";
import { benchVin, WINDOW } from "../lib/journalData";
import { startServerProcess } from "../lib/serverProcess";
import { type BenchEnv, type CaseResult, n } from "../lib/types";

/**
 * Load: `connections` concurrent clients for `seconds` on journal first pages (20 rows) of 100
 * different VINs, against the server in its own process on loopback. autocannon runs in this
 * process, so on 2 cores it competes with the server for CPU (said in the report).
 */
export async function loadCase(env: BenchEnv, db: DatabaseLocation): Promise<CaseResult> {
  const single = await loadRun(env, db, 1);
  // WORKERS=2 (issue 21) beside it, on PostgreSQL only (PGlite is one process's database).
  if (db.engine !== "postgres") return single;
  const uptime = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");
  const two = await loadRun(env, db, 2);
  const ratio = rate(two) / Math.max(1, rate(single));
  return {
    figures: [
      ...single.figures,
      ...two.figures,
      {
        case: "load: concurrent clients on journal pages",
        figure: "requests/s, WORKERS=2 ÷ one process",
        engine: db.engine,
        value: Math.round(ratio * 100) / 100,
        unit: "×",
        target: "reported",
        size: `${env.scale.load.connections} clients, ${env.scale.load.seconds} s each`,
        note:
          `${Math.round(rate(single))} → ${Math.round(rate(two))} req/s on ${os.cpus().length} cores shared by the two servers, ` +
          `PostgreSQL and the load generator (autocannon, in the bench process); load average before the WORKERS=2 run ${uptime} (1/5/15 min)`,
      },
    ],
  };
}

/** Requests per second of a `loadRun`. */
function rate(r: CaseResult): number {
  return Number((r.details as { reqPerSec: number }).reqPerSec);
}

/** One load run against the built server with `workers` processes. */
async function loadRun(env: BenchEnv, db: DatabaseLocation, workers: number): Promise<CaseResult> {
  const { connections, seconds } = env.scale.load;
  // The built server, as `npm start` runs it; the smoke scale keeps the sources under tsx (no build in `npm test`).
  const built = env.scale.name !== "smoke";
  const server = await startServerProcess({ dataDir: db.dataDir, databaseUrl: db.databaseUrl, built, workers });
  const label = workers > 1 ? `, WORKERS=${workers}` : "";
  try {
    const { token } = await adminClient(server.url);
    const vins = Math.min(100, env.scale.journal.vins - 1);
    const requests = Array.from({ length: vins }, (_, i) => ({
      method: "GET" as const,
      path: `${LOGIN_LOG_PATH}?${journalQuery({ vin: benchVin(1 + i * Math.floor((env.scale.journal.vins - 1) / vins)), ...WINDOW, pageSize: 20 })}`,
      headers: { authorization: `Bearer ${token}` },
    }));
    const run = (duration: number) =>
      autocannon({ url: server.url.replace(/\/$/, ""), connections, duration, requests, timeout: 10 });
    await run(Math.max(1, Math.round(seconds / 10))); // warm-up
    const result = await run(seconds);
    const errors = result.errors + result.timeouts + result.non2xx;
    const p99 = result.latency.p99;
    const limit = workers > 1 ? 100 : 50;
    const reqPerSec = result.requests.average;
    const figures: CaseResult["figures"] = [];
    if (workers > 1) {
      figures.push({
        case: "load: concurrent clients on journal pages",
        figure: `requests/s, ${connections} clients, ${seconds} s${label}`,
        engine: db.engine,
        value: Math.round(reqPerSec),
        unit: "req/s",
        target: "≥ 3,000 req/s",
        pass: reqPerSec >= 3000,
        size: `${n(env.scale.journal.rows)} rows; page 1 of 20`,
        note: `p50 ${result.latency.p50} ms, p99 ${p99} ms, built server (no TypeScript loader), ${workers} processes on one port`,
      });
    }
    return {
      details: { reqPerSec },
      figures: [
        ...figures,
        {
          case: "load: concurrent clients on journal pages",
          figure: `p99 latency, ${connections} clients, ${seconds} s${label}`,
          engine: db.engine,
          value: p99,
          unit: "ms",
          target: `p99 ≤ ${limit} ms, 0 errors`,
          pass: p99 <= limit && errors === 0,
          size: `${n(env.scale.journal.rows)} rows; ${vins} VINs, page 1 of 20`,
          note: `p50 ${result.latency.p50} ms, ${Math.round(result.requests.average)} req/s, ${n(result.requests.total)} requests, errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}${built ? "; built server" : ""}`,
        },
        {
          case: "load: concurrent clients on journal pages",
          figure: `errors (errors + timeouts + non-2xx)${label}`,
          engine: db.engine,
          value: errors,
          unit: "",
          target: "0 errors",
          pass: errors === 0,
          size: `${n(result.requests.total)} requests`,
        },
      ],
    };
  } finally {
    await server.stop();
  }
}
