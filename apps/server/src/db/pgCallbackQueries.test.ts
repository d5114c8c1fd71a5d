import { Client, Pool, type PoolClient } from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { testEngine } from "../testing/testServer";
import { openDatabase } from "./database";
import { redirect } from "./pgCallbackQueries";

/**
 * The pool clients' plain queries go through pg's callback form (pgCallbackQueries.ts: the
 * export's memory growth). PostgreSQL only: PGlite has no pg clients.
 */
const engine = testEngine();

describe.skipIf(engine.kind !== "postgres" || engine.skip)("pg clients answering by callback", () => {
  let pool: Pool;
  beforeAll(() => {
    pool = new Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 2 });
  });
  afterAll(() => pool?.end());

  const restores: (() => void)[] = [];
  afterEach(() => {
    for (const restore of restores.splice(0)) restore();
  });

  /**
   * A checked-out client, redirected, then watched as the Citus suite (vinFilter.test.ts) records
   * statements: a wrapper put on `Client.prototype.query` after the redirect must see the calls.
   */
  async function watchedClient(): Promise<{ client: PoolClient; calls: unknown[][] }> {
    const client = await pool.connect();
    redirect(client);
    const calls: unknown[][] = [];
    const own = Client.prototype.query;
    Client.prototype.query = function (this: Client, ...args: unknown[]) {
      if (this === client) calls.push(args);
      return (own as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof own;
    restores.push(() => {
      Client.prototype.query = own;
    });
    return { client, calls };
  }

  it("answers query(text, values) with the rows, calling pg with a callback", async () => {
    const { client, calls } = await watchedClient();
    try {
      const answer = await client.query("select $1::int + 1 as n, 'a' as s", [41]);
      expect(answer.rows).toEqual([{ n: 42, s: "a" }]);
      expect(calls).toHaveLength(1);
      expect(calls[0]?.[0]).toBe("select $1::int + 1 as n, 'a' as s");
      expect(calls[0]?.[1]).toEqual([41]);
      expect(typeof calls[0]?.[2]).toBe("function");
      const noValues = await client.query("select 7 as n");
      expect(noValues.rows).toEqual([{ n: 7 }]);
      expect(typeof calls[1]?.[2]).toBe("function");
    } finally {
      client.release();
    }
  });

  it("rejects with PostgreSQL's own error, and the client stays usable", async () => {
    const { client } = await watchedClient();
    try {
      await expect(client.query("select * from no_such_table_here", [])).rejects.toMatchObject({
        code: "42P01",
        message: expect.stringContaining("no_such_table_here"),
      });
      expect((await client.query("select 1 as one", [])).rows).toEqual([{ one: 1 }]);
    } finally {
      client.release();
    }
  });

  it("hands config objects and calls with their own callback to pg unchanged", async () => {
    const { client, calls } = await watchedClient();
    try {
      const byConfig = await client.query({ text: "select $1::text as t", values: ["x"], rowMode: "array" });
      expect(byConfig.rows).toEqual([["x"]]);
      expect(calls[0]).toHaveLength(3);
      expect(calls[0]?.[2]).toBeUndefined();
      const own = await new Promise<number>((resolve, reject) => {
        client.query("select 5 as n", [], (error, result) => (error ? reject(error) : resolve(result.rows[0].n)));
      });
      expect(own).toBe(5);
    } finally {
      client.release();
    }
  });

  it("is how the server's PostgreSQL pool answers Kysely (transactions included)", async () => {
    const opened = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: "unused" });
    try {
      const { sql } = await import("kysely");
      const one = await sql<{ n: number }>`select ${3}::int as n`.execute(opened.db);
      expect(one.rows).toEqual([{ n: 3 }]);
      // A failed statement inside a transaction still rolls it back (the error reaches Kysely).
      await expect(
        opened.db.transaction().execute(async (tx) => {
          await sql`create table if not exists cb_probe_tx (n int primary key)`.execute(tx);
          await sql`insert into cb_probe_tx values (1)`.execute(tx);
          await sql`insert into cb_probe_tx values (1)`.execute(tx);
        }),
      ).rejects.toMatchObject({ code: "23505" });
      const left = await sql<{ t: string | null }>`select to_regclass('cb_probe_tx')::text as t`.execute(opened.db);
      expect(left.rows[0]?.t).toBeNull();
    } finally {
      await opened.close();
    }
  });
});
