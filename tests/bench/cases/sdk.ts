import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createTspClient, memoryTokenStore, unwrap } from "@tsp/sdk";
import { sdkGzipSize } from "../../../packages/sdk/test/bundleSize";
import { adminClient, journalQuery, LOGIN_LOG_PATH } from "../lib/client";
import type { DatabaseLocation } from "../lib/databases";
import { benchVin, WINDOW } from "../lib/journalData";
import { startServerProcess } from "../lib/serverProcess";
import { percentile, round, summary } from "../lib/stats";
import type { BenchEnv, CaseResult, Figure } from "../lib/types";

/** Milliseconds of one call. */
async function time(fn: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Same page through raw fetch (+ JSON parse) and through the SDK (envelope check, token, dedupe, timeout), interleaved. */
async function compare(baseUrl: string, token: string, calls: number, warmup = 50) {
  const sdk = createTspClient({ baseUrl, tokenStore: memoryTokenStore(token) });
  const query = { vin: benchVin(1), ...WINDOW, pageSize: 20 };
  const url = `${baseUrl}${LOGIN_LOG_PATH}?${journalQuery(query)}`;
  const headers = { authorization: `Bearer ${token}` };
  const raw = async () => {
    const res = await fetch(url, { headers });
    const body = (await res.json()) as { code: number; data: { list: unknown[] } };
    if (!res.ok || body.data.list.length !== 20) throw new Error("raw fetch: unexpected answer");
  };
  const typed = async () => {
    const page = unwrap(await sdk.GET("/tsp-hbase-proxy/vehicleLog/getLoginLog", { params: { query } }));
    if (page.list.length !== 20) throw new Error("SDK: unexpected answer");
  };
  for (let i = 0; i < warmup; i++) {
    await raw();
    await typed();
  }
  const rawMs: number[] = [];
  const sdkMs: number[] = [];
  for (let i = 0; i < calls; i++) {
    // Alternate which goes first so neither always meets a warmer connection.
    if (i % 2) {
      rawMs.push(await time(raw));
      sdkMs.push(await time(typed));
    } else {
      sdkMs.push(await time(typed));
      rawMs.push(await time(raw));
    }
  }
  // The median of the pairs' differences (each SDK call against the raw call next to it) moves
  // less with the machine's load than the difference of the two medians; reported beside it.
  const paired = percentile(
    sdkMs.map((ms, i) => ms - (rawMs[i] as number)),
    50,
  );
  return { raw: summary(rawMs), sdk: summary(sdkMs), rawMean: mean(rawMs), sdkMean: mean(sdkMs), paired };
}

/** A stand-in server answering one canned page at once: the SDK's own cost with nothing else in the way. */
async function cannedServer() {
  const body = JSON.stringify({
    code: 200,
    msg: "操作成功",
    data: {
      list: Array.from({ length: 20 }, (_, i) => ({
        vin: benchVin(1),
        time: WINDOW.startTime + i,
        content: "232301FE",
      })),
      nextKey: null,
    },
  });
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** SDK: runtime size beyond openapi-fetch; per-call overhead against raw fetch. */
export async function sdkCase(env: BenchEnv, db: DatabaseLocation): Promise<CaseResult> {
  const runtime = await sdkGzipSize(false);
  const withTable = await sdkGzipSize(true);
  const server = await startServerProcess({ dataDir: db.dataDir, databaseUrl: db.databaseUrl });
  let real: Awaited<ReturnType<typeof compare>>;
  try {
    const { token } = await adminClient(server.url);
    real = await compare(server.url.replace(/\/$/, ""), token, env.scale.sdkCalls);
  } finally {
    await server.stop();
  }
  const canned = await cannedServer();
  let bare: Awaited<ReturnType<typeof compare>>;
  try {
    // A figure of µs: warm both paths until V8 has optimised them (50 calls leave them interpreted).
    bare = await compare(canned.url, "token", env.scale.sdkCalls, env.scale.sdkCalls);
  } finally {
    await canned.close();
  }
  const overhead = real.sdk.p50 / real.raw.p50 - 1;
  const perCall = (bare.sdk.p50 - bare.raw.p50) * 1000;
  const figures: Figure[] = [
    {
      case: "SDK",
      figure: "runtime beyond openapi-fetch (minified, gzip -9)",
      value: round(runtime / 1024),
      unit: "KB",
      target: "≤ 6 KB",
      pass: runtime <= 6 * 1024,
      size: "packages/sdk/src/index.ts bundle",
      note: `with the generated operations table ${round(withTable / 1024)} KB`,
    },
    {
      case: "SDK",
      figure: "per-call overhead vs raw fetch (journal page of 20, p50)",
      engine: db.engine,
      value: round(overhead * 100),
      unit: "%",
      target: "≤ 5 %",
      pass: overhead <= 0.05,
      size: `${env.scale.sdkCalls} calls each, interleaved`,
      note: `raw p50 ${round(real.raw.p50)} ms, SDK p50 ${round(real.sdk.p50)} ms; means ${round(real.rawMean)} / ${round(real.sdkMean)} ms`,
    },
    {
      case: "SDK",
      figure: "SDK cost per call against a canned answer (p50 difference)",
      value: round(perCall),
      unit: "µs",
      target: "≤ 50 µs",
      pass: perCall <= 50,
      size: `${env.scale.sdkCalls} calls each`,
      note: `raw p50 ${round(bare.raw.p50)} ms, SDK p50 ${round(bare.sdk.p50)} ms (${round((bare.sdk.p50 / bare.raw.p50 - 1) * 100)} %); median of paired differences ${round(bare.paired * 1000)} µs`,
    },
  ];
  return { figures };
}
