import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import * as m0079 from "./0079_device_health";
import { exportTboxFaults, handleTboxFault, listTboxFaults, tboxFaultExporter } from "./faults";
import { seedDeviceHealth } from "./healthSeed";
import { deleteAlarmNotify, listAlarmNotify, listAlarmNotifyAccounts, saveAlarmNotify } from "./notify";
import { exportTamperAlarms, handleTamperAlarm, listTamperAlarms, tamperAlarmExporter } from "./tamper";

const handlers = {
  listTboxFaults,
  handleTboxFault,
  exportTboxFaults,
  listTamperAlarms,
  handleTamperAlarm,
  exportTamperAlarms,
  listAlarmNotify,
  saveAlarmNotify,
  deleteAlarmNotify,
  listAlarmNotifyAccounts,
} satisfies HandlerTable;

/**
 * tsp-bss's 设备管理, issue 19's rest: T-Box故障记录 (faults detected from the data by a sweep run on
 * read), 防拆报警 (removal / tamper episodes swept from the frame journal and the alarm store) and
 * 报警通知人员 (who is told; 站内消息 reaches 个人消息, derived on read in `operate/messages.ts`).
 * Rules from @tsp/domain `deviceHealth/` and `tamper/`.
 */
export const tspBssDeviceHealth: ServiceModule = {
  name: "tsp-bss",
  migrations: { "tsp-bss:0079_device_health": m0079 },
  handlers,
  exporters: { exportTboxFaults: tboxFaultExporter, exportTamperAlarms: tamperAlarmExporter },
  seed: seedDeviceHealth,
};
