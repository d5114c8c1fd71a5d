import type { ServerConfig } from "./config";
import {
  attachmentHost,
  attachmentPort,
  gatewayPort,
  gatewayWriters,
  hj1239Port,
  jt808Port,
  simulateCount,
  sleepingVins,
} from "./gateway/config";
import { fleetFrom, fleetRowsFromDatabase, machineRowsFromDatabase, machinesFrom } from "./simulator/fleet";
import { startServer } from "./start";
import { reportReady, workerIndex } from "./workers";

/** One server process: the HTTP server and — alone or as worker 1 — the gateways, fleet and forwarder. */
export async function serve(config: ServerConfig): Promise<void> {
  const worker = workerIndex(process.env);
  const server = await startServer(config, {
    logger: process.env.LOG_LEVEL !== "silent",
    ...(worker === undefined ? {} : { worker }),
  });
  // Under WORKERS only worker 1 opens the gateway ports, runs the demo fleet and the forwarder:
  // the built-in SMS gateway reaches the fleet's T-BOXes in its own memory, and commands queued
  // through any worker reach worker 1's connections through the database (the gateway's poll).
  const withGateway = worker === undefined || worker === 1;
  // The gateway joins this process only when GATEWAY_PORT (GB/T 32960) or JT808_PORT is set, and
  // the demo fleet only when SIMULATE is: `npm start` (scripts/start.mjs) sets all three by default,
  // test servers none (fixed ports would collide).
  const port = gatewayPort(process.env);
  const port808 = jt808Port(process.env);
  const port1239 = hj1239Port(process.env);
  // The 苏标 attachment server (ATTACHMENT_PORT) runs beside JT/T 808 when set.
  const portAttachments = attachmentPort(process.env);
  const hostAttachments = attachmentHost(process.env);
  // A port in use (another server, `npm run gateway`) costs the gateway, not the console.
  // The gateway, the demo fleet and the forwarder are imported only when they run (chunks of the
  // bundle): a console-only server never loads them (issue 21: start time, idle memory).
  const gateway =
    !withGateway || (port === undefined && port808 === undefined && port1239 === undefined)
      ? undefined
      : await (await import("./gateway/gatewayServer"))
          .startGateway(server.db, {
            host: config.host,
            port: port ?? 0,
            objects: server.ctx.objects,
            writers: gatewayWriters(process.env, server.ctx.dbKind),
            ...(port808 === undefined ? {} : { jt808Port: port808 }),
            ...(port1239 === undefined ? {} : { hj1239Port: port1239 }),
            ...(portAttachments === undefined ? {} : { attachmentPort: portAttachments }),
            ...(hostAttachments === undefined ? {} : { attachmentHost: hostAttachments }),
          })
          .catch((error: unknown) => {
            console.warn(
              `The gateway did not start (${(error as Error).message}); the console runs without it. ` +
                "Free the ports or choose others with GATEWAY_PORT / JT808_PORT / HJ1239_PORT / ATTACHMENT_PORT (empty: off).",
            );
            return undefined;
          });
  const simulate = gateway ? simulateCount(process.env) : 0;
  // SIMULATE_SLEEPING: T-BOXes asleep until a wake-up SMS of the gateway's built-in SMS gateway (TBOX唤醒).
  const sleeping = new Set(gateway ? sleepingVins(process.env) : []);
  const fleetRows = gateway && (simulate > 0 || sleeping.size > 0) ? await fleetRowsFromDatabase(server.db) : [];
  // With the fleet, a few machines of 机械信息 report over HJ 1322 (地图监控, 机械实时状态 live): 5, or SIMULATE if fewer.
  const machineRows = gateway?.hj1239Port && simulate > 0 ? await machineRowsFromDatabase(server.db) : [];
  const fleetVehicles = [
    ...fleetFrom(fleetRows, simulate, "mixed").filter((v) => !v.vin.startsWith("LSIMU") && !sleeping.has(v.vin)),
    ...fleetFrom(
      fleetRows.filter((r) => sleeping.has(r.vin)),
      sleeping.size,
      "gbt32960",
    ).filter((v) => sleeping.has(v.vin)),
    ...machinesFrom(machineRows, Math.min(5, simulate)),
  ];
  const fleet =
    gateway && fleetVehicles.length > 0
      ? (await import("./simulator/runFleet")).runFleet({
          address: {
            host: gateway.host,
            port: gateway.port,
            jt808Port: gateway.jt808Port,
            hj1239Port: gateway.hj1239Port,
          },
          vehicles: fleetVehicles,
          sleeping,
          smsInbox: gateway.smsInbox,
        })
      : undefined;
  // The forwarder (forwarder/: the journal's frames to every enabled 转发平台账号) joins when FORWARD=1
  // (`npm start` sets it; test servers never do).
  const forwarder =
    withGateway && process.env.FORWARD === "1"
      ? await import("./forwarder/forwarder").then(({ forwarderOptionsFromEnv, startForwarder }) =>
          startForwarder(server.db, server.ctx.secrets, forwarderOptionsFromEnv(process.env)),
        )
      : undefined;

  const banner = `  database: ${config.databaseUrl ? "PostgreSQL server (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`}${server.seeded ? " — created and seeded" : ""}
${gateway ? `  GB/T 32960 gateway: tcp://${gateway.host}:${gateway.port}\n` : ""}${gateway?.jt808Port ? `  JT/T 808 gateway: tcp://${gateway.host}:${gateway.jt808Port}\n` : ""}${gateway?.hj1239Port ? `  HJ 1239 gateway: tcp://${gateway.host}:${gateway.hj1239Port}\n` : ""}${gateway?.attachmentPort ? `  苏标 attachment server: tcp://${gateway.host}:${gateway.attachmentPort}\n` : ""}${fleet ? `  simulated fleet: ${fleet.terminals.length} demo vehicles and machines reporting every 10 s (SIMULATE=0 turns it off)\n` : ""}  demo sign-in: admin / Admin@123456 (every permission), operator / Operator@123456 (no export)
`;
  if (worker === undefined) console.log(`\nTSP Console is running at ${server.url}\n${banner}`);
  else reportReady({ url: server.url, banner: worker === 1 ? banner : "" });

  // A worker whose primary is gone (killed) stops too, instead of holding the port alone.
  const stopEvents =
    worker === undefined ? (["SIGINT", "SIGTERM"] as const) : (["SIGINT", "SIGTERM", "disconnect"] as const);
  let stopping = false;
  for (const signal of stopEvents) {
    process.once(signal, () => {
      // Ctrl-C reaches every worker of the group, and then the primary's SIGTERM: stop once.
      if (stopping) return;
      stopping = true;
      (fleet ? fleet.stop() : Promise.resolve())
        .then(() => forwarder?.stop())
        .then(() => (gateway ? gateway.close() : undefined))
        .then(() => server.close())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
  }
}
