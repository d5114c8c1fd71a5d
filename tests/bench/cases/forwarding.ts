import type { Kysely } from "kysely";
import { openDatabase } from "../../../apps/server/src/db/database";
import { migrateToLatest } from "../../../apps/server/src/db/migrate";
import { startForwarder } from "../../../apps/server/src/forwarder/forwarder";
import { addPlatform, journalFrames } from "../../../apps/server/src/forwarder/testFrames";
import { startTestPlatform } from "../../../apps/server/src/forwarder/testPlatform";
import { Secrets } from "../../../apps/server/src/platform/secrets";
import { serviceModules } from "../../../apps/server/src/services";
import { benchDatabase } from "../lib/databases";
import { round } from "../lib/stats";
import { type BenchEnv, type CaseResult, type Engine, n } from "../lib/types";

const VINS = Array.from({ length: 10 }, (_, i) => `LFWDBENCH${String(i).padStart(8, "0")}`);

/**
 * Forwarding throughput (issue 19): `forwardFrames` GB/T 32960 real-time frames of ten machines in
 * the journal, forwarded by the forwarder (its defaults: windows of 200 frames, each answered and
 * acknowledged — cursor and log — in one transaction) to one simulated receiving platform on
 * 127.0.0.1, timed from the forwarder's start to the platform holding the last frame.
 */
export async function forwardingCase(env: BenchEnv, engine: Engine): Promise<CaseResult> {
  const location = await benchDatabase(env, engine, `forwarding-${env.scale.name}`, true);
  const opened = await openDatabase({ dataDir: location.dataDir, databaseUrl: location.databaseUrl });
  const platform = await startTestPlatform({ accounts: new Map([["BENCH01", "Bench#01"]]) });
  try {
    await migrateToLatest(opened.db as Kysely<unknown>, serviceModules);
    const secrets = await Secrets.load(opened.db);
    const { id: tenantId } = await opened.db
      .insertInto("tenant")
      .values({ code: "FWDBENCH", name: "转发基准" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const start = Date.now() - 86_400_000;
    await addPlatform(opened.db, secrets, {
      tenantId,
      name: "基准平台",
      port: platform.port,
      account: "BENCH01",
      password: "Bench#01",
      pins: VINS,
      since: start,
    });
    const total = env.scale.forwardFrames;
    await journalFrames(
      opened.db,
      Array.from({ length: total }, (_, i) => ({ vin: VINS[i % VINS.length] as string, n: i, at: start + i * 100 })),
    );
    const began = performance.now();
    const forwarder = startForwarder(opened.db, secrets);
    try {
      while (platform.arrivals.length < total) {
        if (performance.now() - began > 600_000)
          throw new Error(`forwarded ${platform.arrivals.length} of ${total} in 10 min`);
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await forwarder.stop();
    }
    const seconds = (performance.now() - began) / 1000;
    env.log(`  ${engine}: ${n(total)} frames forwarded in ${seconds.toFixed(1)} s`);
    return {
      figures: [
        {
          case: "forwarding to one platform",
          figure: "frames/s (answered and acknowledged)",
          engine,
          value: round(total / seconds),
          unit: "frames/s",
          size: `${n(total)} frames`,
          note: `one TCP link, windows of 200; ${platform.duplicates} duplicates`,
        },
      ],
    };
  } finally {
    await platform.stop();
    await opened.close();
  }
}
