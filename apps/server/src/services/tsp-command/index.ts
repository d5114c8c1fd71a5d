import type { HandlerTable } from "../defineHandler";
import type { ServiceModule } from "../types";
import { sendAvQuery, sendAvSet } from "./audioVideo";
import {
  cancelCommand,
  getCommand,
  getCommandTimeline,
  listCommands,
  sendParamQuery,
  sendParamSet,
  sendRemoteClimate,
  sendRemoteEngine,
  sendRemoteFindCar,
  sendRemoteLock,
  sendRemoteWindows,
  sendTerminalControl,
  sendWakeUp,
} from "./handlers";
import { sendJt808TerminalControl, sendJt808VehicleControl } from "./jt808Control";
import { sendJt808ParamQuery, sendJt808ParamSet } from "./jt808Params";
import { seedRegistrations } from "./registrationSeed";
import {
  exportTerminalRegistrations,
  getTerminalRegistrationHistory,
  listTerminalRegistrations,
  registrationExporter,
} from "./registrations";

const handlers = {
  sendParamQuery,
  sendParamSet,
  sendTerminalControl,
  sendWakeUp,
  sendRemoteLock,
  sendRemoteFindCar,
  sendRemoteClimate,
  sendRemoteWindows,
  sendRemoteEngine,
  cancelCommand,
  listCommands,
  getCommand,
  getCommandTimeline,
  listTerminalRegistrations,
  getTerminalRegistrationHistory,
  exportTerminalRegistrations,
  sendAvQuery,
  sendAvSet,
  sendJt808TerminalControl,
  sendJt808VehicleControl,
  sendJt808ParamQuery,
  sendJt808ParamSet,
} satisfies HandlerTable;

/**
 * tsp-command: remote commands to terminals (issue 17). The tables are the gateway's
 * (migration 0006_commands, platform list: the gateway process reads and moves them too); this
 * module only queues, cancels and reads. No seed: commands are made by operators.
 */
export const tspCommand: ServiceModule = {
  name: "tsp-command",
  migrations: {},
  handlers,
  exporters: { exportTerminalRegistrations: registrationExporter },
  // TBOX注册状态查询's history before the first start (the gateway writes it from then on).
  seed: seedRegistrations,
};
