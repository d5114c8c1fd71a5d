import { readFile } from "node:fs/promises";
import { cursorPages, unwrap } from "@tsp/sdk";
import { streamJournal, streamJournalBatches } from "@tsp/sdk/stream";
import { Client } from "pg";
import { adminClient } from "../lib/client";
import type { DatabaseLocation } from "../lib/databases";
import { benchVin, hotTs } from "../lib/journalData";
import { startServerProcess } from "../lib/serverProcess";
import { round } from "../lib/stats";
import { type BenchEnv, type CaseResult, n } from "../lib/types";

/** CPU seconds (user + system) a process has used, from /proc (Linux); undefined elsewhere or once it is gone. */
async function cpuSeconds(pid: number): Promise<number | undefined> {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1]?.split(" ") ?? [];
    // utime and stime, fields 14 and 15 of proc(5), in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds of groups of processes over `run` (the walk's client: this process): the figures
 * that do not move with the machine's load as the walk's wall time does, several-fold.
 */
async function cpuOver<T, G extends string>(
  groups: Record<G, () => Promise<number[]>>,
  run: () => Promise<T>,
): Promise<{ result: T; cpu: Partial<Record<G | "client", number>> }> {
  const names = Object.keys(groups) as G[];
  const read = async () => {
    const at = new Map<number, number>();
    for (const name of names)
      for (const pid of await groups[name]()) {
        const s = await cpuSeconds(pid);
        if (s !== undefined) at.set(pid, s);
      }
    return at;
  };
  const before = await read();
  const client = process.cpuUsage();
  const result = await run();
  const used = process.cpuUsage(client);
  const cpu: Partial<Record<G | "client", number>> = {};
  cpu.client = (used.user + used.system) / 1e6;
  for (const name of names)
    for (const pid of await groups[name]()) {
      const s = await cpuSeconds(pid);
      // A process that started during the walk counts from zero.
      if (s !== undefined) cpu[name] = (cpu[name] ?? 0) + s - (before.get(pid) ?? 0);
    }
  return { result, cpu };
}

/** CPU seconds for the note ("?" where unknown). */
const seconds = (v: number | undefined) => (v === undefined ? "?" : `${round(v, 2)} s`);

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
  // PostgreSQL's backends of the bench database, when they run on this machine (their CPU in /proc).
  const local = db.databaseUrl && ["127.0.0.1", "localhost"].includes(new URL(db.databaseUrl).hostname);
  const pg = local ? new Client({ connectionString: db.databaseUrl }) : undefined;
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
    await pg?.connect();
    const backends = async () =>
      pg
        ? (
            await pg.query<{ pid: number }>(
              "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
            )
          ).rows.map((r) => r.pid)
        : [];
    const processes = { server: async () => [server.pid], postgres: backends };
    // A short warm-up walk is not possible without reading the same rows; the cache warms on
    // the first pages of the one measured walk, as it would for a real script.
    const { result, cpu: pagedCpu } = await cpuOver(processes, walk);
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
    const { result: streamed, cpu } = await cpuOver(processes, stream);
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
    const onPostgres = db.engine === "postgres";
    const cpuNote = (c: typeof cpu) =>
      `client ${seconds(c.client)}, server ${seconds(c.server)}${onPostgres ? `, PostgreSQL ${seconds(c.postgres)}` : " (PGlite inside it)"}`;
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
            : `${result.pages} pages in ${round(result.seconds)} s; CPU: ${cpuNote(pagedCpu)}`,
        },
        {
          case: "journal walk through the SDK iterator",
          figure: "rows per second, streamed (NDJSON, one request, for await per row)",
          engine: db.engine,
          value: Math.round(streamRate),
          unit: "rows/s",
          target: "≥ 1M rows/s on PostgreSQL",
          ...(onPostgres ? { pass: streamRate >= 1_000_000 } : {}),
          size: `${n(walkRows)} rows (of ${n(journal.rows)})`,
          note: `${n(streamed.rows)} rows in ${round(streamed.seconds)} s (${round(streamRate / rate)} × the paged walk); by chunk (streamJournalBatches, one await per network chunk) ${n(Math.round(byChunk.rows / byChunk.seconds))} rows/s; CPU over the per-row walk: ${cpuNote(cpu)}; the server writes keyset batches of 5,000 rows built as NDJSON by the database`,
        },
      ],
    };
  } finally {
    await pg?.end();
    await server.stop();
  }
}
