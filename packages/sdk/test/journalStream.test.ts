import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ApiError,
  BadResponseError,
  CancelledError,
  createTspClient,
  memoryTokenStore,
  NetworkError,
} from "../src/index";
import { type JournalRow, streamJournal, streamJournalBatches } from "../src/stream";
import { json, startServer, type TestServer } from "./server";

/**
 * `@tsp/sdk/stream` against a real HTTP server on 127.0.0.1 speaking the NDJSON answer of
 * openapi `streamJournal` (rows, `{nextKey}` checkpoints, an end line). The server side against
 * the real journal is covered by tests/contract/journals.test.ts; here the client's own rules:
 * lines split across chunks, continuation, resume after a cut without repeats, errors, abort.
 */
const PATH = "/tsp-hbase-proxy/vehicleLog/stream";
const VIN = "LGXCE4CB2S0000123";
/** Twelve rows, newest first (the stream's default order). */
const journal: JournalRow[] = Array.from({ length: 12 }, (_, i) => ({
  vin: VIN,
  time: 1741996701000 - i * 60_000,
  content: `232301FE${i.toString(16).padStart(2, "0")}`,
}));
const query = { journal: "login" as const, vin: VIN, startTime: 0, endTime: 1 };
const line = (v: unknown) => `${JSON.stringify(v)}\n`;

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.streamRoutes.clear();
  server.routes.clear();
  server.requests.length = 0;
});

const client = () => createTspClient({ baseUrl: server.baseUrl, tokenStore: memoryTokenStore("t-1") });

/** Answers NDJSON written in the given chunks (each may cut a line anywhere), then ends or stays open. */
function ndjson(res: ServerResponse, chunks: string[], end = true) {
  res.statusCode = 200;
  res.setHeader("content-type", "application/x-ndjson; charset=utf-8");
  for (const c of chunks) res.write(c);
  if (end) res.end();
}

/** The rows from `from` (an index as rowKey) in answers of `per` rows with a checkpoint after every `mark`. */
function serveJournal(per: number, mark: number, cutAfter?: { call: number; rows: number }) {
  let calls = 0;
  const seen: (string | null)[] = [];
  server.streamRoutes.set(`GET ${PATH}`, (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    calls++;
    seen.push(url.searchParams.get("rowKey"));
    expect(req.headers.authorization).toBe("Bearer t-1");
    expect(req.headers.accept).toBe("application/x-ndjson");
    const from = Number(url.searchParams.get("rowKey") ?? 0);
    const rows = journal.slice(from, from + per);
    let text = "";
    rows.forEach((r, i) => {
      text += line(r);
      if ((i + 1) % mark === 0) text += line({ nextKey: String(from + i + 1) });
    });
    if (cutAfter && calls === cutAfter.call) {
      // The connection is cut after some rows: no end line.
      const cut = rows.slice(0, cutAfter.rows).map(line).join("") + line({ nextKey: String(from + mark) });
      ndjson(res, [cut.slice(0, 7), cut.slice(7)]);
      return;
    }
    const next = from + per < journal.length ? String(from + per) : null;
    text += line({ nextKey: next, rows: rows.length, end: true });
    // Chunks that cut lines in the middle, one byte at the start.
    ndjson(res, [text.slice(0, 1), text.slice(1, 40), text.slice(40, 41), text.slice(41)]);
  });
  return { seen, calls: () => calls };
}

describe("streamJournal", () => {
  it("yields every row once, in order, across chunks cut mid-line and answers continued by nextKey", async () => {
    const s = serveJournal(5, 2);
    const rows: JournalRow[] = [];
    for await (const row of streamJournal(client(), query)) rows.push(row);
    expect(rows).toEqual(journal);
    expect(s.seen).toEqual([null, "5", "10"]);
  });

  it("stops at the first answer's end with single, and gives chunks as arrays with streamJournalBatches", async () => {
    serveJournal(5, 2);
    const rows: JournalRow[] = [];
    for await (const row of streamJournal(client(), query, { single: true })) rows.push(row);
    expect(rows).toEqual(journal.slice(0, 5));
    const batches: JournalRow[][] = [];
    for await (const b of streamJournalBatches(client(), query, { single: true })) batches.push(b);
    expect(batches.flat()).toEqual(journal.slice(0, 5));
    expect(batches.every((b) => Array.isArray(b) && b.length > 0)).toBe(true);
  });

  it("closes the connection when the loop breaks, and keeps the order of next() calls made without waiting", async () => {
    let closed!: () => void;
    const serverSawClose = new Promise<void>((resolve) => {
      closed = resolve;
    });
    server.streamRoutes.set(`GET ${PATH}`, (_req, res) => {
      res.on("close", () => closed());
      // Two rows, then the answer stays open: only the client can end it.
      ndjson(res, [line(journal[0]), line(journal[1])], false);
    });
    for await (const row of streamJournal(client(), query)) {
      expect(row).toEqual(journal[0]);
      break;
    }
    await serverSawClose;

    // Three answers of five rows: at least three batches.
    serveJournal(5, 2);
    const rows = streamJournal(client(), query);
    // Three calls before the first batch came: each row once, in order, then done.
    const calls = await Promise.all([rows.next(), rows.next(), rows.next()]);
    expect(calls.map((r) => r.value)).toEqual(journal.slice(0, 3));
    const rest: JournalRow[] = [];
    for await (const row of rows) rest.push(row);
    expect(rest).toEqual(journal.slice(3));
    expect(await rows.next()).toEqual({ value: undefined, done: true });
  });

  it("throws NetworkError when the stream is cut before its end line, and with resume goes on from the checkpoint without repeats", async () => {
    serveJournal(12, 4, { call: 1, rows: 6 });
    const cut: JournalRow[] = [];
    await expect(
      (async () => {
        for await (const row of streamJournal(client(), query)) cut.push(row);
      })(),
    ).rejects.toBeInstanceOf(NetworkError);
    expect(cut).toEqual(journal.slice(0, 6));

    const s = serveJournal(12, 4, { call: 1, rows: 6 });
    const rows: JournalRow[] = [];
    for await (const row of streamJournal(client(), query, { resume: 1 })) rows.push(row);
    // The cut answer's checkpoint was after 4 rows: rows 5 and 6 come again and are skipped.
    expect(rows).toEqual(journal);
    expect(s.seen).toEqual([null, "4"]);
  });

  it("rejects a refused call with the envelope's ApiError, and an answer that is not NDJSON with BadResponseError", async () => {
    server.routes.set(`GET ${PATH}`, (_req, res) =>
      json(res, { code: 400, msg: "参数错误", data: { failDetail: [{ field: "vin", msg: "VIN不正确" }] } }, 400),
    );
    const refused = streamJournal(client(), query).next();
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({
      status: 400,
      msg: "参数错误",
      failDetail: [{ field: "vin", msg: "VIN不正确" }],
    });

    server.routes.set(`GET ${PATH}`, (_req, res) => {
      res.setHeader("content-type", "text/html");
      res.end("<html>proxy</html>");
    });
    await expect(streamJournal(client(), query).next()).rejects.toBeInstanceOf(BadResponseError);

    server.streamRoutes.set(`GET ${PATH}`, (_req, res) => ndjson(res, [line(journal[0]), "{not json\n"]));
    const broken: JournalRow[] = [];
    await expect(
      (async () => {
        for await (const row of streamJournal(client(), query)) broken.push(row);
      })(),
    ).rejects.toBeInstanceOf(BadResponseError);
  });

  it("ends with CancelledError when the signal aborts mid-stream, and with a timeout when no bytes come", async () => {
    server.streamRoutes.set(`GET ${PATH}`, (_req, res) => ndjson(res, [line(journal[0]), line(journal[1])], false));
    const stop = new AbortController();
    const rows: JournalRow[] = [];
    await expect(
      (async () => {
        for await (const row of streamJournal(client(), query, { signal: stop.signal })) {
          rows.push(row);
          if (rows.length === 2) stop.abort();
        }
      })(),
    ).rejects.toBeInstanceOf(CancelledError);
    expect(rows).toEqual(journal.slice(0, 2));

    // Headers, then silence.
    server.streamRoutes.set(`GET ${PATH}`, (_req, res) => ndjson(res, [], false));
    const idle = streamJournal(client(), query, { idleTimeoutMs: 150 });
    await expect(
      (async () => {
        for await (const row of idle) expect(row).toBeUndefined(); // no row ever comes
      })(),
    ).rejects.toMatchObject({ name: "TimeoutError" });
  });
});
