import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import { machineHistoryExporter, machineOnlineExporter, machineStateExporter } from "./export";
import {
  exportMachineHistory,
  exportMachineOnlineTime,
  exportMachineStates,
  getMachineState,
  listMachineHistory,
  listMachineMap,
  listMachineOnlineTime,
  listMachineStates,
} from "./handlers";
import * as m0001 from "./machinery_0001";
import { seedMachinery } from "./seed";

const handlers = {
  listMachineMap,
  listMachineStates,
  getMachineState,
  exportMachineStates,
  listMachineHistory,
  exportMachineHistory,
  listMachineOnlineTime,
  exportMachineOnlineTime,
} satisfies HandlerTable;

/**
 * tsp-shadow's machinery slice (非道路机械监控: 地图监控, 机械实时状态, 机械历史状态, 在线时长管理;
 * issue 18): the machines of 机械信息 with their terminals' connection log and decoded reports
 * (machine_connection, machine_sample), the state by @tsp/domain machineStateOf, online time by
 * its pairSessions / onlineByDay. The seed writes a few days of shifts for every machine.
 */
export const tspShadowMachinery: ServiceModule = {
  name: "tsp-shadow",
  migrations: { "tsp-shadow:machinery_0001": m0001 },
  handlers,
  exporters: {
    exportMachineStates: machineStateExporter,
    exportMachineHistory: machineHistoryExporter,
    exportMachineOnlineTime: machineOnlineExporter,
  },
  seed: seedMachinery,
};
