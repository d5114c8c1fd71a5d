import type { ServiceModule } from "../types";
import * as m0001 from "./migrations/0001_terminals";
import { seedJsatl } from "./seed";
import "./tables";
import { findJsatlVehicleList } from "./vehicles";

/** tsp-jsatl: vehicles with a JT/T 808 active-safety terminal (ADAS/DSM alarms, "苏标"). */
export const tspJsatl: ServiceModule = {
  name: "tsp-jsatl",
  migrations: { "tsp-jsatl:0001_terminals": m0001 },
  handlers: { findJsatlVehicleList },
  seed: seedJsatl,
};
