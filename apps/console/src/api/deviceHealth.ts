import type { TspBss } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";

// 设备管理, issue 19's rest: T-Box故障记录, 防拆报警, 报警通知人员 (tsp-bss.yaml, tag deviceHealth).

type Schemas = TspBss.components["schemas"];
type Ops = TspBss.operations;
export type TboxFault = Schemas["TboxFault"];
export type TamperAlarm = Schemas["TamperAlarm"];
export type AlarmNotifyRule = Schemas["AlarmNotifyRule"];
export type AlarmNotifySave = Schemas["AlarmNotifySave"];
export type HandlingStep = Schemas["DeviceHandlingStep"];
export type FaultQuery = NonNullable<Ops["listTboxFaults"]["parameters"]["query"]>;
export type FaultFilters = Omit<FaultQuery, "pageNum" | "pageSize">;
export type TamperQuery = NonNullable<Ops["listTamperAlarms"]["parameters"]["query"]>;
export type TamperFilters = Omit<TamperQuery, "pageNum" | "pageSize">;

const withSignal = <Q>(query: Q, signal?: AbortSignal) =>
  signal ? { params: { query }, signal } : { params: { query } };

export async function listTboxFaults(query: FaultQuery, signal?: AbortSignal) {
  return dataOf(await sdk().GET("/tsp-bss/deviceManage/tboxFault/list", withSignal(query, signal)));
}
export async function handleTboxFault(body: HandlingStep) {
  return dataOf(await sdk().POST("/tsp-bss/deviceManage/tboxFault/handle", { body }));
}
export async function exportTboxFaults(query: FaultFilters) {
  return dataOf(await sdk().GET("/tsp-bss/deviceManage/tboxFault/export", { params: { query } }));
}
export async function listTamperAlarms(query: TamperQuery, signal?: AbortSignal) {
  return dataOf(await sdk().GET("/tsp-bss/deviceManage/tamperAlarm/list", withSignal(query, signal)));
}
export async function handleTamperAlarm(body: HandlingStep) {
  return dataOf(await sdk().POST("/tsp-bss/deviceManage/tamperAlarm/handle", { body }));
}
export async function exportTamperAlarms(query: TamperFilters) {
  return dataOf(await sdk().GET("/tsp-bss/deviceManage/tamperAlarm/export", { params: { query } }));
}
export async function listAlarmNotify(query: { pageNum: number; pageSize: number }, signal?: AbortSignal) {
  return dataOf(await sdk().GET("/tsp-bss/deviceManage/alarmNotify/list", withSignal(query, signal)));
}
export async function saveAlarmNotify(body: AlarmNotifySave) {
  return dataOf(await sdk().POST("/tsp-bss/deviceManage/alarmNotify/save", { body }));
}
export async function deleteAlarmNotify(id: number) {
  return dataOf(await sdk().POST("/tsp-bss/deviceManage/alarmNotify/delete", { body: { id } }));
}
export async function listAlarmNotifyAccounts() {
  return dataOf(
    await sdk().GET("/tsp-bss/deviceManage/alarmNotify/accounts", { params: { query: { pageNum: 1, pageSize: 200 } } }),
  );
}
