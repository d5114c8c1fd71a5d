import type { MessageKind } from "@tsp/domain";
import { download, type TspBss } from "@tsp/sdk";
import type { ImportReport } from "@tsp/ui";
import type { ListImport } from "../kit/ListPage";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";

// 故障报警 (/operate/alarm), 车辆分组 (/operate/group) and 个人消息 (/personal/message):
// tsp-bss.yaml, tags operateAlarm, vehicleGroup, personalMessage.

type Schemas = TspBss.components["schemas"];
export type OperateAlarm = Schemas["OperateAlarm"];
export type OperateAlarmPage = Schemas["OperateAlarmPage"];
export type AlarmQuery = NonNullable<TspBss.operations["listOperateAlarms"]["parameters"]["query"]>;
export type AlarmFilters = Omit<AlarmQuery, "pageNum" | "pageSize">;
export type VehicleGroup = Schemas["VehicleGroup"];
export type VehicleGroupMember = Schemas["VehicleGroupMember"];
export type PersonalMessage = Schemas["PersonalMessage"];
export type PersonalMessagePage = Schemas["PersonalMessagePage"];
export type MessageSetting = Schemas["MessageSetting"];

export async function listOperateAlarms(query: AlarmQuery, signal?: AbortSignal): Promise<OperateAlarmPage> {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-bss/operate/alarm/list", signal ? { params, signal } : { params }));
}
export async function acknowledgeAlarm(id: number, note: string | null): Promise<OperateAlarm> {
  return dataOf(await sdk().POST("/tsp-bss/operate/alarm/acknowledge", { body: { id, note } }));
}
export async function closeAlarm(id: number, note: string): Promise<OperateAlarm> {
  return dataOf(await sdk().POST("/tsp-bss/operate/alarm/close", { body: { id, note } }));
}
export async function exportOperateAlarms(query: AlarmFilters) {
  return dataOf(await sdk().POST("/tsp-bss/operate/alarm/export", { params: { query } }));
}

export async function listVehicleGroups(
  query: { name?: string; pageNum?: number; pageSize?: number },
  signal?: AbortSignal,
): Promise<{ list: VehicleGroup[]; total: number }> {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-bss/operate/group/list", signal ? { params, signal } : { params }));
}
export async function createVehicleGroup(name: string): Promise<VehicleGroup> {
  return dataOf(await sdk().POST("/tsp-bss/operate/group/create", { body: { name } }));
}
export async function renameVehicleGroup(id: number, name: string): Promise<VehicleGroup> {
  return dataOf(await sdk().POST("/tsp-bss/operate/group/rename", { body: { id, name } }));
}
export async function deleteVehicleGroup(id: number): Promise<void> {
  await dataOf(await sdk().POST("/tsp-bss/operate/group/delete", { body: { id } }));
}
export async function listGroupMembers(
  groupId: number,
  pageNum: number,
  pageSize: number,
): Promise<{ list: VehicleGroupMember[]; total: number }> {
  return dataOf(
    await sdk().GET("/tsp-bss/operate/group/members", { params: { query: { groupId, pageNum, pageSize } } }),
  );
}
export async function addGroupMembers(groupId: number, vins: string[]) {
  return dataOf(await sdk().POST("/tsp-bss/operate/group/members/add", { body: { groupId, vins } }));
}
export async function removeGroupMembers(groupId: number, vins: string[]) {
  return dataOf(await sdk().POST("/tsp-bss/operate/group/members/remove", { body: { groupId, vins } }));
}
export async function exportGroupMembers(groupId: number) {
  return dataOf(await sdk().POST("/tsp-bss/operate/group/members/export", { params: { query: { groupId } } }));
}
async function importGroupMembers(groupId: number, file: File): Promise<ImportReport> {
  const form = new FormData();
  form.append("file", file);
  const result = await sdk().POST("/tsp-bss/operate/group/members/import", {
    params: { query: { groupId } },
    body: form as never,
    bodySerializer: (body: unknown) => body as FormData,
  });
  return dataOf(result);
}
async function downloadGroupTemplate(): Promise<{ blob: Blob; fileName: string | undefined }> {
  const file = await download(sdk(), "/tsp-bss/operate/group/members/template");
  return { blob: file.blob, fileName: file.fileName };
}
/** The import of a group's members (the group is the one the dialog is for). */
export const groupImport = (groupId: number): Omit<ListImport, "title"> => ({
  op: "importVehicleGroupMembers",
  template: downloadGroupTemplate,
  importFile: (file) => importGroupMembers(groupId, file),
});

export async function listPersonalMessages(
  query: { kind?: MessageKind; unread?: boolean; pageNum?: number; pageSize?: number },
  signal?: AbortSignal,
): Promise<PersonalMessagePage> {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-bss/personal/message/list", signal ? { params, signal } : { params }));
}
export async function countUnreadMessages(): Promise<number> {
  return dataOf(await sdk().GET("/tsp-bss/personal/message/unread", {})).unread;
}
export async function markMessagesRead(body: { keys?: string[]; all?: boolean }): Promise<number> {
  return dataOf(await sdk().POST("/tsp-bss/personal/message/read", { body })).unread;
}
export async function getMessageSetting(): Promise<MessageSetting> {
  return dataOf(await sdk().GET("/tsp-bss/personal/message/setting", {}));
}
export async function setMessageSetting(minLevel: number, groupId: number | null): Promise<MessageSetting> {
  return dataOf(
    await sdk().POST("/tsp-bss/personal/message/setting", { body: { minLevel: minLevel as 1 | 2 | 3, groupId } }),
  );
}
