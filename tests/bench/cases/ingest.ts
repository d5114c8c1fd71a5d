import { type Child, forkChild } from "../lib/child";
import { adminClient } from "../lib/client";
import { benchDatabase } from "../lib/databases";
import { round, summary } from "../lib/stats";
import { type BenchEnv, type CaseResult, type Engine, n } from "../lib/types";

const SERIES = 7;
const JOURNAL_PATH = "/tsp-hbase-proxy/tboxJournal/list";

/** A probe frame the load generator marked: looked for through the journal call until it shows. */
interface Probe {
  vin: string;
  collectedAt: number;
  sentAt: number;
}

/**
 * Sustained ingest (issue 16): `connections` T-BOXes (their own process, `lib/tboxLoad.ts`)
 * logged in to the gateway, which runs inside the server's process as `npm start` runs it
 * (`lib/gatewayServe.ts`); each sends GB/T 32960 real-time frames in a closed loop (the next
 * when the last is answered — the gateway answers only after the frame's batch committed). The
 * figures: answered frames per second over the measured window; time from a frame sent to it
 * being returned by the journal call (新能源国标数据, getTboxJournal over HTTP, polled every
 * 20 ms for a few sampled vehicles at a time); and the CPU each process used (is the generator
 * the bottleneck?). Memory per connection: the gateway-memory case (gatewayMemory.ts).
 */
export async function ingestCase(env: BenchEnv, engine: Engine): Promise<CaseResult> {
  const { connections, seconds, warmupSeconds, pacedSeconds } = env.scale.ingest;
  const location = await benchDatabase(env, engine, `ingest-${env.scale.name}`, true);
  const { child: gateway, ready } = await forkChild("lib/gatewayServe.ts", {
    BENCH_DATA_DIR: location.dataDir,
    BENCH_DATABASE_URL: location.databaseUrl ?? "",
    BENCH_VEHICLES: String(connections),
    BENCH_VIN_SERIES: String(SERIES),
  });
  let load: Child | undefined;
  try {
    const url = (ready.url as string).replace(/\/$/, "");
    const { token } = await adminClient(url);
    const loaded = await forkChild("lib/tboxLoad.ts", {});
    const generator = loaded.child;
    load = generator;
    const connected = await generator.ask<{ ms: number; connections: number; error?: string }>("connect", {
      port: ready.gatewayPort,
      count: connections,
      series: SERIES,
    });
    if (connected.error) throw new Error(`load generator: ${connected.error}`);
    // Memory per connection is the gateway-memory case's (gatewayMemory.ts: the gateway alone, a slope over steps).
    env.log(`  ${engine}: ${n(connections)} logged in in ${(connected.ms / 1000).toFixed(1)} s`);

    // Probes: each marked frame is looked for until the journal's newest report of its vehicle is it or later.
    let waits: number[] = [];
    const open: Probe[] = [];
    let lastAnswer = "";
    generator.on<Probe>("probe", (p) => open.push(p));
    const startTime = Date.now() - 3_600_000;
    async function lookFor(p: Probe): Promise<Probe | undefined> {
      const q = new URLSearchParams({
        journal: "energyCar",
        vin: p.vin,
        startTime: String(startTime),
        endTime: String(Date.now() + 60_000),
        pageSize: "1",
      });
      const res = await fetch(`${url}${JOURNAL_PATH}?${q}`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(10_000),
      });
      const text = await res.text();
      lastAnswer = `${res.status} ${text.slice(0, 300)}`;
      const body = JSON.parse(text) as { data?: { list: { collectedAt: number }[] } };
      const newest = body.data?.list[0]?.collectedAt ?? 0;
      if (newest >= p.collectedAt) {
        waits.push(Date.now() - p.sentAt);
        return undefined;
      }
      return p;
    }
    type Ran = {
      answered: number;
      failed: number;
      skipped: number;
      seconds: number;
      latencies: { p50: number; p99: number; n: number };
      cpuSeconds: number;
      error?: string;
    };
    /** One phase of load with the journal probes polling beside it; then until the last probes show (≤ 10 s). */
    const phase = async (body: object) => {
      waits = [];
      open.length = 0;
      let pollUntil = Number.POSITIVE_INFINITY;
      const poller = (async () => {
        while (Date.now() < pollUntil && (pollUntil === Number.POSITIVE_INFINITY || open.length > 0)) {
          const batch = open.splice(0, open.length);
          const still = await Promise.all(
            batch.map(async (p): Promise<Probe | undefined> => {
              try {
                return await lookFor(p);
              } catch (error) {
                lastAnswer = String(error);
                return p;
              }
            }),
          );
          open.unshift(...still.filter((p): p is Probe => p !== undefined));
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      const cpu0 = await gateway.ask<{ user: number; system: number }>("cpu");
      const ran = await generator.ask<Ran>("run", body);
      const cpu1 = await gateway.ask<{ user: number; system: number }>("cpu");
      pollUntil = Date.now() + 10_000;
      await poller;
      if (ran.error) throw new Error(`load generator: ${ran.error}`);
      if (ran.failed > 0) throw new Error(`${ran.failed} frames answered with another flag than 成功`);
      if (waits.length === 0)
        throw new Error(`no probe frame was seen through the journal call (last answer: ${lastAnswer})`);
      const wall = ran.seconds + ((body as { warmupSeconds?: number }).warmupSeconds ?? 0);
      return {
        ran,
        rate: ran.answered / ran.seconds,
        waits: summary(waits),
        // CPU of each process over the phase, in cores.
        gatewayCores: (cpu1.user + cpu1.system - cpu0.user - cpu0.system) / 1e6 / wall,
        loadCores: ran.cpuSeconds / ran.seconds,
      };
    };

    // 1. Saturation: one frame in flight per connection, the next on its answer.
    const sat = await phase({ seconds, warmupSeconds, probeEveryMs: 250 });
    env.log(`  ${engine}: saturated ${Math.round(sat.rate)} frames/s; journal wait p50 ${sat.waits.p50} ms`);
    // 2. Paced at half the saturated rate (open loop, every connection on its own period): the
    // latency a fleet sees when the gateway keeps up, which the saturated loop cannot show
    // (there every frame waits behind the 10,000 in flight: Little's law).
    const pacedRate = Math.max(1, sat.rate / 2);
    const periodMs = Math.round((connections / pacedRate) * 1000);
    const paced = await phase({
      seconds: pacedSeconds,
      warmupSeconds: Math.min(warmupSeconds, 5),
      probeEveryMs: 250,
      periodMs,
    });
    env.log(
      `  ${engine}: paced ${Math.round(paced.rate)} frames/s; journal wait p50 ${paced.waits.p50} ms p99 ${paced.waits.p99} ms`,
    );
    // Read-back: every answered frame is in the journal (answers come only after the commit).
    const counted = await gateway.ask<{ rows?: { n: string }[]; error?: string }>("query", {
      sql: "select count(*) as n from gateway_frame where command = 2 and status = 'ok'",
    });
    const stored = Number(counted.rows?.[0]?.n ?? 0);
    const answeredAll = sat.ran.answered + paced.ran.answered;
    if (stored < answeredAll) throw new Error(`${answeredAll} frames answered but ${stored} stored`);

    const rate = sat.rate;
    const ran = sat.ran;
    const w = paced.waits;
    const size = `${n(connections)} connections, ${n(ran.answered)} frames in ${ran.seconds.toFixed(0)} s`;
    const common = `one frame in flight per connection (closed loop); gateway process ${round(sat.gatewayCores, 2)} cores, load generator ${round(sat.loadCores, 2)} cores of 2`;
    return {
      figures: [
        {
          case: "gateway ingest",
          figure: "sustained frames/s (answered after commit)",
          engine,
          value: round(rate),
          unit: "frames/s",
          target: engine === "postgres" ? "≥ 20,000 frames/s on PostgreSQL" : undefined,
          pass: engine === "postgres" ? rate >= 20_000 : undefined,
          size,
          note: `${common}; sent → answered p50 ${round(ran.latencies.p50)} ms, p99 ${round(ran.latencies.p99)} ms`,
        },
        {
          case: "gateway ingest",
          figure: "frame sent → returned by the journal call, p99 (paced)",
          engine,
          value: round(w.p99),
          unit: "ms",
          target: "p99 ≤ 1 s",
          pass: w.p99 <= 1000,
          size: `${n(connections)} connections paced at ${n(Math.round(paced.rate))} frames/s (half the saturated rate: each sends every ${round(periodMs / 1000)} s) for ${round(paced.ran.seconds)} s`,
          note: `p50 ${round(w.p50)} ms, ${w.n} sampled frames (one every 250 ms, whichever vehicle sent it; getTboxJournal polled every 20 ms, so up to ~20 ms + one call is polling); gateway ${round(paced.gatewayCores, 2)} cores, ${paced.ran.skipped} turns skipped (answer still due); saturated, every frame waits behind the ${n(connections)} in flight: p50 ${round(sat.waits.p50)} ms, p99 ${round(sat.waits.p99)} ms`,
        },
      ],
      details: {
        [`ingest.${engine}`]: { saturated: sat, paced, periodMs, loginMs: connected.ms },
      },
    };
  } finally {
    await load?.stop(5_000);
    await gateway.stop();
  }
}
