import type { TspShadow } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";
import type { ExportTaskRef } from "./types";

// 农机数据统计, 统计报表 and the public 大屏 (openapi tsp-shadow: machinery statistics, getBigScreen).

type Schemas = TspShadow.components["schemas"];
/** One row of 农机数据统计 (a day, type, type|model or 1° cell). */
export type FarmStatRow = Schemas["FarmStatRow"];
/** One machine's day of 统计报表. */
export type MachineDayReport = Schemas["MachineDayReport"];
/** The 大屏's aggregates. */
export type BigScreen = Schemas["BigScreen"];

/** What 农机数据统计 asks. */
export interface FarmStatsQuery {
  vin?: string;
  startTime: number;
  endTime: number;
  groupBy: "day" | "type" | "model" | "region";
  machineryType?: "tractor" | "harvester";
}

/** The farm machines' figures broken down as asked, with the total. */
export async function listFarmMachineryStats(query: FarmStatsQuery, signal?: AbortSignal) {
  return dataOf(
    await sdk().GET("/tsp-shadow/machinery/farm/stats", { params: { query }, ...(signal ? { signal } : {}) }),
  );
}

/** Submits an export of the same rows. */
export async function exportFarmMachineryStats(query: FarmStatsQuery): Promise<ExportTaskRef> {
  return dataOf(await sdk().POST("/tsp-shadow/machinery/farm/stats/export", { params: { query } }));
}

/** The daily report's query: a range of ≤ 31 days, optionally part of a PIN. */
export interface DailyReportQuery {
  vin?: string;
  startTime: number;
  endTime: number;
}

/** One numbered page of (machine, day) rows. */
export async function listMachineDailyReport(
  query: DailyReportQuery & { pageNum: number; pageSize: number },
  signal?: AbortSignal,
) {
  return dataOf(await sdk().GET("/tsp-shadow/machinery/report", { params: { query }, ...(signal ? { signal } : {}) }));
}

/** Submits an export of the report's rows. */
export async function exportMachineDailyReport(query: DailyReportQuery): Promise<ExportTaskRef> {
  return dataOf(await sdk().POST("/tsp-shadow/machinery/report/export", { params: { query } }));
}

/** The public 大屏's figures (no session needed). */
export async function getBigScreen(signal?: AbortSignal) {
  return dataOf(await sdk().GET("/tsp-shadow/bigScreen", signal ? { signal } : {}));
}
