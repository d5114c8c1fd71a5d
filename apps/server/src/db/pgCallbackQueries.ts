import type { Pool, PoolClient, QueryResult } from "pg";

/**
 * Makes every pooled `pg` client answer `query(text, values)` through pg's callback form, so
 * that Kysely (which calls the promise form on a client it checked out) reads rows with the
 * memory profile of `pool.query`.
 *
 * Why: reading 1,000,000 journal-like rows in keyset batches of 1000 from PostgreSQL (a
 * stand-alone script with 100 MB of live objects standing in for the server's heap, 2026-11-25,
 * repeated 2–4 times each) grew the V8 heap by +305–335 MB with
 * `client.query(text, values)` — Kysely's path, and the whole of the export's +192 MB growth in
 * BENCHMARKS.md — and by +9–16 MB with the same client's callback form or with `pool.query`.
 * Nothing is retained: pg's promise form (a Promise plus a `.catch` that rewrites the stack of a
 * failure) keeps each batch reachable across enough turns that V8 promotes it to the old
 * generation, which then grows to several times its live size before a full collection.
 *
 * Only the plain form is redirected: a query config object or a submittable (a cursor), or a
 * call that brings its own callback, goes to pg unchanged. The promise rejects with pg's own
 * error (its `code`, `detail`, … intact), as the promise form does.
 */
export function answerQueriesByCallback(pool: Pool): void {
  pool.on("connect", (client) => redirect(client));
}

type QueryCallback = (error: Error | null, result: QueryResult) => void;
type LooseQuery = (text: unknown, values?: unknown, callback?: QueryCallback) => unknown;

/**
 * Redirects one client's plain `query(text[, values])` calls (exported for its test). pg's own
 * `query` is looked up on the client's prototype at each call, not bound once: a wrapper put on
 * `Client.prototype.query` later (the Citus suite records every statement that way) still sees
 * the calls of clients the pool made before it.
 */
export function redirect(client: PoolClient): void {
  const proto = Object.getPrototypeOf(client) as { query: LooseQuery };
  const original: LooseQuery = (text, values, callback) => proto.query.call(client, text, values, callback);
  const query: LooseQuery = (text, values, callback) => {
    if (typeof text !== "string" || typeof values === "function" || callback !== undefined) {
      return original(text, values, callback);
    }
    return new Promise<QueryResult>((resolve, reject) => {
      original(text, values ?? [], (error, result) => (error ? reject(error) : resolve(result)));
    });
  };
  (client as unknown as { query: LooseQuery }).query = query;
}
