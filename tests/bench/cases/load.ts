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
  const { connections, seconds } = env.scale.load;
  const server = await startServerProcess({ dataDir: db.dataDir, databaseUrl: db.databaseUrl });
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
    return {
      figures: [
        {
          case: "load: concurrent clients on journal pages",
          figure: `p99 latency, ${connections} clients, ${seconds} s`,
          engine: db.engine,
          value: p99,
          unit: "ms",
          target: "p99 ≤ 50 ms, 0 errors",
          pass: p99 <= 50 && errors === 0,
          size: `${n(env.scale.journal.rows)} rows; ${vins} VINs, page 1 of 20`,
          note: `p50 ${result.latency.p50} ms, ${Math.round(result.requests.average)} req/s, ${n(result.requests.total)} requests, errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`,
        },
        {
          case: "load: concurrent clients on journal pages",
          figure: "errors (errors + timeouts + non-2xx)",
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
