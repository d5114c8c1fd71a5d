import type { ServiceModule } from "../types";
import { lookupHandlers } from "./lookups";
import * as m0001 from "./migrations/0001_master_data";
import * as m0002 from "./migrations/0002_ner";
import * as m0005 from "./migrations/0005_ner_model_owner";
import { baseInfoHandlers } from "./ner/baseInfo";
import { nerExporters } from "./ner/exports";
import { nerImporters } from "./ner/imports";
import { monitorHandlers } from "./ner/monitor";
import { seedTspBss } from "./seed/seedTspBss";
import "./tables";

/**
 * tsp-bss, composed from its route-group slices: the lookups behind every selector and the
 * keyword searches (`lookups/`), the new-energy master data (`ner/baseInfo.ts`), the
 * monitoring list (`ner/monitor.ts`). Every tenant-owned row is filtered by the caller's
 * tenants. The SIM-card register (`simCard/`) and real-name authentication (`realname/`) are
 * modules of their own.
 */
export const tspBss: ServiceModule = {
  name: "tsp-bss",
  migrations: {
    "tsp-bss:0001_master_data": m0001,
    "tsp-bss:0002_ner": m0002,
    "tsp-bss:0005_ner_model_owner": m0005,
  },
  handlers: { ...lookupHandlers, ...baseInfoHandlers, ...monitorHandlers },
  exporters: nerExporters,
  importers: nerImporters,
  seed: seedTspBss,
};
