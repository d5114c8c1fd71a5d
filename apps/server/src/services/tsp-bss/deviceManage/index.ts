import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import * as m0065 from "./0065_device_change";
import {
  createDeviceChange,
  deviceChangeExporter,
  exportDeviceChanges,
  getDeviceChange,
  listDeviceChanges,
  reviewDeviceChange,
} from "./changes";
import { seedDeviceChanges } from "./seed";
import { exportVinCheckFailures, listVinCheckFailures, vinCheckExporter } from "./vinCheck";

const handlers = {
  listDeviceChanges,
  getDeviceChange,
  createDeviceChange,
  reviewDeviceChange,
  exportDeviceChanges,
  listVinCheckFailures,
  exportVinCheckFailures,
} satisfies HandlerTable;

/**
 * tsp-bss's 设备管理 (/deviceManage): replacement records of the four kinds (T-Box更换, 车机更换,
 * 驱动电机更换, 动力电池更换 — one table, one set of calls with a kind) applied to the master data
 * and its change log on approval, and VIN校验失败记录 read from the gateway's frame journal.
 * Rules from @tsp/domain `deviceManage/`.
 */
export const tspBssDeviceManage: ServiceModule = {
  name: "tsp-bss",
  migrations: { "tsp-bss:0065_device_change": m0065 },
  handlers,
  exporters: { exportDeviceChanges: deviceChangeExporter, exportVinCheckFailures: vinCheckExporter },
  seed: seedDeviceChanges,
};
