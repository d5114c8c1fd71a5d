import { readConfig } from "./config";
import { gatewayPort, hj1239Port, jt808Port, simulateCount } from "./gateway/config";
import { startGateway } from "./gateway/gatewayServer";
import { fleetFrom, fleetRowsFromDatabase } from "./simulator/fleet";
import { runFleet } from "./simulator/runFleet";
import { startServer } from "./start";

const config = readConfig(process.env, process.cwd());
const server = await startServer(config, { logger: process.env.LOG_LEVEL !== "silent" });
// The gateway joins this process only when GATEWAY_PORT (GB/T 32960) or JT808_PORT is set, and
// the demo fleet only when SIMULATE is: `npm start` (scripts/start.mjs) sets all three by default,
// test servers none (fixed ports would collide).
const port = gatewayPort(process.env);
const port808 = jt808Port(process.env);
const port1239 = hj1239Port(process.env);
// A port in use (another server, `npm run gateway`) costs the gateway, not the console.
const gateway =
  port === undefined && port808 === undefined && port1239 === undefined
    ? undefined
    : await startGateway(server.db, {
        host: config.host,
        port: port ?? 0,
        ...(port808 === undefined ? {} : { jt808Port: port808 }),
        ...(port1239 === undefined ? {} : { hj1239Port: port1239 }),
      }).catch((error: unknown) => {
        console.warn(
          `The gateway did not start (${(error as Error).message}); the console runs without it. ` +
            "Free the ports or choose others with GATEWAY_PORT / JT808_PORT / HJ1239_PORT (empty: off).",
        );
        return undefined;
      });
const simulate = gateway ? simulateCount(process.env) : 0;
const fleet =
  gateway && simulate > 0
    ? runFleet({
        address: {
          host: gateway.host,
          port: gateway.port,
          jt808Port: gateway.jt808Port,
          hj1239Port: gateway.hj1239Port,
        },
        vehicles: fleetFrom(await fleetRowsFromDatabase(server.db), simulate, "mixed").filter(
          (v) => !v.vin.startsWith("LSIMU"),
        ),
      })
    : undefined;

console.log(`
TSP Console is running at ${server.url}
  database: ${config.databaseUrl ? "PostgreSQL server (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`}${server.seeded ? " — created and seeded" : ""}
${gateway ? `  GB/T 32960 gateway: tcp://${gateway.host}:${gateway.port}\n` : ""}${gateway?.jt808Port ? `  JT/T 808 gateway: tcp://${gateway.host}:${gateway.jt808Port}\n` : ""}${gateway?.hj1239Port ? `  HJ 1239 gateway: tcp://${gateway.host}:${gateway.hj1239Port}\n` : ""}${fleet ? `  simulated fleet: ${fleet.terminals.length} demo vehicles reporting every 10 s (SIMULATE=0 turns it off)\n` : ""}  demo sign-in: admin / Admin@123456 (every permission), operator / Operator@123456 (no export)
`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    (fleet ? fleet.stop() : Promise.resolve())
      .then(() => (gateway ? gateway.close() : undefined))
      .then(() => server.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
