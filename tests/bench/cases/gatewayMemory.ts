import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { startServer } from "../../../apps/server/src/start";
import { type Child, forkChild } from "../lib/child";
import { benchDatabase } from "../lib/databases";
import { insertVehicles } from "../lib/journalData";
import { round } from "../lib/stats";
import { type BenchEnv, type CaseResult, type Engine, n } from "../lib/types";

const SERIES = 8;
const kb = (b: number) => round(b / 1024);

interface Reading {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

/** Least squares y = a + b·x with its R² (1 when every point is on the line). */
export function leastSquares(
  xs: readonly number[],
  ys: readonly number[],
): { slope: number; intercept: number; r2: number } {
  const k = xs.length;
  const mx = xs.reduce((s, x) => s + x, 0) / k;
  const my = ys.reduce((s, y) => s + y, 0) / k;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < k; i++) {
    const dx = (xs[i] as number) - mx;
    const dy = (ys[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  const slope = sxx === 0 ? 0 : sxy / sxx;
  return { slope, intercept: my - slope * mx, r2: syy === 0 ? 1 : (sxy * sxy) / (sxx * syy) };
}

const median = (xs: readonly number[]) => {
  const s = xs.toSorted((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/** The parts of a V8 heap snapshot (.heapsnapshot JSON) read here. */
interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: unknown[] } };
  nodes: number[];
  strings: string[];
}

/** Self size and count of a heap snapshot's nodes, by type and constructor (or function) name. */
export function heapGroups(snapshot: HeapSnapshot): Map<string, { count: number; bytes: number }> {
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0] as string[];
  const width = fields.length;
  const [at, nameAt, sizeAt] = ["type", "name", "self_size"].map((f) => fields.indexOf(f)) as [number, number, number];
  const groups = new Map<string, { count: number; bytes: number }>();
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    const type = types[snapshot.nodes[i + at] as number] ?? "?";
    // Strings, numbers and code are named by their content: group them by type only.
    const byContent = type.endsWith("string") || type === "number" || type === "code" || type === "bigint";
    const key = byContent ? type : `${type} ${snapshot.strings[snapshot.nodes[i + nameAt] as number] || "(anonymous)"}`;
    const g = groups.get(key) ?? { count: 0, bytes: 0 };
    g.count += 1;
    g.bytes += snapshot.nodes[i + sizeAt] as number;
    groups.set(key, g);
  }
  return groups;
}

/** What `per` more connections added to the heap, by group, the largest first (per connection). */
function perConnection(
  more: Map<string, { count: number; bytes: number }>,
  fewer: Map<string, { count: number; bytes: number }>,
  per: number,
): { group: string; count: number; bytes: number }[] {
  const out: { group: string; count: number; bytes: number }[] = [];
  for (const [group, g] of more) {
    const f = fewer.get(group) ?? { count: 0, bytes: 0 };
    out.push({ group, count: (g.count - f.count) / per, bytes: (g.bytes - f.bytes) / per });
  }
  return out.toSorted((a, b) => b.bytes - a.bytes);
}

/**
 * Gateway memory per connection (issue 16), by a method meant to give the same answer twice:
 * the gateway alone in its own process (`lib/gatewayAlone.ts`, as `npm run gateway` runs it,
 * with --expose-gc); a load generator in another process (`lib/tboxLoad.ts`) logs in idle
 * GB/T 32960 connections in steps (full: 0, 2,500, 5,000, 7,500, 10,000); at each step the gateway is
 * collected a few times, left until quiet, and RSS and the V8 heap are read several times (each
 * after a collection) and their medians kept. The figures are the least-squares slopes over the
 * steps with connections (full: 2,500 to 10,000), bytes per connection, with R². What a connection is made of: two heap snapshots, with
 * every connection and after the last half were closed, diffed by constructor (the heap only:
 * the socket's native side — libuv handle, kernel buffers — is in the RSS slope, not in the
 * snapshot).
 */
export async function gatewayMemoryCase(env: BenchEnv, engine: Engine): Promise<CaseResult> {
  const { steps, gcs, samples, quietMs, snapshots } = env.scale.gatewayMemory;
  const most = Math.max(...steps);
  env.log(`  ${engine}: gateway memory, steps ${steps.map(n).join(", ")}`);
  const location = await benchDatabase(env, engine, `gateway-memory-${env.scale.name}`, true);
  // The demo seed (tenant) and the vehicles the connections log in as, before the gateway starts.
  const server = await startServer(
    {
      host: "127.0.0.1",
      port: 0,
      dataDir: location.dataDir,
      databaseUrl: location.databaseUrl,
      consoleDir: undefined,
    },
    // The smallest demo seed: only its tenant is needed (the bench vehicles belong to it).
    { logger: false, seed: { sizes: { vehiclesPerTenant: 1, journalPerVehicle: 1 } } },
  );
  try {
    await insertVehicles(server.db, most, SERIES);
  } finally {
    await server.close();
  }
  env.log(`  ${engine}: database ready with ${n(most)} vehicles`);
  const { child: gateway, ready } = await forkChild("lib/gatewayAlone.ts", {
    BENCH_DATA_DIR: location.dataDir,
    BENCH_DATABASE_URL: location.databaseUrl ?? "",
  });
  let load: Child | undefined;
  const files = [0, 1].map((i) => path.join(env.workDir, `gateway-memory-${engine}-${process.pid}-${i}.heapsnapshot`));
  try {
    load = (await forkChild("lib/tboxLoad.ts", {})).child;
    const settle = async () =>
      gateway.ask<{ samples: Reading[]; waitedMs: number; connections: number }>("settle", {
        gcs,
        quietMs,
        samples,
        gapMs: 100,
      });
    const points: { connections: number; median: Reading; spread: number }[] = [];
    let open = 0;
    let loginMs = 0;
    for (const step of steps.toSorted((a, b) => a - b)) {
      if (step > open) {
        const connected = await load.ask<{ ms: number; error?: string }>("connect", {
          port: ready.gatewayPort,
          count: step - open,
          series: SERIES,
          from: open,
        });
        if (connected.error) throw new Error(`load generator: ${connected.error}`);
        loginMs += connected.ms;
        open = step;
      }
      const settled = await settle();
      if (settled.connections !== step)
        throw new Error(`gateway holds ${settled.connections} connections, not ${step}`);
      const pick = (k: keyof Reading) => median(settled.samples.map((s) => s[k]));
      const rss = settled.samples.map((s) => s.rss);
      points.push({
        connections: step,
        median: {
          rss: pick("rss"),
          heapUsed: pick("heapUsed"),
          heapTotal: pick("heapTotal"),
          external: pick("external"),
          arrayBuffers: pick("arrayBuffers"),
        },
        spread: Math.max(...rss) - Math.min(...rss),
      });
      env.log(
        `  ${engine}: ${n(step)} connections: RSS ${round(pick("rss") / 2 ** 20)} MB, heap ${round(pick("heapUsed") / 2 ** 20)} MB (quiet after ${settled.waitedMs} ms)`,
      );
    }
    // The slope over the steps with connections: the first logins also pay one-time costs (the
    // pool's connections, compiled code, allocator arenas) that the 0 step does not hold, so with it
    // the RSS slope swung 4.3–7.1 KB between two runs while the steps from 2,500 on agreed.
    const fitted = points.filter((p) => p.connections > 0);
    const xs = fitted.map((p) => p.connections);
    const slopeOf = (k: keyof Reading) =>
      leastSquares(
        xs,
        fitted.map((p) => p.median[k]),
      );
    const rss = slopeOf("rss");
    const heap = slopeOf("heapUsed");
    const external = slopeOf("external");

    // Composition: the heap with every connection, then after the last half closed (and collected).
    const closing = Math.floor(most / 2);
    let composition = "heap snapshots not taken at this scale";
    let parts: { group: string; count: number; bytes: number }[] = [];
    if (snapshots) {
      await gateway.ask("snapshot", { file: files[0] });
      await load.ask("close", { count: closing });
      const after = await settle();
      if (after.connections !== most - closing)
        throw new Error(`gateway holds ${after.connections} connections after closing ${closing}`);
      await gateway.ask("snapshot", { file: files[1] });
      const [more, fewer] = await Promise.all(
        files.map(async (f) => heapGroups(JSON.parse(await readFile(f, "utf8")) as HeapSnapshot)),
      );
      parts = perConnection(more ?? new Map(), fewer ?? new Map(), closing);
      const grew = parts.filter((p) => p.bytes > 0);
      const top = grew
        .slice(0, 10)
        .map((p) => `${p.group.replace(/^object /, "")} ${round(p.count, 2)}× ${Math.round(p.bytes)} B`)
        .join(", ");
      const released = (points.at(-1)?.median.heapUsed ?? 0) - median(after.samples.map((s) => s.heapUsed));
      composition = `heap snapshot diff (${n(most)} connections against ${n(most - closing)} after closing ${n(closing)}): ${round(grew.reduce((s, p) => s + p.bytes, 0))} B/connection in the groups that grew (net ${round(parts.reduce((s, p) => s + p.bytes, 0))} B), largest: ${top}; closing them released ${round(released / closing / 1024)} KB/connection of heap used`;
      env.log(`  ${engine}: ${composition}`);
    }

    const stepsText = points
      .map((p) => `${n(p.connections)}: ${round(p.median.rss / 2 ** 20)} / ${round(p.median.heapUsed / 2 ** 20)} MB`)
      .join("; ");
    const method = `gateway alone in its own process (as npm run gateway), connections logged in by a separate load process in steps; per step ${gcs} forced collections, quiet (< 5 % of a core over ${quietMs} ms), median of ${samples} readings; least-squares slope over the steps from ${n(xs[0] ?? 0)} on (the 0 step is the start)`;
    const size = `${points.map((p) => n(p.connections)).join(" / ")} idle logged-in GB/T 32960 connections`;
    const pglite =
      engine === "pglite" ? " PGlite's WebAssembly heap is in this process (the logins' rows grow it)." : "";
    return {
      figures: [
        {
          case: "gateway memory",
          figure: "RSS per idle logged-in connection (slope)",
          engine,
          value: kb(rss.slope),
          unit: "KB",
          size,
          note: `R² ${round(rss.r2, 4)}, intercept ${round(rss.intercept / 2 ** 20)} MB; medians RSS / heap used per step ${stepsText}; ${method}.${pglite} Logins took ${round(loginMs / 1000)} s`,
        },
        {
          case: "gateway memory",
          figure: "V8 heap used per idle logged-in connection (slope)",
          engine,
          value: kb(heap.slope),
          unit: "KB",
          size,
          note: `R² ${round(heap.r2, 4)}; external ${kb(external.slope)} KB/connection (R² ${round(external.r2, 4)}); ${composition}`,
        },
      ],
      details: {
        [`gatewayMemory.${engine}`]: {
          points,
          rss,
          heap,
          external,
          composition: parts.slice(0, 25),
        },
      },
    };
  } finally {
    await load?.stop(5_000);
    await gateway.stop();
    await Promise.all(files.map((f) => rm(f, { force: true })));
  }
}
