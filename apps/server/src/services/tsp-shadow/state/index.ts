import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import { vehicleStateExporter } from "./export";
import { exportVehicleStates, getVehicleState, listVehicleStates } from "./handlers";

const handlers = { listVehicleStates, getVehicleState, exportVehicleStates } satisfies HandlerTable;

/**
 * tsp-shadow's latest state (新能源车辆监控 › 车辆实时状态, 单车查询): reads the gateway's
 * gateway_vehicle_state (online, last login/logout) and gateway_latest_state (the newest
 * GB/T 32960 unit per VIN, migration 0007_latest_state, written by the gateway's batch and
 * by the frames seed through gateway/stores/latestState.ts). No tables or seed of its own.
 */
export const tspShadowState: ServiceModule = {
  name: "tsp-shadow",
  migrations: {},
  handlers,
  exporters: { exportVehicleStates: vehicleStateExporter },
};
