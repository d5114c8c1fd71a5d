import type { TspOta } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";

// OTA升级 (/ota/index) and 车辆版本信息 (/dataService/info): openapi tsp-ota.yaml.

type Schemas = TspOta.components["schemas"];
export type OtaPackage = Schemas["OtaPackage"];
export type OtaPackageInput = Schemas["OtaPackageInput"];
export type OtaCampaign = Schemas["OtaCampaign"];
export type OtaCampaignInput = Schemas["OtaCampaignInput"];
export type OtaCampaignState = Schemas["OtaCampaignState"];
export type OtaCampaignVehicle = Schemas["OtaCampaignVehicle"];
export type OtaVehicleState = Schemas["OtaVehicleState"];
export type VehicleVersion = Schemas["VehicleVersion"];

export const CAMPAIGN_STATES = [
  "draft",
  "running",
  "finished",
  "cancelled",
] as const satisfies readonly OtaCampaignState[];
export const VEHICLE_STATES = [
  "queued",
  "sent",
  "acknowledged",
  "upgrading",
  "success",
  "failed",
  "cancelled",
] as const satisfies readonly OtaVehicleState[];

/** uploadBoxEvFile: the firmware file into the object store; answers its /obs/ address. */
export async function uploadBoxEvFile(file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  const result = await sdk().POST("/tsp-ota/v1/web/boxEv/ftp", {
    body: form as never,
    bodySerializer: (body: unknown) => body as FormData,
  });
  return dataOf(result);
}

export async function listOtaPackages(
  query: { keyword?: string; pageNum: number; pageSize: number },
  signal?: AbortSignal,
) {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-ota/v1/web/package/list", signal ? { params, signal } : { params }));
}
export async function createOtaPackage(body: OtaPackageInput) {
  return dataOf(await sdk().POST("/tsp-ota/v1/web/package/add", { body }));
}
export async function deleteOtaPackage(id: number) {
  return dataOf(await sdk().POST("/tsp-ota/v1/web/package/delete", { body: { id } }));
}

export async function listOtaCampaigns(
  query: { keyword?: string; state?: OtaCampaignState; pageNum: number; pageSize: number },
  signal?: AbortSignal,
) {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-ota/v1/web/campaign/list", signal ? { params, signal } : { params }));
}
export async function createOtaCampaign(body: OtaCampaignInput) {
  return dataOf(await sdk().POST("/tsp-ota/v1/web/campaign/add", { body }));
}
export async function startOtaCampaign(id: number) {
  return dataOf(await sdk().POST("/tsp-ota/v1/web/campaign/start", { body: { id } }));
}
export async function cancelOtaCampaign(id: number) {
  return dataOf(await sdk().POST("/tsp-ota/v1/web/campaign/cancel", { body: { id } }));
}
export async function listOtaCampaignVehicles(
  query: { id: number; pageNum: number; pageSize: number },
  signal?: AbortSignal,
) {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-ota/v1/web/campaign/vehicles", signal ? { params, signal } : { params }));
}

export async function listVehicleVersions(
  query: { vin?: string; firmware?: string; pageNum: number; pageSize: number },
  signal?: AbortSignal,
) {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-ota/v1/web/version/list", signal ? { params, signal } : { params }));
}
export async function listVehicleVersionHistory(vin: string, signal?: AbortSignal): Promise<VehicleVersion[]> {
  const params = { query: { vin } };
  return dataOf(await sdk().GET("/tsp-ota/v1/web/version/history", signal ? { params, signal } : { params }));
}
export async function exportVehicleVersions(query: { vin?: string; firmware?: string }) {
  return dataOf(await sdk().POST("/tsp-ota/v1/web/version/export", { params: { query } }));
}
