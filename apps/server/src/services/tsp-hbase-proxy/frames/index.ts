import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import { exportFrameChecks, getFrameCheckCounts, getFrameCheckDetail, getFrameCheckList } from "./checkHandlers";
import { frameExporters } from "./exporters";
import {
  createHistoryCollection,
  downloadHistoryCollection,
  getHistoryCollection,
  listHistoryCollections,
} from "./historyHandlers";
import { exportLocations, getLocationList, getLocationTrack } from "./locationHandlers";
import * as m0010 from "./migrations/0010_history_collection";
import { seedFrames } from "./seed";
import "./tables";

const handlers = {
  getFrameCheckList,
  getFrameCheckCounts,
  getFrameCheckDetail,
  exportFrameChecks,
  getLocationList,
  getLocationTrack,
  exportLocations,
  createHistoryCollection,
  listHistoryCollections,
  getHistoryCollection,
  downloadHistoryCollection,
} satisfies HandlerTable;

/**
 * tsp-hbase-proxy's data-service slice (数据服务, issue 20): readers of the gateway's raw frame
 * journal `gateway_frame` — 新能源报文检查 (frames failing a check, counts per rule, one frame
 * with its bytes), 位置数据查询 (positions decoded from the frames, the route, export) and
 * 历史数据采集 (a VIN's raw frames over a range written by the export worker, its own record
 * for the tenant's list and download). Tenant scoping is the journals': a frame is visible when
 * its VIN is a vehicle of the caller's tenants. The seed fills the journal with the demo
 * fleet's frames made by @tsp/domain's encoders.
 */
export const tspHbaseProxyFrames: ServiceModule = {
  name: "tsp-hbase-proxy",
  migrations: { "tsp-hbase-proxy:0010_history_collection": m0010 },
  handlers,
  exporters: frameExporters,
  seed: (ctx) => seedFrames(ctx),
};
