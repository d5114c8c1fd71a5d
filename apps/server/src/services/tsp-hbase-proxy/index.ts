import type { ServiceModule } from "../types";
import { journalExporters } from "./exporters";
import { exportLoginLog, exportLogoutLog, getLoginLog, getLogoutLog } from "./handlers";
import { streamJournal } from "./journalStream";
import * as m0001 from "./migrations/0001_journals";
import { seedJournals } from "./seed";
import "./tables";

/** tsp-hbase-proxy: the vehicle login/logout journals with keyset cursors, the NDJSON stream and exports. */
export const tspHbaseProxy: ServiceModule = {
  name: "tsp-hbase-proxy",
  migrations: { "tsp-hbase-proxy:0001_journals": m0001 },
  handlers: { getLoginLog, getLogoutLog, exportLoginLog, exportLogoutLog, streamJournal },
  exporters: journalExporters,
  seed: seedJournals,
};
