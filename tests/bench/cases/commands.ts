import os from "node:os";
import { type Child, forkChild } from "../lib/child";
import { adminClient } from "../lib/client";
import { benchDatabase } from "../lib/databases";
import { benchVin } from "../lib/journalData";
import { round, summary } from "../lib/stats";
import { type BenchEnv, type CaseResult, type Engine, n } from "../lib/types";

const SERIES = 8;
const SEND_PATH = "/tsp-command/command/paramSet";
/** Concurrent senders of the API calls (operators and batch jobs). */
const SENDERS = 32;

/** A bigint column (text from pg) as a number. */
const t = (v: string | null) => Number(v);

interface Row {
  state: string;
  created_at: string;
  sent_at: string | null;
  acknowledged_at: string | null;
  finished_at: string | null;
}

/**
 * Remote commands end to end (issue 17): `terminals` simulated T-BOXes logged in to the gateway
 * (`lib/tboxLoad.ts` in its own process, answering each 0x81 参数设置 成功 at once); `commands`
 * 参数设置 commands (report period 10 s) queued through the API (sendParamSet over HTTP, 32
 * concurrent senders, spread over the terminals) and carried by the gateway's dispatcher
 * (`gateway/commands/dispatch.ts`: woken by the queue call in the same process, by each answer
 * and by a 1 s poll; each round claims the next command of every due vehicle in one statement)
 * through sent to acknowledged/success. Figures from the
 * commands' own timeline columns: commands per second from the first queued to the last
 * finished, and queued → success and sent → acknowledged latencies.
 */
export async function commandsCase(env: BenchEnv, engine: Engine): Promise<CaseResult> {
  const { terminals, commands } = env.scale.commands;
  // The machine is shared: its 1-minute load average when the case starts goes into the notes.
  const load = os.loadavg()[0]?.toFixed(2);
  const location = await benchDatabase(env, engine, `commands-${env.scale.name}`, true);
  const { child: gateway, ready } = await forkChild("lib/gatewayServe.ts", {
    BENCH_DATA_DIR: location.dataDir,
    BENCH_DATABASE_URL: location.databaseUrl ?? "",
    BENCH_VEHICLES: String(terminals),
    BENCH_VIN_SERIES: String(SERIES),
  });
  let loadGen: Child | undefined;
  try {
    const url = (ready.url as string).replace(/\/$/, "");
    const { token } = await adminClient(url);
    loadGen = (await forkChild("lib/tboxLoad.ts", {})).child;
    const connected = await loadGen.ask<{ ms: number; error?: string }>("connect", {
      port: ready.gatewayPort,
      count: terminals,
      series: SERIES,
      answerCommands: true,
    });
    if (connected.error) throw new Error(`load generator: ${connected.error}`);
    env.log(`  ${engine}: ${n(terminals)} terminals logged in in ${(connected.ms / 1000).toFixed(1)} s`);

    const started = performance.now();
    let next = 0;
    const refused: string[] = [];
    const sender = async () => {
      while (next < commands) {
        const i = next++;
        const res = await fetch(`${url}${SEND_PATH}`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({
            vin: benchVin((i * 7919) % terminals, SERIES),
            params: [{ id: 2, value: 10 }],
            ttlSeconds: 3600,
          }),
        });
        if (res.status !== 200) refused.push(`${res.status} ${(await res.text()).slice(0, 200)}`);
        else await res.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: SENDERS }, sender));
    const queuedSeconds = (performance.now() - started) / 1000;
    if (refused.length > 0) throw new Error(`${refused.length} sends refused: ${refused[0]}`);
    const query = async (text: string) => {
      const r = await gateway.ask<{ rows?: Row[]; error?: string }>("query", { sql: text });
      if (r.error) throw new Error(r.error);
      return r.rows ?? [];
    };
    const deadline = Date.now() + (env.scale.name === "smoke" ? 60_000 : 600_000);
    for (;;) {
      const open = await query(
        "select count(*) as state from gateway_command where state in ('queued', 'sent', 'acknowledged')",
      );
      if (Number(open[0]?.state) === 0) break;
      if (Date.now() > deadline) throw new Error(`${open[0]?.state} commands still open at the deadline`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const rows = await query(
      `select state, created_at, sent_at, acknowledged_at, finished_at from gateway_command where vin like 'LBENCH${SERIES}%'`,
    );
    const answered = await loadGen.ask<{ commands: number }>("answered");
    const bad = rows.filter((r) => r.state !== "success");
    if (rows.length !== commands || bad.length > 0) {
      throw new Error(`${rows.length} commands stored, ${bad.length} not successful (${bad[0]?.state})`);
    }
    if (answered.commands !== commands) throw new Error(`terminals answered ${answered.commands} of ${commands}`);
    const first = Math.min(...rows.map((r) => t(r.created_at)));
    const last = Math.max(...rows.map((r) => t(r.finished_at)));
    const rate = commands / ((last - first) / 1000);
    const e2e = summary(rows.map((r) => t(r.finished_at) - t(r.created_at)));
    const wire = summary(rows.map((r) => t(r.acknowledged_at) - t(r.sent_at)));
    const queuedToSent = summary(rows.map((r) => t(r.sent_at) - t(r.created_at)));
    const size = `${n(terminals)} connected terminals, ${n(commands)} commands`;
    env.log(`  ${engine}: ${Math.round(rate)} commands/s; queued → success p99 ${e2e.p99} ms`);
    return {
      figures: [
        {
          case: "remote commands end to end",
          figure: "commands/s, queued → sent → acknowledged (success)",
          engine,
          value: round(rate),
          unit: "commands/s",
          size,
          note: `first queued to last acknowledged ${round((last - first) / 1000)} s; the ${SENDERS} API senders queued them all in ${round(queuedSeconds)} s (${round(commands / queuedSeconds)} calls/s); every terminal answered at once; load average ${load} at the start (uptime)`,
        },
        {
          case: "remote commands end to end",
          figure: "queued → acknowledged p99",
          engine,
          value: round(e2e.p99),
          unit: "ms",
          size,
          note: `p50 ${round(e2e.p50)} ms; queued → sent p50 ${round(queuedToSent.p50)} ms, p99 ${round(queuedToSent.p99)} ms (the dispatcher's bulk claim rounds, woken by each queue call and answer); sent → acknowledged p50 ${round(wire.p50)} ms, p99 ${round(wire.p99)} ms`,
        },
      ],
      details: { [`commands.${engine}`]: { e2e, wire, queuedToSent, queuedSeconds } },
    };
  } finally {
    await loadGen?.stop(5_000);
    await gateway.stop();
  }
}
