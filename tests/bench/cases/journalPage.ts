import { sql } from "kysely";
import { authenticateToken } from "../../../apps/server/src/platform/auth";
import { encodeCursor } from "../../../apps/server/src/services/tsp-hbase-proxy/cursor";
import { journalRows, readPage, visibleTo } from "../../../apps/server/src/services/tsp-hbase-proxy/journalQuery";
import { startServer } from "../../../apps/server/src/start";
import { adminClient, journalQuery, LOGIN_LOG_PATH } from "../lib/client";
import type { DatabaseLocation } from "../lib/databases";
import { benchVin, hotTs, WINDOW } from "../lib/journalData";
import { round, summary } from "../lib/stats";
import { type BenchEnv, type CaseResult, type Figure, n } from "../lib/types";

const PAGE = 20;

/**
 * Journal page of 20 rows on the journal data set, server-side time: the whole request
 * (routing, schema validation, token check, tenant check, SQL, serialisation) through
 * Fastify's `inject`, so no socket is counted. Also, on the same data, the page-N keyset
 * query against OFFSET in plain SQL (the query the handler runs).
 */
export async function journalPageCase(env: BenchEnv, db: DatabaseLocation): Promise<CaseResult> {
  const { scale } = env;
  const spec = scale.journal;
  const size = `${n(spec.rows)} rows, ${n(spec.vins)} VINs`;
  const server = await startServer(
    { host: "127.0.0.1", port: 0, dataDir: db.dataDir, databaseUrl: db.databaseUrl, consoleDir: undefined },
    { logger: false },
  );
  try {
    const { token } = await adminClient(server.url);
    const headers = { authorization: `Bearer ${token}` };
    const page = async (vin: string, rowKey?: string) => {
      const started = performance.now();
      const res = await server.app.inject({
        method: "GET",
        url: `${LOGIN_LOG_PATH}?${journalQuery({ vin, ...WINDOW, pageSize: PAGE, rowKey })}`,
        headers,
      });
      const ms = performance.now() - started;
      const body = res.json() as { code: number; data: { list: { time: number }[]; nextKey: string | null } };
      if (res.statusCode !== 200 || body.data.list.length !== PAGE) {
        throw new Error(`journal page of ${vin} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      }
      return { ms, list: body.data.list };
    };

    // Random VINs, first page (warm-up pass first: the cache state of a busy server).
    const vinOf = (i: number) => benchVin(1 + ((i * 7919) % (spec.vins - 1)));
    for (let i = 0; i < Math.min(50, scale.samples); i++) await page(vinOf(i));
    const firstPages: number[] = [];
    for (let i = 0; i < scale.samples; i++) firstPages.push((await page(vinOf(i + 1000))).ms);

    // The hot VIN: page 1 against page N, interleaved so drift hits both alike.
    const hot = benchVin(0);
    const deep = scale.deepPage;
    const scope = { kind: "login" as const, vin: hot, desc: true, ...WINDOW };
    const afterTs = hotTs(spec.hotRows - (deep - 1) * PAGE);
    const deepKey = encodeCursor(server.ctx.secrets, scope, afterTs);
    const expectedFirst = hotTs(spec.hotRows - 1 - (deep - 1) * PAGE);
    const check = await page(hot, deepKey);
    if (check.list[0]?.time !== expectedFirst) {
      throw new Error(`page ${deep} starts at ${check.list[0]?.time}, expected ${expectedFirst}`);
    }
    const hotFirst: number[] = [];
    const hotDeep: number[] = [];
    for (let i = 0; i < 20; i++) await page(hot, i % 2 ? deepKey : undefined);
    for (let i = 0; i < scale.samples; i++) {
      hotFirst.push((await page(hot)).ms);
      hotDeep.push((await page(hot, deepKey)).ms);
    }

    // Keyset against OFFSET at page N, the handler's SQL, on the same connection pool.
    const offset = (deep - 1) * PAGE;
    const keysetSql = sql<{ ts: string }>`select vin, ts, content from vehicle_login_log
      where vin = ${hot} and ts >= ${WINDOW.startTime} and ts <= ${WINDOW.endTime} and ts < ${afterTs}
      order by ts desc limit ${PAGE}`;
    const offsetSql = sql<{ ts: string }>`select vin, ts, content from vehicle_login_log
      where vin = ${hot} and ts >= ${WINDOW.startTime} and ts <= ${WINDOW.endTime}
      order by ts desc offset ${offset} limit ${PAGE}`;
    const timeQuery = async (q: typeof keysetSql) => {
      const started = performance.now();
      const { rows } = await q.execute(server.db);
      const ms = performance.now() - started;
      if (Number(rows[0]?.ts) !== expectedFirst) throw new Error("keyset and OFFSET disagree on page N");
      return ms;
    };
    const keysetMs: number[] = [];
    const offsetMs: number[] = [];
    const offsetSamples = Math.max(5, Math.min(40, scale.samples));
    for (let i = 0; i < 3; i++) await timeQuery(offsetSql);
    for (let i = 0; i < offsetSamples; i++) {
      offsetMs.push(await timeQuery(offsetSql));
      for (let k = 0; k < 5; k++) keysetMs.push(await timeQuery(keysetSql));
    }
    const plan = async (q: string) =>
      (await sql.raw<{ "QUERY PLAN": string }>(q).execute(server.db)).rows.map((r) => r["QUERY PLAN"]).join("\n");
    const demoTenant = await server.db
      .selectFrom("tenant")
      .select("id")
      .where("code", "=", "T0001")
      .executeTakeFirstOrThrow();
    const where = `vin = '${hot}' and ts >= ${WINDOW.startTime} and ts <= ${WINDOW.endTime}`;
    const explain = {
      keyset: await plan(
        `explain (analyze, buffers) select vin, ts, content from vehicle_login_log where ${where} and ts < ${afterTs} order by ts desc limit ${PAGE}`,
      ),
      // The handler's page statement: rows and tenant check in one (the check an InitPlan).
      page: (
        await journalRows(server.ctx, "login", { vin: hot, ...WINDOW, reportTimeDesc: true })
          .where(visibleTo(server.ctx, hot, [demoTenant.id]))
          .where("ts", "<", afterTs)
          .select(["vin", "ts", "content"])
          .orderBy("ts", "desc")
          .limit(PAGE + 1)
          .explain(undefined, sql`analyze, buffers`)
      )
        .map((r) => String(r["QUERY PLAN"]))
        .join("\n"),
      offset: await plan(
        `explain (analyze, buffers) select vin, ts, content from vehicle_login_log where ${where} order by ts desc offset ${offset} limit ${PAGE}`,
      ),
    };

    // Where a request's time goes: the server's own steps, called directly (p50 each).
    const stepP50 = async (fn: () => Promise<unknown>) => {
      for (let i = 0; i < 10; i++) await fn();
      const ms: number[] = [];
      for (let i = 0; i < Math.max(10, Math.min(200, scale.samples)); i++) {
        const started = performance.now();
        await fn();
        ms.push(performance.now() - started);
      }
      return round(summary(ms).p50);
    };
    const principal = await authenticateToken(server.db, token, new Date());
    if (!principal) throw new Error("the benchmark token does not authenticate");
    const coldVin = vinOf(7);
    const breakdown = {
      authenticateToken: await stepP50(() => authenticateToken(server.db, token, new Date())),
      // The rows and the tenant check in one statement (one round trip) since 2026-11-25.
      readPage: await stepP50(() =>
        readPage(
          server.ctx,
          "login",
          { vin: coldVin, ...WINDOW, reportTimeDesc: true },
          null,
          PAGE + 1,
          principal.tenantIds,
        ),
      ),
      roundTrip: await stepP50(() => sql`select 1`.execute(server.db)),
    };

    const first = summary(firstPages);
    const hf = summary(hotFirst);
    const hd = summary(hotDeep);
    const ks = summary(keysetMs);
    const os = summary(offsetMs);
    const engine = db.engine;
    const pgTarget = engine === "postgres";
    const figures: Figure[] = [
      {
        case: "journal page of 20 rows",
        figure: "page 1, random VINs, server-side p50",
        engine,
        value: round(first.p50),
        unit: "ms",
        target: "p50 ≤ 1 ms on PostgreSQL",
        ...(pgTarget ? { pass: first.p50 <= 1 } : {}),
        size,
        note: `p95 ${round(first.p95)} ms, p99 ${round(first.p99)} ms, ${first.n} samples; steps (p50): token and principal ${breakdown.authenticateToken} ms, page SQL with the tenant check (one statement) ${breakdown.readPage} ms, one round trip (select 1) ${breakdown.roundTrip} ms`,
      },
      {
        case: "journal page of 20 rows",
        figure: `page ${n(deep)} ÷ page 1 (hot VIN, p50)`,
        engine,
        value: round(hd.p50 / hf.p50),
        unit: "×",
        target: `page ${n(deep)} ≤ 1.2 × page 1`,
        pass: hd.p50 / hf.p50 <= 1.2,
        size: `${size}; hot VIN ${n(spec.hotRows)} rows`,
        note: `page 1 p50 ${round(hf.p50)} ms, page ${n(deep)} p50 ${round(hd.p50)} ms`,
      },
      {
        case: "keyset cursor vs OFFSET",
        figure: `OFFSET ÷ keyset at page ${n(deep)} (SQL, p50)`,
        engine,
        value: round(os.p50 / ks.p50),
        unit: "×",
        target: "≥ 100 × faster",
        pass: os.p50 / ks.p50 >= 100,
        size: `${size}; offset ${n(offset)}`,
        note: `keyset p50 ${round(ks.p50)} ms, OFFSET p50 ${round(os.p50)} ms`,
      },
    ];
    return {
      figures,
      details: {
        [`journalPage.${engine}`]: {
          firstPages: first,
          hotFirst: hf,
          hotDeep: hd,
          keyset: ks,
          offset: os,
          breakdown,
          explain,
        },
      },
    };
  } finally {
    await server.close();
  }
}
