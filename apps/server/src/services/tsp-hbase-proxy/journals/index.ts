import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import { getAlarmEpisodes } from "./alarmEpisodes";
import { tboxJournalExporters } from "./exporters";
import {
  exportEcallMessages,
  exportEnergyCarData,
  exportErrorReports,
  exportFuelCarData,
  exportGearsSpeedMessages,
  exportLocationMessages,
  exportLocationResendMessages,
  exportWarnData,
  exportWarnMessages,
  getTboxJournal,
} from "./handlers";
import { seedHj1239Frames } from "./hj1239Seed";
import { seedJournals3 } from "./journals3Seed";
import { exportReliabilityStats, getReliabilityStats, reliabilityExporter } from "./reliability";
import { exportTripData, getTboxTrips, tripExporter } from "./trips";

const handlers = {
  getTboxJournal,
  getAlarmEpisodes,
  exportLocationMessages,
  exportLocationResendMessages,
  exportWarnMessages,
  exportEnergyCarData,
  exportWarnData,
  exportFuelCarData,
  exportGearsSpeedMessages,
  exportErrorReports,
  exportEcallMessages,
  getTboxTrips,
  exportTripData,
  getReliabilityStats,
  exportReliabilityStats,
} satisfies HandlerTable;

/**
 * tsp-hbase-proxy's TBOX message journals (TBOX可视化联调, issue 16): 车辆位置报文, 位置补发报文,
 * 车辆报警报文, 新能源国标数据, 报警数据查询, 燃油车国标数据 (HJ 1239), 档位车速报文, 故障上报报文 and
 * ECALL/BCALL报文, each the reports of the gateway's stored frames
 * (`gateway_frame`) of its commands, decoded on read by @tsp/domain, cursor-paged by frame id
 * with a bounded read per page, exported as tasks; 报警数据查询 reads the alarm episodes of the
 * gateway's decoded store (`gateway_alarm`). No tables of their own: the frames seed
 * (`../frames/seed.ts`) writes the alarms and markers they show; their own seed adds the
 * HJ 1239 frames of the diesel trucks (`hj1239Seed.ts`) and nine days ago a drive with faults
 * and calls (`journals3Seed.ts`). 行程数据报文 derives trips from the position store (`trips.ts`);
 * 农机可靠性试验补发数据统计 counts frames per machine and day in SQL (`reliability.ts`).
 */
export const tspHbaseProxyJournals: ServiceModule = {
  name: "tsp-hbase-proxy",
  migrations: {},
  handlers,
  exporters: { ...tboxJournalExporters, exportTripData: tripExporter, exportReliabilityStats: reliabilityExporter },
  seed: async (ctx) => {
    await seedHj1239Frames(ctx);
    await seedJournals3(ctx);
  },
};
