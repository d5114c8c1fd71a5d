import type { TboxJournal } from "@tsp/domain";
import { CompiledQuery, sql } from "kysely";
import { encodeCursor } from "../../../apps/server/src/services/tsp-hbase-proxy/cursor";
import { journalPageQuery } from "../../../apps/server/src/services/tsp-hbase-proxy/journals/journalScan";
import { startServer } from "../../../apps/server/src/start";
import { adminClient } from "../lib/client";
import { benchDatabase, type DatabaseLocation } from "../lib/databases";
import { FRAME_SERIES, fillFrameJournal, frameJournalPresent, hotFrameVin } from "../lib/gatewayFrameData";
import { benchVin, WINDOW } from "../lib/journalData";
import { round, summary } from "../lib/stats";
import { type BenchEnv, type CaseResult, type Engine, type Figure, n } from "../lib/types";

const PAGE = 20;
const PATH = "/tsp-hbase-proxy/tboxJournal/list";
/** 新能源国标数据 (every real-time unit) and 车辆位置报文 (every unit with a position): both read every frame of the set. */
const JOURNALS: { journal: TboxJournal; title: string }[] = [
  { journal: "energyCar", title: "新能源国标数据" },
  { journal: "location", title: "车辆位置报文" },
];

const open = (at: DatabaseLocation) =>
  startServer(
    { host: "127.0.0.1", port: 0, dataDir: at.dataDir, databaseUrl: at.databaseUrl, consoleDir: undefined },
    { logger: false },
  );

/** The frame journal data set on the engine: the server's migrations and seed, then `fillFrameJournal`; reused when present. */
async function frameJournalDatabase(env: BenchEnv, engine: Engine): Promise<DatabaseLocation> {
  const name = `gateway-journal-${env.scale.name}`;
  let location = await benchDatabase(env, engine, name, false);
  let server = await open(location);
  try {
    if (await frameJournalPresent(server.db, env.scale.journal)) {
      env.log(`${engine}: gateway frame journal already there (${name})`);
      return location;
    }
    const leftovers = await server.db
      .selectFrom("vehicle")
      .select("vin")
      .where("vin", "=", hotFrameVin())
      .executeTakeFirst();
    if (leftovers) {
      await server.close();
      location = await benchDatabase(env, engine, name, true);
      server = await open(location);
    }
    const { seconds } = await fillFrameJournal(server.db, env.scale.journal, (l) => env.log(`${engine}: ${l}`));
    env.log(`${engine}: gateway frame journal filled in ${seconds.toFixed(1)} s`);
    return location;
  } finally {
    await server.close();
  }
}

/**
 * The gateway's frame journals (issue 16) on the frame journal data set (`gatewayFrameData.ts`:
 * as many rows as the login journal's set, in `gateway_frame`'s day partitions): a page of 20
 * reports of 新能源国标数据 and 车辆位置报文 through the whole request (Fastify `inject`: routing,
 * validation, token, tenant, SQL, decoding each frame on read), page 1 of random VINs, and the
 * hot VIN's page 1 against its page N (the issue: page 10,000 costs what page 1 costs).
 */
export async function gatewayJournalCase(env: BenchEnv, engine: Engine): Promise<CaseResult> {
  const { scale } = env;
  const spec = scale.journal;
  const db = await frameJournalDatabase(env, engine);
  const size = `${n(spec.rows)} frames, ${n(spec.vins)} VINs`;
  const server = await startServer(
    { host: "127.0.0.1", port: 0, dataDir: db.dataDir, databaseUrl: db.databaseUrl, consoleDir: undefined },
    { logger: false },
  );
  try {
    const { token } = await adminClient(server.url);
    const headers = { authorization: `Bearer ${token}` };
    const hot = hotFrameVin();
    const { rows } = await sql<{ n: string }>`select count(*) as n from gateway_frame where vin = ${hot}`.execute(
      server.db,
    );
    if (Number(rows[0]?.n) !== spec.hotRows) throw new Error(`hot VIN holds ${rows[0]?.n} frames, not ${spec.hotRows}`);
    const deep = scale.deepPage;
    // Page N of the hot VIN, newest first: after the last frame of page N − 1, starting at the next.
    const { rows: around } = await sql<{ id: string }>`select id from gateway_frame where vin = ${hot}
      order by id desc offset ${(deep - 1) * PAGE - 1} limit 2`.execute(server.db);
    const afterId = Number(around[0]?.id);
    const deepFirst = Number(around[1]?.id);
    const figures: Figure[] = [];
    const details: Record<string, unknown> = {};
    for (const { journal, title } of JOURNALS) {
      const page = async (vin: string, rowKey?: string) => {
        const q = new URLSearchParams({
          journal,
          vin,
          startTime: String(WINDOW.startTime),
          endTime: String(WINDOW.endTime),
          pageSize: String(PAGE),
        });
        if (rowKey) q.set("rowKey", rowKey);
        const started = performance.now();
        const res = await server.app.inject({ method: "GET", url: `${PATH}?${q}`, headers });
        const ms = performance.now() - started;
        const body = res.json() as { data: { list: { frameId: number }[] } };
        if (res.statusCode !== 200 || body.data.list.length !== PAGE) {
          throw new Error(`${journal} page of ${vin} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
        }
        return { ms, list: body.data.list };
      };
      const vinOf = (i: number) => benchVin(1 + ((i * 7919) % (spec.vins - 1)), FRAME_SERIES);
      for (let i = 0; i < Math.min(50, scale.samples); i++) await page(vinOf(i));
      const firstPages: number[] = [];
      for (let i = 0; i < scale.samples; i++) firstPages.push((await page(vinOf(i + 1000))).ms);

      // Page N of the hot VIN: the cursor after the last frame of page N − 1 .
      const scope = {
        kind: `tbox:${journal}` as const,
        vin: [hot, "", "", "", "", "", "", "", ""].join("~"),
        desc: true,
        ...WINDOW,
      };
      const deepKey = encodeCursor(server.ctx.secrets, scope, afterId);
      const check = await page(hot, deepKey);
      if (check.list[0]?.frameId !== deepFirst) {
        throw new Error(`page ${deep} starts at frame ${check.list[0]?.frameId}, expected ${deepFirst}`);
      }
      const hotFirst: number[] = [];
      const hotDeep: number[] = [];
      for (let i = 0; i < 10; i++) await page(hot, i % 2 ? deepKey : undefined);
      for (let i = 0; i < scale.samples; i++) {
        hotFirst.push((await page(hot)).ms);
        hotDeep.push((await page(hot, deepKey)).ms);
      }
      const first = summary(firstPages);
      const hf = summary(hotFirst);
      const hd = summary(hotDeep);
      figures.push(
        {
          case: `gateway journal ${title}, page of 20`,
          figure: "page 1, random VINs, server-side p50",
          engine,
          value: round(first.p50),
          unit: "ms",
          size,
          note: `p95 ${round(first.p95)} ms, p99 ${round(first.p99)} ms, ${first.n} samples (each report decoded from its raw frame on read)`,
        },
        {
          case: `gateway journal ${title}, page of 20`,
          figure: `page ${n(deep)} ÷ page 1 (hot VIN, p50)`,
          engine,
          value: round(hd.p50 / hf.p50),
          unit: "×",
          target: `page ${n(deep)} ≤ 1.2 × page 1`,
          pass: hd.p50 / hf.p50 <= 1.2,
          size: `${size}; hot VIN ${n(spec.hotRows)} frames`,
          note: `page 1 p50 ${round(hf.p50)} ms (p99 ${round(hf.p99)}), page ${n(deep)} p50 ${round(hd.p50)} ms (p99 ${round(hd.p99)})`,
        },
      );
      details[`gatewayJournal.${engine}.${journal}`] = { firstPages: first, hotFirst: hf, hotDeep: hd };
    }
    // The page's frame query as the handler builds it (journalPageQuery), explained for the hot
    // VIN's page 1 and its deep page: both must be backward scans of the (vin, id) index.
    const owner = await server.db
      .selectFrom("vehicle")
      .select("tenant_id")
      .where("vin", "=", hot)
      .executeTakeFirstOrThrow();
    const explain = async (after: number | null) => {
      const query = journalPageQuery(
        server.ctx,
        { journal: "energyCar", vin: hot, ...WINDOW, reportTimeDesc: true },
        [Number(owner.tenant_id)],
        after,
        200,
      ).compile();
      const plan = await server.db.executeQuery<{ "QUERY PLAN": string }>(
        CompiledQuery.raw(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]),
      );
      return plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
    };
    details[`gatewayJournal.${engine}.explainPage1`] = await explain(null);
    details[`gatewayJournal.${engine}.explainDeep`] = await explain(afterId);
    return { figures, details };
  } finally {
    await server.close();
  }
}
