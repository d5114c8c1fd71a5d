import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import * as m0070 from "./0070_operate";
import {
  acknowledgeOperateAlarm,
  alarmExporter,
  closeOperateAlarm,
  exportOperateAlarms,
  listOperateAlarms,
} from "./alarms";
import { downloadVehicleGroupTemplate, importVehicleGroupMembers } from "./groupImport";
import {
  addVehicleGroupMembers,
  createVehicleGroup,
  deleteVehicleGroup,
  exportVehicleGroupMembers,
  listVehicleGroupMembers,
  listVehicleGroups,
  memberExporter,
  removeVehicleGroupMembers,
  renameVehicleGroup,
} from "./groups";
import {
  countUnreadMessages,
  getMessageSetting,
  listPersonalMessages,
  markPersonalMessagesRead,
  setMessageSetting,
} from "./messages";
import { seedOperate } from "./seed";

const handlers = {
  listOperateAlarms,
  acknowledgeOperateAlarm,
  closeOperateAlarm,
  exportOperateAlarms,
  listVehicleGroups,
  createVehicleGroup,
  renameVehicleGroup,
  deleteVehicleGroup,
  listVehicleGroupMembers,
  addVehicleGroupMembers,
  removeVehicleGroupMembers,
  importVehicleGroupMembers,
  downloadVehicleGroupTemplate,
  exportVehicleGroupMembers,
  listPersonalMessages,
  countUnreadMessages,
  markPersonalMessagesRead,
  getMessageSetting,
  setMessageSetting,
} satisfies HandlerTable;

/**
 * tsp-bss's 故障报警 (/operate/alarm), 车辆分组 (/operate/group) and 个人消息 (/personal/message),
 * issue 18: the gateway's alarm episodes as work items (handling 未处理 → 已确认 → 已关闭 keyed by
 * the episode), a tenant's named vehicle groups (the alarm filter and the messages' scope), and
 * an account's messages derived on read from the alarm store and its finished exports. Rules
 * from @tsp/domain `alarms/`, `groups/`, `messages/`.
 */
export const tspBssOperate: ServiceModule = {
  name: "tsp-bss",
  migrations: { "tsp-bss:0070_operate": m0070 },
  handlers,
  exporters: { exportOperateAlarms: alarmExporter, exportVehicleGroupMembers: memberExporter },
  seed: seedOperate,
};
