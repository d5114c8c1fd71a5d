import type { TspHbaseProxy } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";
import type { ExportTaskRef } from "./types";

// 行程数据报文 and 农机可靠性试验补发数据统计 (openapi tsp-hbase-proxy, tag tboxJournal): trips derived
// from the position store, and re-sent frame statistics per machine and day.

type Schemas = TspHbaseProxy.components["schemas"];
/** One trip: start/end, distance, duration, speeds, SOC used. */
export type Trip = Schemas["Trip"];
/** One machine and day of the frame journal's counts. */
export type ReliabilityDay = Schemas["ReliabilityDay"];

export interface TripQuery {
  vin: string;
  startTime: number;
  endTime: number;
  reportTimeDesc: boolean;
}

export async function getTrips(q: TripQuery, pageSize: number, rowKey: string | undefined, signal?: AbortSignal) {
  const params = { query: { ...q, pageSize, ...(rowKey ? { rowKey } : {}) } };
  return dataOf(await sdk().GET("/tsp-hbase-proxy/tboxJournal/trips", signal ? { params, signal } : { params }));
}

export async function exportTrips(q: TripQuery): Promise<ExportTaskRef> {
  return dataOf(await sdk().GET("/tsp-hbase-proxy/tboxJournal/travalData/export", { params: { query: q } }));
}

export interface ReliabilityQuery {
  vin?: string;
  startTime: number;
  endTime: number;
}

export async function getReliabilityStats(
  q: ReliabilityQuery,
  pageNum: number,
  pageSize: number,
  signal?: AbortSignal,
) {
  const params = { query: { ...q, pageNum, pageSize } };
  return dataOf(await sdk().GET("/tsp-hbase-proxy/reliability/list", signal ? { params, signal } : { params }));
}

export async function exportReliabilityStats(q: ReliabilityQuery): Promise<ExportTaskRef> {
  return dataOf(await sdk().GET("/tsp-hbase-proxy/reliability/export", { params: { query: q } }));
}
