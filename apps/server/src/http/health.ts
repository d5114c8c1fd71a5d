import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { AppContext } from "../context";

/** GET /health — liveness plus a round trip to the database. Public, answers the envelope. */
export function registerHealth(app: FastifyInstance, ctx: AppContext): void {
  app.get("/health", async () => {
    const { rows } = await sql<{ ok: number }>`select 1 as ok`.execute(ctx.db);
    return { code: 200, msg: "ok", data: { status: "up", database: ctx.dbKind, dbOk: rows[0]?.ok === 1 } };
  });
}
