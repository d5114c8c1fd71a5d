import cluster from "node:cluster";
import { fileURLToPath } from "node:url";
import { readConfig } from "./config";
import { runPrimary, workersFrom, workersRefusal } from "./workers";

const config = readConfig(process.env, process.cwd());
// WORKERS=n (workers.ts): this process becomes the primary of n server processes on one port.
const workers = (() => {
  try {
    return workersFrom(process.env);
  } catch (error) {
    console.error((error as Error).message);
    return process.exit(1);
  }
})();
const refusal = workersRefusal(workers, config.databaseUrl);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
if (workers > 1 && cluster.isPrimary) await runPrimary(workers, fileURLToPath(import.meta.url));
else {
  // Imported only here: the primary and a refused start never load the server's modules.
  const { serve } = await import("./serve");
  await serve(config);
}
