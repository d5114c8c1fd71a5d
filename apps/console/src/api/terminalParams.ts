import type { TspCommand } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";

// 终端参数设置 (/dataService/terminal): openapi tsp-command.yaml, tags paramTemplate and paramBatch.

type Schemas = TspCommand.components["schemas"];
export type ParamTemplate = Schemas["ParamTemplate"];
export type ParamTemplateInput = Schemas["ParamTemplateInput"];
export type ParamTemplateLogEntry = Schemas["ParamTemplateLogEntry"];
export type ParamBatch = Schemas["ParamBatch"];
export type ParamBatchInput = Schemas["ParamBatchInput"];
export type ParamBatchVehicle = Schemas["ParamBatchVehicle"];
export type ParamBatchVehicleState = Schemas["ParamBatchVehicleState"];

export async function listParamTemplates(
  query: { keyword?: string; pageNum: number; pageSize: number },
  signal?: AbortSignal,
) {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-command/paramTemplate/list", signal ? { params, signal } : { params }));
}
export async function createParamTemplate(body: ParamTemplateInput) {
  return dataOf(await sdk().POST("/tsp-command/paramTemplate/add", { body }));
}
export async function updateParamTemplate(body: ParamTemplateInput & { id: number; updateTime: number }) {
  return dataOf(await sdk().POST("/tsp-command/paramTemplate/update", { body }));
}
export async function deleteParamTemplate(id: number) {
  return dataOf(await sdk().POST("/tsp-command/paramTemplate/delete", { body: { id } }));
}
export async function listParamTemplateLog(id: number) {
  return dataOf(await sdk().GET("/tsp-command/paramTemplate/log", { params: { query: { id } } }));
}
export async function applyParamTemplate(body: ParamBatchInput) {
  return dataOf(await sdk().POST("/tsp-command/paramBatch/apply", { body }));
}
export async function listParamBatches(
  query: { keyword?: string; pageNum: number; pageSize: number },
  signal?: AbortSignal,
) {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-command/paramBatch/list", signal ? { params, signal } : { params }));
}
export async function listParamBatchVehicles(
  query: { id: number; state?: ParamBatchVehicleState; pageNum: number; pageSize: number },
  signal?: AbortSignal,
) {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-command/paramBatch/vehicles", signal ? { params, signal } : { params }));
}
export async function retryParamBatch(id: number) {
  return dataOf(await sdk().POST("/tsp-command/paramBatch/retry", { body: { id } }));
}
export async function exportParamBatchVehicles(query: { id: number; state?: ParamBatchVehicleState }) {
  return dataOf(await sdk().GET("/tsp-command/paramBatch/export", { params: { query } }));
}
