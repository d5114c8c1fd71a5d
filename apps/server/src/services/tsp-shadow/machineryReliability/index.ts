import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import { reliabilityTestExporter } from "./export";
import { exportMachineryReliability, listMachineryReliability } from "./handlers";
import { seedReliabilityTest } from "./seed";

const handlers = { listMachineryReliability, exportMachineryReliability } satisfies HandlerTable;

/**
 * tsp-shadow's 农机可靠性试验统计 (/operate/reliabilityTestRecord, issues 18 and 20): whether a
 * reliability test's data of farm machines is valid — the gateway journal's real-time and
 * re-sent frames and gaps (the roll-up of 农机可靠性试验补发数据统计) beside the machinery
 * reports' working hours, per machine and day in one SQL query, judged and rolled up by
 * @tsp/domain machineryReliability. No tables; its seed adds the demo machines' frames.
 */
export const tspShadowMachineryReliability: ServiceModule = {
  name: "tsp-shadow",
  migrations: {},
  handlers,
  exporters: { exportMachineryReliability: reliabilityTestExporter },
  seed: (ctx) => seedReliabilityTest(ctx),
};
