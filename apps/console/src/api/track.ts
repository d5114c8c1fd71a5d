import type { TspHbaseProxy } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";
import type { ExportTaskRef } from "./types";

// 机械轨迹查询 (/operate/tripQuery): openapi tsp-hbase-proxy, tag track.

type Schemas = TspHbaseProxy.components["schemas"];
/** The track as parallel arrays, with its figures. */
export type VehicleTrack = Schemas["VehicleTrack"];
/** Distance, times, stops and overspeeds of a track. */
export type TrackSummary = Schemas["TrackSummary"];

/** What a track query takes: VIN, at most a day, and the two thresholds. */
export interface TrackQuery {
  vin: string;
  startTime: number;
  endTime: number;
  speedLimit: number;
  stopMinutes: number;
}

export async function getVehicleTrack(query: TrackQuery, signal?: AbortSignal): Promise<VehicleTrack> {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-hbase-proxy/track/getVehicleTrack", signal ? { params, signal } : { params }));
}

export async function exportVehicleTrack(query: TrackQuery): Promise<ExportTaskRef> {
  return dataOf(await sdk().GET("/tsp-hbase-proxy/track/export", { params: { query } }));
}
