import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import { getAlarmEpisodes } from "./alarmEpisodes";
import { tboxJournalExporters } from "./exporters";
import {
  exportEnergyCarData,
  exportFuelCarData,
  exportGearsSpeedMessages,
  exportLocationMessages,
  exportLocationResendMessages,
  exportWarnData,
  exportWarnMessages,
  getTboxJournal,
} from "./handlers";
import { seedHj1239Frames } from "./hj1239Seed";

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
} satisfies HandlerTable;

/**
 * tsp-hbase-proxy's TBOX message journals (TBOX可视化联调, issue 16): 车辆位置报文, 位置补发报文,
 * 车辆报警报文, 新能源国标数据, 报警数据查询, 燃油车国标数据 (HJ 1239) and 档位车速报文, each the reports of the gateway's stored frames
 * (`gateway_frame`) of its commands, decoded on read by @tsp/domain, cursor-paged by frame id
 * with a bounded read per page, exported as tasks; 报警数据查询 reads the alarm episodes of the
 * gateway's decoded store (`gateway_alarm`). No tables of their own: the frames seed
 * (`../frames/seed.ts`) writes the alarms and markers they show; their own seed adds the
 * HJ 1239 frames of the diesel trucks (`hj1239Seed.ts`).
 */
export const tspHbaseProxyJournals: ServiceModule = {
  name: "tsp-hbase-proxy",
  migrations: {},
  handlers,
  exporters: tboxJournalExporters,
  seed: (ctx) => seedHj1239Frames(ctx),
};
