import { readConfig } from "./config";
import { gatewayPort } from "./gateway/config";
import { startGateway } from "./gateway/gatewayServer";
import { startServer } from "./start";

const config = readConfig(process.env, process.cwd());
const server = await startServer(config, { logger: process.env.LOG_LEVEL !== "silent" });
// The GB/T 32960 gateway joins this process only when GATEWAY_PORT is set (README).
const port = gatewayPort(process.env);
const gateway = port === undefined ? undefined : await startGateway(server.db, { host: config.host, port });

console.log(`
TSP Console is running at ${server.url}
  database: ${config.databaseUrl ? "PostgreSQL server (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`}${server.seeded ? " — created and seeded" : ""}
${gateway ? `  GB/T 32960 gateway: tcp://${gateway.host}:${gateway.port}\n` : ""}  demo sign-in: admin / Admin@123456 (every permission), operator / Operator@123456 (no export)
`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    (gateway ? gateway.close() : Promise.resolve())
      .then(() => server.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
