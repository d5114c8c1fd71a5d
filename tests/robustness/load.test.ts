import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { afterAll, describe, expect, it } from "vitest";
import { startServer } from "../../apps/server/src/start";
import { testEngine } from "../../apps/server/src/testing/testServer";
import { AUTOMATION_CLIENT } from "../contract/support/contract";
import { type SeedFacts, seedFacts } from "./support/baseline";
import { adminToken, SMALL_SEED } from "./support/fuzzServer";
import { type ServerProcess, startServerProcess } from "./support/serverProcess";
import { writeSoakFigures } from "./support/soakReport";

/**
 * Load (issue 9): 200 concurrent clients on a read/write mix against `main.ts` in its own
 * process — journal pages, the account's info and permissions, the export list (reads) and
 * token issuance through client_credentials (a write per request). Zero errors and zero
 * non-2xx answers; p99 printed. `npm test` runs one short round; `npm run soak` runs three
 * rounds of 60 s, checks that the server's memory does not keep growing, and writes the
 * figures into SECURITY.md.
 */
const engine = testEngine();
const SOAK = process.env.SOAK === "1";
const CONNECTIONS = 200;
const ROUND_SECONDS = SOAK ? 60 : 4;
const ROUNDS = SOAK ? 3 : 1;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "tsp-load-"));
let child: ServerProcess | undefined;

afterAll(async () => {
  await child?.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/** Resident memory of a process in MB (Linux /proc), or NaN elsewhere. */
async function rssMb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return Number.NaN;
  }
}

/**
 * The highest resident memory of a process while a round runs, sampled every second. A single
 * sample after the round lands anywhere in V8's collection cycle (the heap swings by about
 * 100 MB between major collections under this load while PGlite's memory stays put), so the
 * peak is what is compared across rounds: a leak raises every later peak.
 */
function peakRss(pid: number): { stop(): Promise<number> } {
  let peak = Number.NEGATIVE_INFINITY;
  const sample = async () => {
    const mb = await rssMb(pid);
    peak = Number.isNaN(mb) || Number.isNaN(peak) ? Number.NaN : Math.max(peak, mb);
  };
  const timer = setInterval(() => void sample(), 1000);
  return {
    async stop() {
      clearInterval(timer);
      await sample();
      return peak;
    },
  };
}

function requestsMix(facts: SeedFacts, token: string): autocannon.Request[] {
  const auth = { authorization: `Bearer ${token}` };
  const basic = `Basic ${Buffer.from(`${AUTOMATION_CLIENT.clientId}:${AUTOMATION_CLIENT.clientSecret}`).toString("base64")}`;
  const journal = `/tsp-hbase-proxy/vehicleLog/getLoginLog?vin=${facts.vin}&startTime=${facts.startTime}&endTime=${facts.endTime}&pageSize=20`;
  return [
    { method: "GET", path: journal, headers: auth },
    { method: "GET", path: "/comm-inc-center/v1/web/home/user/myInfo", headers: auth },
    { method: "GET", path: "/comm-inc-center/v1/web/home/user/permissions", headers: auth },
    {
      method: "POST",
      path: "/b-iam-account/oauth/token",
      headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    },
    { method: "GET", path: `${journal.replace("getLoginLog", "getLogoutLog")}&reportTimeDesc=false`, headers: auth },
    { method: "GET", path: "/comm-inc-center/v1/web/exportFile/list?pageNum=1&pageSize=10", headers: auth },
  ];
}

interface Round {
  requests: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  p50: number;
  p99: number;
  rps: number;
  rssMb: number;
}

describe.skipIf(engine.skip || engine.kind !== "pglite")(
  `${CONNECTIONS} concurrent clients on a read/write mix`,
  () => {
    it(
      `answers ${ROUNDS} round(s) of ${ROUND_SECONDS} s with no error${SOAK ? " and flat memory" : ""}`,
      async () => {
        const prep = await startServer(
          { host: "127.0.0.1", port: 0, dataDir, databaseUrl: undefined, consoleDir: undefined },
          { seed: SMALL_SEED },
        );
        const facts = await seedFacts(prep.db, "T0001");
        await prep.close();
        child = await startServerProcess(dataDir);
        const token = await adminToken(child.url);
        const pid = child.child.pid ?? 0;
        const startRss = await rssMb(pid);
        const rounds: Round[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          const rss = peakRss(pid);
          const result = await autocannon({
            url: child.url.replace(/\/$/, ""),
            connections: CONNECTIONS,
            duration: ROUND_SECONDS,
            timeout: 30,
            requests: requestsMix(facts, token),
          });
          rounds.push({
            requests: result.requests.total,
            errors: result.errors,
            non2xx: result.non2xx,
            timeouts: result.timeouts,
            p50: result.latency.p50,
            p99: result.latency.p99,
            rps: Math.round(result.requests.average),
            rssMb: await rss.stop(),
          });
          const r = rounds[i] as Round;
          console.log(
            `load round ${i + 1}/${ROUNDS}: ${r.requests} requests in ${ROUND_SECONDS} s (${r.rps}/s), ${r.errors} errors, ${r.non2xx} non-2xx, ${r.timeouts} timeouts, p50 ${r.p50} ms, p99 ${r.p99} ms, peak server RSS ${r.rssMb} MB (${startRss} MB before)`,
          );
        }
        if (SOAK) {
          const [first, second, third] = rounds as [Round, Round, Round];
          await writeSoakFigures([
            `Measured by \`npm run soak\` on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC (${os.cpus().length} cores, Node ${process.version}), ${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_SECONDS} s against \`main.ts\` on PGlite:`,
            "",
            "| round | requests | errors | of which timeouts (> 30 s) | non-2xx | p50 ms | p99 ms | requests/s | peak server RSS MB |",
            "|---|---|---|---|---|---|---|---|---|",
            ...rounds.map(
              (r, i) =>
                `| ${i + 1} | ${r.requests} | ${r.errors} | ${r.timeouts} | ${r.non2xx} | ${r.p50} | ${r.p99} | ${r.rps} | ${r.rssMb} |`,
            ),
            "",
            `Server RSS before the first round: ${startRss} MB.`,
          ]);
          // Round 1 warms caches and PGlite's WebAssembly heap; after it memory must level off.
          expect(third.rssMb).toBeLessThanOrEqual(Math.max(second.rssMb, first.rssMb) * 1.15);
        }
        for (const r of rounds) {
          expect(r.requests).toBeGreaterThan(0);
          expect(r.errors).toBe(0);
          expect(r.timeouts).toBe(0);
          expect(r.non2xx).toBe(0);
        }
        await child.kill("SIGTERM");
        child = undefined;
      },
      SOAK ? 900_000 : 300_000,
    );
  },
);
