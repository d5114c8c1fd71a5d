import type { TspJsatl } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";

// JT/T 808 multimedia (openapi tsp-jsatl): the vehicles with a JT/T 808 terminal (the spec's
// findList), camera shoot now, the uploaded photos and their .zip export.

type Schemas = TspJsatl.components["schemas"];
export type Media = Schemas["Media"];
export type CameraShoot = Schemas["CameraShoot"];
export type JsatlVehicle = Schemas["JsatlVehicle"];
export type SafetyAlarm = Schemas["SafetyAlarm"];
export type SafetyFile = Schemas["SafetyFile"];
export type SafetySource = Schemas["SafetySource"];
export const SAFETY_SOURCES = ["adas", "dsm", "tpms", "bsd"] as const satisfies readonly SafetySource[];

export async function findJsatlVehicles(vin: string, signal?: AbortSignal) {
  const params = { query: { pageNum: 1, pageSize: 100, ...(vin ? { vin } : {}) } };
  return dataOf(await sdk().GET("/tsp-jsatl/jsatl/vehicle/findList", signal ? { params, signal } : { params }));
}

export async function sendCameraShoot(vin: string, shoot: CameraShoot) {
  return dataOf(await sdk().POST("/tsp-jsatl/jsatl/camera/shoot", { body: { vin, shoot } }));
}

export interface MediaFilters {
  vin?: string;
  startTime?: number;
  endTime?: number;
  channel?: number;
  commandId?: number;
  alarmOnly?: boolean;
  pageNum: number;
  pageSize: number;
}

export async function listMedia(query: MediaFilters, signal?: AbortSignal) {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-jsatl/jsatl/media/list", signal ? { params, signal } : { params }));
}

export async function exportMediaZip(body: { ids?: number[]; vin?: string; startTime?: number; endTime?: number }) {
  return dataOf(await sdk().POST("/tsp-jsatl/jsatl/media/export", { body }));
}

export interface SafetyAlarmFilters {
  vin?: string;
  startTime?: number;
  endTime?: number;
  source?: SafetySource;
  complete?: boolean;
  pageNum: number;
  pageSize: number;
}

/** 报警附件上传: the 苏标 alarms and their attachment files. */
export async function listSafetyAlarms(query: SafetyAlarmFilters, signal?: AbortSignal) {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-jsatl/jsatl/alarm/attachment/list", signal ? { params, signal } : { params }));
}

/** 报警附件上传's 导出: the list's filters as an export task. */
export async function exportSafetyAlarms(query: Omit<SafetyAlarmFilters, "pageNum" | "pageSize">) {
  return dataOf(await sdk().POST("/tsp-jsatl/jsatl/alarm/attachment/export", { params: { query } }));
}
