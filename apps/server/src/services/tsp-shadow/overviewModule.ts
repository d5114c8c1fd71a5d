import type { ServiceModule } from "../types";
import { getOperateOverview } from "./overview";

/**
 * tsp-shadow's 运营总览 (/operate/overview, issue 18): figures of the fleet over the gateway's
 * stores (connection state, newest unit, alarm episodes, positions) and the brand tree. No tables
 * or seed of its own.
 */
export const tspShadowOverview: ServiceModule = {
  name: "tsp-shadow",
  migrations: {},
  handlers: { getOperateOverview },
};
