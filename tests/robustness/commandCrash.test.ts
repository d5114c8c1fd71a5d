import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { startSimVehicle } from "@tsp/domain";
import { afterAll, describe, expect, it } from "vitest";
import { createRng } from "../../apps/server/src/seed/rng";
import { GbtTerminal } from "../../apps/server/src/simulator/gbtTerminal";
import { type RunningServer, startServer } from "../../apps/server/src/start";
import { testEngine } from "../../apps/server/src/testing/testServer";
import { adminToken, SMALL_SEED } from "./support/fuzzServer";
import { type ServerProcess, startServerProcess } from "./support/serverProcess";

/**
 * A crash mid-command (issue 17): the server (with its gateway) is SIGKILLed while a command is
 * `sent` and unanswered and a second one waits behind it; started again on the same PGlite
 * folder, the first is never sent again (it expires at its TTL) and the second reaches the
 * reconnecting terminal and succeeds — nothing lost, nothing sent twice. PGlite only (the
 * engine a crash can damage).
 */
const engine = testEngine();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "tsp-command-crash-"));
let child: ServerProcess | undefined;
const terminals: GbtTerminal[] = [];

afterAll(async () => {
  for (const t of terminals) await t.close(Date.now()).catch(() => undefined);
  await child?.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === "object" && address ? address.port : 0;
}

async function api(base: string, token: string, method: string, route: string, body?: unknown) {
  const res = await fetch(new URL(route, base), {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as { code: number; data: { id: number; state: string; reason: string | null } };
}

async function online(vin: string, port: number, silent: boolean): Promise<GbtTerminal> {
  const t = new GbtTerminal(
    { vin, protocol: "gbt32960" },
    { host: "127.0.0.1", port },
    silent ? { silentRate: 1 } : {},
  );
  terminals.push(t);
  await t.report({ ...startSimVehicle(0, Date.now(), createRng(9).next), linkDown: false });
  return t;
}

describe.skipIf(engine.kind !== "pglite")("remote commands across a SIGKILL", () => {
  it("a sent command is not re-sent after the crash; the one queued behind it is delivered", async () => {
    const prepared: RunningServer = await startServer(
      { host: "127.0.0.1", port: 0, dataDir, databaseUrl: undefined, consoleDir: undefined },
      { seed: SMALL_SEED },
    );
    const row = await prepared.db
      .selectFrom("vehicle")
      .innerJoin("tenant", "tenant.id", "vehicle.tenant_id")
      .select("vin")
      .where("tenant.code", "=", "T0001")
      .orderBy("vin")
      .executeTakeFirstOrThrow();
    await prepared.close();
    const vin = row.vin;
    const port = await freePort();
    child = await startServerProcess(dataDir, 120_000, { GATEWAY_PORT: String(port) });
    let token = await adminToken(child.url);
    // A terminal that never answers: the first command is claimed and sent, the second waits.
    const silent = await online(vin, port, true);
    expect(silent.counts.answered).toBe(1);
    const first = (
      await api(child.url, token, "POST", "/tsp-command/command/paramSet", {
        vin,
        params: [{ id: 0x09, value: 100 }],
        ttlSeconds: 10,
      })
    ).data;
    const second = (
      await api(child.url, token, "POST", "/tsp-command/command/paramSet", {
        vin,
        params: [{ id: 0x0a, value: 20 }],
        ttlSeconds: 300,
      })
    ).data;
    const state = async (id: number) =>
      (await api(child?.url ?? "", token, "GET", `/tsp-command/command/detail?id=${id}`)).data.state;
    await expect.poll(() => state(first.id), { timeout: 10_000 }).toBe("sent");
    expect(await state(second.id)).toBe("queued");

    await child.kill("SIGKILL");
    child = await startServerProcess(dataDir, 120_000, { GATEWAY_PORT: String(port) });
    token = await adminToken(child.url);
    // The terminal comes back (a new connection) and answers now.
    const back = await online(vin, port, false);
    await expect.poll(() => state(second.id), { timeout: 30_000 }).toBe("success");
    const firstAfter = (await api(child.url, token, "GET", `/tsp-command/command/detail?id=${first.id}`)).data;
    expect(firstAfter.state).toBe("expired");
    expect(firstAfter.reason).toBe("超过有效期未收到终端应答");
    // Sent once, to the silent terminal: the answering one never got it (its heartbeat period is unchanged).
    expect(back.params.get(0x09)).toBe(60);
    expect(back.params.get(0x0a)).toBe(20);
  }, 240_000);
});
