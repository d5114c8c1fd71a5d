import type { TspBss } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";

// 设备管理 (/deviceManage): replacement records of the four kinds and the VIN check failures
// (tsp-bss.yaml, tag deviceChange).

type Schemas = TspBss.components["schemas"];
export type DeviceChange = Schemas["DeviceChangeRecord"];
export type DeviceChangeCreate = Schemas["DeviceChangeCreate"];
export type DeviceChangeQuery = NonNullable<TspBss.operations["listDeviceChanges"]["parameters"]["query"]>;
export type DeviceChangeFilters = Omit<DeviceChangeQuery, "pageNum" | "pageSize">;
export type VinCheckFailure = Schemas["VinCheckFailure"];
export type VinCheckQuery = TspBss.operations["listVinCheckFailures"]["parameters"]["query"];
export type VinCheckFilters = Omit<VinCheckQuery, "pageNum" | "pageSize">;

export async function listDeviceChanges(query: DeviceChangeQuery, signal?: AbortSignal) {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-bss/deviceManage/change/list", signal ? { params, signal } : { params }));
}
export async function getDeviceChange(id: number): Promise<DeviceChange> {
  return dataOf(await sdk().GET("/tsp-bss/deviceManage/change/detail", { params: { query: { id } } }));
}
export async function createDeviceChange(body: DeviceChangeCreate): Promise<DeviceChange> {
  return dataOf(await sdk().POST("/tsp-bss/deviceManage/change/create", { body }));
}
export async function reviewDeviceChange(body: { id: number; approve: boolean; note: string | null }) {
  return dataOf(await sdk().POST("/tsp-bss/deviceManage/change/review", { body }));
}
export async function exportDeviceChanges(query: DeviceChangeFilters) {
  return dataOf(await sdk().GET("/tsp-bss/deviceManage/change/export", { params: { query } }));
}
export async function listVinCheckFailures(query: VinCheckQuery, signal?: AbortSignal) {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-bss/deviceManage/vinCheck/list", signal ? { params, signal } : { params }));
}
export async function exportVinCheckFailures(query: VinCheckFilters) {
  return dataOf(await sdk().GET("/tsp-bss/deviceManage/vinCheck/export", { params: { query } }));
}
