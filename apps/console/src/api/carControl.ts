import { download, type TspCommand } from "@tsp/sdk";
import type { ImportReport } from "@tsp/ui";
import type { ListImport } from "../kit/ListPage";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";

// 车控服务管理 (/carControlService/manage) and 车控提醒 (/carControlService/remind):
// tsp-command.yaml, tag carControlService.

type Schemas = TspCommand.components["schemas"];
export type CarControlPackage = Schemas["CarControlPackage"];
export type CarControlPackageInput = Schemas["CarControlPackageInput"];
export type CarControlSubscription = Schemas["CarControlSubscription"];
export type SubscriptionState = Schemas["CarControlSubscriptionState"];
export type RemindRule = Schemas["CarControlRemindRule"];
export type RemindRuleInput = Schemas["CarControlRemindInput"];
export type Reminder = Schemas["CarControlReminder"];
export type RemindResult = Schemas["CarControlRemindResult"];

export async function listPackages(query: { keyword?: string; pageNum: number; pageSize: number }) {
  return dataOf(await sdk().GET("/tsp-command/carControl/package/list", { params: { query } }));
}
export async function savePackage(body: CarControlPackageInput) {
  return dataOf(await sdk().POST("/tsp-command/carControl/package/save", { body }));
}
export async function deletePackage(id: number) {
  return dataOf(await sdk().POST("/tsp-command/carControl/package/delete", { body: { id } }));
}

export interface SubscriptionQuery {
  vin?: string;
  packageId?: number;
  state?: SubscriptionState;
}
export async function listSubscriptions(
  query: SubscriptionQuery & { pageNum: number; pageSize: number },
  signal?: AbortSignal,
) {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-command/carControl/subscription/list", signal ? { params, signal } : { params }));
}
export async function addSubscription(body: { vin: string; packageId: number; startDate?: string }) {
  return dataOf(await sdk().POST("/tsp-command/carControl/subscription/add", { body }));
}
export async function renewSubscription(id: number) {
  return dataOf(await sdk().POST("/tsp-command/carControl/subscription/renew", { body: { id } }));
}
export async function stopSubscription(id: number) {
  return dataOf(await sdk().POST("/tsp-command/carControl/subscription/stop", { body: { id } }));
}
export async function exportSubscriptions(query: SubscriptionQuery) {
  return dataOf(await sdk().POST("/tsp-command/carControl/subscription/export", { params: { query } }));
}
async function importSubscriptions(file: File): Promise<ImportReport> {
  const form = new FormData();
  form.append("file", file);
  const result = await sdk().POST("/tsp-command/carControl/subscription/import", {
    body: form as never,
    bodySerializer: (body: unknown) => body as FormData,
  });
  return dataOf(result);
}
async function downloadTemplate(): Promise<{ blob: Blob; fileName: string | undefined }> {
  const file = await download(sdk(), "/tsp-command/carControl/subscription/template");
  return { blob: file.blob, fileName: file.fileName };
}
export const subscriptionImport: Omit<ListImport, "title"> = {
  op: "importCarControlSubscriptions",
  template: downloadTemplate,
  importFile: (file) => importSubscriptions(file),
};

export async function listRemindRules(
  query: { vin?: string; pageNum: number; pageSize: number },
  signal?: AbortSignal,
) {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-command/carControl/remind/rule/list", signal ? { params, signal } : { params }));
}
export async function saveRemindRule(body: RemindRuleInput) {
  return dataOf(await sdk().POST("/tsp-command/carControl/remind/rule/save", { body }));
}
export async function deleteRemindRule(id: number) {
  return dataOf(await sdk().POST("/tsp-command/carControl/remind/rule/delete", { body: { id } }));
}
export async function listReminders(
  query: { vin?: string; result?: RemindResult; pageNum: number; pageSize: number },
  signal?: AbortSignal,
) {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-command/carControl/remind/list", signal ? { params, signal } : { params }));
}
