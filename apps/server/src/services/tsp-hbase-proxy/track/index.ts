import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import { trackExporter } from "./exporter";
import { exportVehicleTrack, getVehicleTrack } from "./handlers";

const handlers = { getVehicleTrack, exportVehicleTrack } satisfies HandlerTable;

/**
 * tsp-hbase-proxy's track slice (车辆运营管理 › 机械轨迹查询, issue 18): a vehicle's track over at
 * most a day from the gateway's positions store, with @tsp/domain `analyseTrack`'s distance,
 * driving time, stops and overspeeds, and its export. No tables of its own.
 */
export const tspHbaseProxyTrack: ServiceModule = {
  name: "tsp-hbase-proxy",
  migrations: {},
  handlers,
  exporters: { exportVehicleTrack: trackExporter },
};
