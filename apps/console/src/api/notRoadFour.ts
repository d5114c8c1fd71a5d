import type { FilingKind } from "@tsp/domain";
import { download, type TspBss } from "@tsp/sdk";
import type { ImportReport } from "@tsp/ui";
import type { ListImport } from "../kit/ListPage";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";

// The calls of 非道路国四数据转发 beyond the filings' register calls (api/registers.ts): the
// filings' moves, the forwarding platforms and the machines forwarded to them.

type Schemas = TspBss.components["schemas"];
export type ForwardPlatform = Schemas["ForwardPlatform"];
export type ForwardMachine = Schemas["ForwardMachine"];
export type FilingMoveAction = "submit" | "approve" | "reject" | "resubmit";

/** Each filing's move paths, written out (the screen-calls test reads the console's calls from its literals). */
const MOVES = {
  chipModel: {
    submit: "/tsp-bss/notRoadFour/chipModel/submit",
    approve: "/tsp-bss/notRoadFour/chipModel/approve",
    reject: "/tsp-bss/notRoadFour/chipModel/reject",
    resubmit: "/tsp-bss/notRoadFour/chipModel/resubmit",
  },
  terminalModel: {
    submit: "/tsp-bss/notRoadFour/terminalModel/submit",
    approve: "/tsp-bss/notRoadFour/terminalModel/approve",
    reject: "/tsp-bss/notRoadFour/terminalModel/reject",
    resubmit: "/tsp-bss/notRoadFour/terminalModel/resubmit",
  },
  machineRecord: {
    submit: "/tsp-bss/notRoadFour/machineRecord/submit",
    approve: "/tsp-bss/notRoadFour/machineRecord/approve",
    reject: "/tsp-bss/notRoadFour/machineRecord/reject",
    resubmit: "/tsp-bss/notRoadFour/machineRecord/resubmit",
  },
  terminalReplaceRecord: {
    submit: "/tsp-bss/notRoadFour/terminalReplaceRecord/submit",
    approve: "/tsp-bss/notRoadFour/terminalReplaceRecord/approve",
    reject: "/tsp-bss/notRoadFour/terminalReplaceRecord/reject",
    resubmit: "/tsp-bss/notRoadFour/terminalReplaceRecord/resubmit",
  },
} as const satisfies Record<FilingKind, Record<FilingMoveAction, string>>;

/** Moves a filing (its state allows it or the server answers 409); reject needs its reason. */
export async function moveFiling(kind: FilingKind, action: FilingMoveAction, key: string, reason?: string) {
  const path = MOVES[kind][action] as (typeof MOVES)["chipModel"]["submit"];
  return dataOf(await sdk().POST(path, { body: reason === undefined ? { key } : { key, reason } }));
}

export async function listForwardPlatforms(
  query: { keyWords?: string; protocol?: "hj1239" | "gb32960"; pageNum: number; pageSize: number },
  signal?: AbortSignal,
) {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-bss/notRoadFour/platformAccount/list", signal ? { params, signal } : { params }));
}
export type PlatformBody = Schemas["ForwardPlatformEdit"];
export async function createForwardPlatform(body: PlatformBody) {
  return dataOf(await sdk().POST("/tsp-bss/notRoadFour/platformAccount/add", { body }));
}
export async function updateForwardPlatform(body: Schemas["ForwardPlatformUpdate"]) {
  return dataOf(await sdk().POST("/tsp-bss/notRoadFour/platformAccount/update", { body }));
}
export async function deleteForwardPlatform(id: number) {
  return dataOf(await sdk().POST("/tsp-bss/notRoadFour/platformAccount/delete", { params: { query: { id } } }));
}

export async function listForwardMachines(
  query: { keyWords?: string; platformId?: number; pageNum: number; pageSize: number },
  signal?: AbortSignal,
) {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-bss/notRoadFour/machineManage/list", signal ? { params, signal } : { params }));
}
/** 转发机械管理's export: the list's filters, a task in the export file list. */
export async function exportForwardMachines(query: { keyWords?: string; platformId?: number }) {
  return dataOf(await sdk().POST("/tsp-bss/notRoadFour/machineManage/export", { params: { query } }));
}
export async function addForwardMachines(platformId: number, pins: string[]) {
  return dataOf(await sdk().POST("/tsp-bss/notRoadFour/machineManage/add", { body: { platformId, pins } }));
}
async function importForwardMachines(file: File): Promise<ImportReport> {
  const form = new FormData();
  form.append("file", file);
  const result = await sdk().POST("/tsp-bss/notRoadFour/machineManage/import", {
    body: form as never,
    bodySerializer: (body: unknown) => body as FormData,
  });
  return dataOf(result);
}
async function downloadForwardMachineTemplate(): Promise<{ blob: Blob; fileName: string | undefined }> {
  const file = await download(sdk(), "/tsp-bss/notRoadFour/machineManage/import/template");
  return { blob: file.blob, fileName: file.fileName };
}
/** 转发机械管理's import: rows 机械PIN码 · 转发平台, a per-row report. */
export const forwardMachineImport: Omit<ListImport, "title"> = {
  op: "importForwardMachines",
  template: downloadForwardMachineTemplate,
  importFile: (file) => importForwardMachines(file),
};
export async function setForwardMachineEnabled(platformId: number, pin: string, enabled: boolean) {
  return dataOf(await sdk().POST("/tsp-bss/notRoadFour/machineManage/enable", { body: { platformId, pin, enabled } }));
}
export async function removeForwardMachine(platformId: number, pin: string) {
  return dataOf(
    await sdk().POST("/tsp-bss/notRoadFour/machineManage/delete", { params: { query: { platformId, pin } } }),
  );
}

// 转发统计: the forwarder's figures per platform and day, and their export.
export type ForwardStatistics = Schemas["ForwardStatistics"];
export type ForwardStatisticsRow = Schemas["ForwardStatisticsRow"];
export type ForwardStatistQuery = { platformId?: number; startDay: string; endDay: string };
export async function listForwardStatistics(
  query: ForwardStatistQuery & { pageNum: number; pageSize: number },
  signal?: AbortSignal,
) {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-bss/notRoadFour/forwardStatist/list", signal ? { params, signal } : { params }));
}
export async function exportForwardStatistics(query: ForwardStatistQuery) {
  return dataOf(await sdk().POST("/tsp-bss/notRoadFour/forwardStatist/export", { params: { query } }));
}
