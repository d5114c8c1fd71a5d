import { cursorPages, unwrap } from "@tsp/sdk";
import { streamJournal, streamJournalBatches } from "@tsp/sdk/stream";
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
 * the server in its own process, then read again with the SDK's NDJSON stream iterator
 * (`@tsp/sdk/stream`, one request). Every row is counted and the order checked.
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

    // The same rows through the stream: one `for await` per row, as a script writes it.
    const stream = async () => {
      let rows = 0;
      let last = Number.POSITIVE_INFINITY;
      const started = performance.now();
      const { startTime, endTime } = query;
      for await (const row of streamJournal(sdk, { journal: "login", vin, startTime, endTime })) {
        if (row.time >= last) throw new Error(`stream out of order at row ${rows}`);
        last = row.time;
        rows++;
      }
      return { rows, seconds: (performance.now() - started) / 1000 };
    };
    const streamed = await stream();
    if (streamed.rows !== walkRows) throw new Error(`streamed ${streamed.rows} rows, expected ${walkRows}`);
    const streamRate = streamed.rows / streamed.seconds;
    // And by network chunk (`streamJournalBatches`): what the per-row `await` costs.
    const chunked = async () => {
      let rows = 0;
      const started = performance.now();
      const { startTime, endTime } = query;
      for await (const batch of streamJournalBatches(sdk, { journal: "login", vin, startTime, endTime })) {
        rows += batch.length;
      }
      return { rows, seconds: (performance.now() - started) / 1000 };
    };
    const byChunk = await chunked();
    if (byChunk.rows !== walkRows) throw new Error(`streamed ${byChunk.rows} rows by chunk, expected ${walkRows}`);
    const pg = db.engine === "postgres";
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
        {
          case: "journal walk through the SDK iterator",
          figure: "rows per second, streamed (NDJSON, one request, for await per row)",
          engine: db.engine,
          value: Math.round(streamRate),
          unit: "rows/s",
          target: "≥ 1M rows/s on PostgreSQL",
          ...(pg ? { pass: streamRate >= 1_000_000 } : {}),
          size: `${n(walkRows)} rows (of ${n(journal.rows)})`,
          note: `${n(streamed.rows)} rows in ${round(streamed.seconds)} s (${round(streamRate / rate)} × the paged walk); by chunk (streamJournalBatches, one await per network chunk) ${n(Math.round(byChunk.rows / byChunk.seconds))} rows/s; the server writes keyset batches of 5,000 rows built as NDJSON by the database`,
        },
      ],
    };
  } finally {
    await server.stop();
  }
}
