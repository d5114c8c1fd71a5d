import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chinaDay } from "@tsp/domain";
import { afterAll, describe, expect, it } from "vitest";
import { addPlatform, journalFrames } from "../../apps/server/src/forwarder/testFrames";
import { startTestPlatform, type TestPlatform } from "../../apps/server/src/forwarder/testPlatform";
import { startServer } from "../../apps/server/src/start";
import { testEngine } from "../../apps/server/src/testing/testServer";
import { adminToken, SMALL_SEED } from "./support/fuzzServer";
import { type ServerProcess, startServerProcess } from "./support/serverProcess";

/**
 * A crash mid-forwarding (issue 19): the server with its forwarder (FORWARD=1) is SIGKILLed while
 * it sends a backlog of 2,100 frames of three machines to a receiving platform; started again on
 * the same PGlite folder (once the dead process's lease on the platform runs out) it resumes from
 * the cursor committed with the last acknowledgement. The platform ends up with every frame
 * exactly once, in the journal's order per machine — what was in flight at the kill (sent,
 * unanswered, so not acknowledged) goes again as 补发 and the platform keeps a report once, as GB/T
 * 32960 platforms do (counted in `duplicates`, at most one window). 转发统计 then counts all of
 * them forwarded, none pending. PGlite only (the engine a crash can damage).
 */
const engine = testEngine();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "tsp-forwarder-crash-"));
const VINS = ["LFWDCRASH00000001", "LFWDCRASH00000002", "LFWDCRASH00000003"];
const PER_VIN = 700;
let child: ServerProcess | undefined;
let platform: TestPlatform | undefined;

afterAll(async () => {
  await child?.kill("SIGKILL");
  await platform?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(engine.kind !== "pglite")("forwarding across a SIGKILL", () => {
  it("loses and duplicates nothing at the receiving platform", async () => {
    platform = await startTestPlatform({ accounts: new Map([["CRASH01", "Crash#01"]]) });
    const prepared = await startServer(
      { host: "127.0.0.1", port: 0, dataDir, databaseUrl: undefined, consoleDir: undefined },
      { seed: SMALL_SEED },
    );
    const tenant = await prepared.db
      .selectFrom("tenant")
      .select("id")
      .where("code", "=", "T0001")
      .executeTakeFirstOrThrow();
    const start = Date.now() - 3_600_000;
    const platformId = await addPlatform(prepared.db, prepared.ctx.secrets, {
      tenantId: tenant.id,
      name: "崩溃测试平台",
      port: platform.port,
      account: "CRASH01",
      password: "Crash#01",
      pins: VINS,
      since: start,
    });
    const frames = Array.from({ length: PER_VIN }, (_, i) =>
      VINS.map((vin, j) => ({ vin, n: i, at: start + i * 1000 + j })),
    ).flat();
    const journal = await journalFrames(prepared.db, frames);
    await prepared.close();

    child = await startServerProcess(dataDir, 120_000, { FORWARD: "1", FORWARD_LEASE_MS: "2000" });
    await expect.poll(() => platform?.arrivals.length ?? 0, { timeout: 60_000, interval: 20 }).toBeGreaterThan(300);
    await child.kill("SIGKILL");
    const atKill = platform.arrivals.length;
    expect(atKill).toBeLessThan(journal.length);

    child = await startServerProcess(dataDir, 120_000, { FORWARD: "1", FORWARD_LEASE_MS: "2000" });
    await expect.poll(() => platform?.arrivals.length ?? 0, { timeout: 90_000 }).toBe(journal.length);
    for (const vin of VINS) {
      const sent = journal.filter((_, i) => frames[i]?.vin === vin).map((h) => h.slice(48, -2));
      expect(platform.of(vin).map((a) => a.dataHex)).toEqual(sent);
    }
    expect(platform.duplicates).toBeLessThanOrEqual(200);
    expect(platform.logins.filter((l) => l.accepted).length).toBeGreaterThanOrEqual(2);

    const token = await adminToken(child.url);
    const day = chinaDay(Date.now());
    const from = chinaDay(start);
    // The platform has every frame; the forwarder records the last window's answers in the
    // transaction that moves its cursor, just after they arrive — wait for that commit.
    const totals = async () => {
      const res = await fetch(
        new URL(
          `/tsp-bss/notRoadFour/forwardStatist/list?platformId=${platformId}&startDay=${from}&endDay=${day}`,
          child?.url,
        ),
        { headers: { Authorization: `Bearer ${token}` } },
      );
      const stats = (await res.json()) as {
        data: { totals: { forwarded: number; acknowledged: number; pending: number } };
      };
      return stats.data.totals;
    };
    await expect
      .poll(totals, { timeout: 30_000, interval: 200 })
      .toMatchObject({ forwarded: journal.length, acknowledged: journal.length, pending: 0 });
  }, 300_000);
});
