import type { TspShadow } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";
import type { ExportTaskRef } from "./types";

// 非道路机械监控 and 机械信息管理 (openapi tsp-shadow, tag machinery; tsp-bss nongji/listNoPage).

type Schemas = TspShadow.components["schemas"];
/** One machine's latest state. */
export type MachineStateRow = Schemas["MachineStateRow"];
/** The map's card: the row, the register entry, the last login/logout. */
export type MachineStateDetail = Schemas["MachineStateDetail"];
/** What a machine is doing now. */
export type MachineState = Schemas["MachineState"];
/** One decoded report of a machine. */
export type MachineSample = Schemas["MachineSample"];
/** One machine's online time on one day. */
export type MachineOnlineDay = Schemas["MachineOnlineDay"];
/** The fleet on the map as parallel arrays. */
export type MachineMap = Schemas["MachineMap"];

/** The map's, the list's and the export's filters. */
export interface MachineFilters {
  vin?: string;
  state?: MachineState;
  machineryType?: MachineStateRow["machineryType"];
  model?: string;
}

type Opt = { signal?: AbortSignal | undefined };
const withSignal = <P>(params: P, signal?: AbortSignal) => (signal ? { params, signal } : { params });

/** Every placed machine with its state (polled by 地图监控). */
export async function listMachineMap(query: Omit<MachineFilters, "vin">, { signal }: Opt = {}) {
  return dataOf(await sdk().GET("/tsp-shadow/machinery/map", withSignal({ query }, signal)));
}

/** One numbered page of the machines' latest state. */
export async function listMachineStates(
  query: MachineFilters & { pageNum: number; pageSize: number },
  signal?: AbortSignal,
) {
  return dataOf(await sdk().GET("/tsp-shadow/machinery/latest/list", withSignal({ query }, signal)));
}

/** One machine's card. */
export async function getMachineState(vin: string, signal?: AbortSignal): Promise<MachineStateDetail> {
  return dataOf(await sdk().GET("/tsp-shadow/machinery/latest/detail", withSignal({ query: { vin } }, signal)));
}

/** Submits an export of the machines matching the filters. */
export async function exportMachineStates(query: MachineFilters): Promise<ExportTaskRef> {
  return dataOf(await sdk().POST("/tsp-shadow/machinery/latest/export", { params: { query } }));
}

/** The history's query: one machine over ≤ 7 days. */
export interface MachineHistoryQuery {
  vin: string;
  startTime: number;
  endTime: number;
}

/** One numbered page of a machine's reports, newest first. */
export async function listMachineHistory(
  query: MachineHistoryQuery & { pageNum: number; pageSize: number },
  signal?: AbortSignal,
) {
  return dataOf(await sdk().GET("/tsp-shadow/machinery/history", withSignal({ query }, signal)));
}

/** Submits an export of a machine's reports over the range. */
export async function exportMachineHistory(query: MachineHistoryQuery): Promise<ExportTaskRef> {
  return dataOf(await sdk().POST("/tsp-shadow/machinery/history/export", { params: { query } }));
}

/** The online-time query: a range of ≤ 31 days, optionally part of a PIN. */
export interface MachineOnlineQuery {
  vin?: string;
  startTime: number;
  endTime: number;
}

/** One numbered page of (machine, day) online time. */
export async function listMachineOnlineTime(
  query: MachineOnlineQuery & { pageNum: number; pageSize: number },
  signal?: AbortSignal,
) {
  return dataOf(await sdk().GET("/tsp-shadow/machinery/online", withSignal({ query }, signal)));
}

/** Submits an export of the online-time rows. */
export async function exportMachineOnlineTime(query: MachineOnlineQuery): Promise<ExportTaskRef> {
  return dataOf(await sdk().POST("/tsp-shadow/machinery/online/export", { params: { query } }));
}

/** 机械信息管理's list: the machines of 机械信息 matching keywords (the spec's nongji/listNoPage: the first 200 and the total). */
export async function listNongji(keyWords: string, signal?: AbortSignal) {
  const query = keyWords ? { keyWords } : {};
  return dataOf(await sdk().GET("/tsp-bss/nongji/listNoPage", withSignal({ query }, signal)));
}
