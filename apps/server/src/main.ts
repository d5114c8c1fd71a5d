import { readConfig } from "./config";
import { startServer } from "./start";

const config = readConfig(process.env, process.cwd());
const server = await startServer(config, { logger: process.env.LOG_LEVEL !== "silent" });

console.log(`
TSP Console is running at ${server.url}
  database: ${config.databaseUrl ? "PostgreSQL server (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`}${server.seeded ? " — created and seeded" : ""}
  demo sign-in: admin / Admin@123456 (every permission), operator / Operator@123456 (no export)
`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
