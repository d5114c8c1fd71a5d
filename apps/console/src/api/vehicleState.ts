import type { TspShadow } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";
import type { ExportTaskRef } from "./types";

// 车辆实时状态 and 单车查询's latest state (openapi tsp-shadow, tag vehicleStatus).

type Schemas = TspShadow.components["schemas"];
/** One vehicle's latest state in the fleet list. */
export type VehicleStateRow = Schemas["VehicleStateRow"];
/** One vehicle's latest state with every value of its newest unit. */
export type VehicleStateDetail = Schemas["VehicleStateDetail"];
/** A measured value with its status (valid, 异常, 无效). */
export type StateReading = Schemas["StateReading"];
/** A battery extreme and where it was measured. */
export type CellExtreme = NonNullable<Schemas["CellExtreme"]>;

/** The list's and export's filters. */
export interface VehicleStateFilters {
  vin?: string;
  online?: "online" | "offline";
  socMin?: number;
  socMax?: number;
  alarmLevel?: number;
  chargeState?: number;
}

/** One numbered page of the fleet's latest state. */
export async function listVehicleStates(
  query: VehicleStateFilters & { pageNum: number; pageSize: number },
  signal?: AbortSignal,
) {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-shadow/vehicleStatus/latest/list", signal ? { params, signal } : { params }));
}

/** One VIN's latest state (polled while its detail is open). */
export async function getVehicleState(vin: string, signal?: AbortSignal): Promise<VehicleStateDetail> {
  const params = { query: { vin } };
  return dataOf(await sdk().GET("/tsp-shadow/vehicleStatus/latest/detail", signal ? { params, signal } : { params }));
}

/** Submits an export of the vehicles matching the list's filters. */
export async function exportVehicleStates(query: VehicleStateFilters): Promise<ExportTaskRef> {
  return dataOf(await sdk().POST("/tsp-shadow/vehicleStatus/latest/export", { params: { query } }));
}
