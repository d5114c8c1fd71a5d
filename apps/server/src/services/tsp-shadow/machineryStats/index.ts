import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import { getBigScreen } from "./bigScreen";
import { dailyReportExporter, farmStatsExporter } from "./export";
import {
  exportFarmMachineryStats,
  exportMachineDailyReport,
  listFarmMachineryStats,
  listMachineDailyReport,
} from "./handlers";

const handlers = {
  listFarmMachineryStats,
  exportFarmMachineryStats,
  listMachineDailyReport,
  exportMachineDailyReport,
  getBigScreen,
} satisfies HandlerTable;

/**
 * tsp-shadow's machinery statistics (issue 18): 农机数据统计 (/operate/farmMachinery) and 统计报表
 * (/notRoadMonitor/report) over the machinery slice's stores — per machine and day in SQL,
 * merged by @tsp/domain machineryStats — and the public 大屏's aggregates (/bigScreen). No
 * tables or seed of its own: the machinery slice's seed gives the reports.
 */
export const tspShadowMachineryStats: ServiceModule = {
  name: "tsp-shadow",
  migrations: {},
  handlers,
  exporters: { exportFarmMachineryStats: farmStatsExporter, exportMachineDailyReport: dailyReportExporter },
};
