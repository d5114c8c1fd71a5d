import type { TspUds } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";

// UDS诊断 (/dataService/udsV2): openapi tsp-uds.yaml.

type Schemas = TspUds.components["schemas"];
export type UdsEcu = Schemas["UdsEcu"];
export type UdsDiagnosis = Schemas["UdsDiagnosis"];
export type UdsResult = Schemas["UdsResult"];
export type UdsServiceName = Schemas["UdsService"];
export type UdsReadRequest = Schemas["UdsReadRequest"];
export type UdsControlRequest = Schemas["UdsControlRequest"];

export const UDS_SERVICE_NAMES = [
  "readDtc",
  "readDid",
  "clearDtc",
  "session",
  "reset",
] as const satisfies readonly UdsServiceName[];

export interface DiagnosisFilter {
  vin?: string;
  ecu?: string;
  service?: UdsServiceName;
}

export async function listUdsEcus(vin: string, signal?: AbortSignal) {
  const params = { query: { vin } };
  return dataOf(await sdk().GET("/tsp-uds/ecu/list", signal ? { params, signal } : { params }));
}
export async function sendUdsRead(body: UdsReadRequest) {
  return dataOf(await sdk().POST("/tsp-uds/diagnosis/read", { body }));
}
export async function sendUdsControl(body: UdsControlRequest) {
  return dataOf(await sdk().POST("/tsp-uds/diagnosis/control", { body }));
}
export async function listUdsDiagnoses(
  query: DiagnosisFilter & { pageNum: number; pageSize: number },
  signal?: AbortSignal,
) {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-uds/diagnosis/list", signal ? { params, signal } : { params }));
}
export async function exportUdsDiagnoses(query: DiagnosisFilter) {
  return dataOf(await sdk().POST("/tsp-uds/diagnosis/export", { params: { query } }));
}
