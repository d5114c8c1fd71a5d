// `npm run simulate -- --vehicles N --protocol gbt32960|jt808 …` (scripts/simulate.mjs): a
// simulated fleet over real TCP against a running gateway (README "Gateway (GB/T 32960, JT/T
// 808) and fleet simulator").
import type { Kysely } from "kysely";
import { openDatabase } from "../db/database";
import type { Database } from "../db/schema";
import { fleetFrom, fleetRowsFromDatabase, type MachineRow, machineRowsFromDatabase, machinesFrom } from "./fleet";
import { fleetRowsFromApi, machineRowsFromApi } from "./fleetApi";
import { parseSimulateArgs, SIMULATE_USAGE } from "./options";
import { runFleet } from "./runFleet";

let options: ReturnType<typeof parseSimulateArgs>;
try {
  options = parseSimulateArgs(process.argv.slice(2));
} catch (e) {
  console.error(`${(e as Error).message}\n\n${SIMULATE_USAGE}`);
  process.exit(2);
}

const databaseUrl = process.env.DATABASE_URL || undefined;
const client = { clientId: "tsp-automation", clientSecret: "tsp-automation-secret" };
// Machines speak HJ 1322 on the HJ 1239 port: driven with mixed and hj1239 only.
const withMachines = options.machines > 0 && (options.protocol === "mixed" || options.protocol === "hj1239");
let machineRows: MachineRow[] = [];
const rows = databaseUrl
  ? await (async () => {
      const opened = await openDatabase({ databaseUrl, dataDir: "memory://" });
      try {
        const db = opened.db as Kysely<Database>;
        if (withMachines) machineRows = await machineRowsFromDatabase(db);
        return await fleetRowsFromDatabase(db);
      } finally {
        await opened.close();
      }
    })()
  : await (async () => {
      if (withMachines) machineRows = await machineRowsFromApi(options.api, client);
      return fleetRowsFromApi(options.api, client);
    })().catch((e: unknown) => {
      console.error(
        `Could not read the fleet from ${options.api} (${(e as Error).message}); start the server (npm start) or set DATABASE_URL.`,
      );
      process.exit(1);
    });
const machines = machinesFrom(machineRows, options.machines);
const vehicles = [...fleetFrom(rows, options.vehicles, options.protocol), ...machines];
const known = vehicles.filter((v) => !v.vin.startsWith("LSIMU")).length - machines.length;
const madeUp = vehicles.length - machines.length - known;
const fleet = runFleet({
  address: { host: options.host, port: options.port, jt808Port: options.jt808Port, hj1239Port: options.hj1239Port },
  vehicles,
  intervalMs: options.rate * 1000,
  timeScale: options.timeScale,
  seed: options.seed,
  commands: {
    delayMs: options.commandDelay * 1000,
    failRate: options.commandFailRate,
    silentRate: options.commandSilentRate,
  },
});
console.log(
  `Simulating ${vehicles.length - machines.length} vehicles and ${machines.length} machines (${known} of the fleet${madeUp > 0 ? `, ${madeUp} made up: the gateway answers them VIN unknown` : ""}; ` +
    `${vehicles.filter((v) => v.protocol === "jt808").length} JT/T 808, ${vehicles.filter((v) => v.protocol === "hj1239").length} HJ 1239) against ${options.host}:${options.port} / JT/T 808 ${options.jt808Port} / HJ 1239 ${options.hj1239Port}, a report every ${options.rate} s. Ctrl-C stops.`,
);
const summary = setInterval(() => {
  const c = fleet.counts();
  console.log(`sent ${c.sent}, re-sent ${c.resent}, sessions ${c.connects - c.refused}, refused ${c.refused}`);
}, 10_000);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  clearInterval(summary);
  fleet.stop().then(
    () => {
      const c = fleet.counts();
      console.log(`stopped: sent ${c.sent}, re-sent ${c.resent}, refused ${c.refused}`);
      process.exit(0);
    },
    () => process.exit(1),
  );
};
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, stop);
if (options.duration > 0) setTimeout(stop, options.duration * 1000);
