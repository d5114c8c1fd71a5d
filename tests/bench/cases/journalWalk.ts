import { cursorPages, unwrap } from "@tsp/sdk";
import { adminClient } from "../lib/client";
import type { DatabaseLocation } from "../lib/databases";
import { benchVin, hotTs } from "../lib/journalData";
import { startServerProcess } from "../lib/serverProcess";
import { round } from "../lib/stats";
import { type BenchEnv, type CaseResult, n } from "../lib/types";

/** A walk slower than this is stopped and its rate reported on the rows walked (says so in the note). */
const MAX_WALK_SECONDS = 150;

/**
 * The whole journal of the hot VIN over a window holding exactly `walkRows` rows, walked with
 * the SDK's cursor iterator (pages of 1000, the most the server gives) over loopback HTTP to
 * the server in its own process. Every row is counted and the order checked.
 */
export async function journalWalkCase(env: BenchEnv, db: DatabaseLocation): Promise<CaseResult> {
  const { walkRows, journal } = env.scale;
  const server = await startServerProcess({ dataDir: db.dataDir, databaseUrl: db.databaseUrl });
  try {
    const { sdk } = await adminClient(server.url);
    const vin = benchVin(0);
    const query = {
      vin,
      startTime: hotTs(journal.hotRows - walkRows),
      endTime: hotTs(journal.hotRows - 1),
      pageSize: 1000,
    };
    const walk = async () => {
      let rows = 0;
      let pages = 0;
      let last = Number.POSITIVE_INFINITY;
      const started = performance.now();
      for await (const page of cursorPages((rowKey) =>
        sdk
          .GET("/tsp-hbase-proxy/vehicleLog/getLoginLog", {
            params: { query: rowKey ? { ...query, rowKey } : query },
          })
          .then(unwrap),
      )) {
        pages++;
        if ((performance.now() - started) / 1000 > MAX_WALK_SECONDS) {
          rows += page.length;
          return { rows, pages, seconds: (performance.now() - started) / 1000, stopped: true };
        }
        for (const row of page) {
          if (row.time >= last) throw new Error(`walk out of order at row ${rows}`);
          last = row.time;
          rows++;
        }
      }
      return { rows, pages, seconds: (performance.now() - started) / 1000, stopped: false };
    };
    // A short warm-up walk is not possible without reading the same rows; the cache warms on
    // the first pages of the one measured walk, as it would for a real script.
    const result = await walk();
    if (!result.stopped && result.rows !== walkRows)
      throw new Error(`walked ${result.rows} rows, expected ${walkRows}`);
    const rate = result.rows / result.seconds;
    return {
      figures: [
        {
          case: "journal walk through the SDK iterator",
          figure: "rows per second (loopback HTTP, pages of 1000)",
          engine: db.engine,
          value: Math.round(rate),
          unit: "rows/s",
          target: "≥ 200k rows/s",
          pass: rate >= 200_000,
          size: `${n(walkRows)} rows (of ${n(journal.rows)})`,
          note: result.stopped
            ? `stopped after ${MAX_WALK_SECONDS} s: ${n(result.rows)} of ${n(walkRows)} rows in ${result.pages} pages`
            : `${result.pages} pages in ${round(result.seconds)} s`,
        },
      ],
    };
  } finally {
    await server.stop();
  }
}
