import type { TspShadow } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";
import type { ExportTaskRef } from "./types";

// 农机可靠性试验统计 (openapi tsp-shadow: listMachineryReliability, exportMachineryReliability).

type Schemas = TspShadow.components["schemas"];
/** One row of a breakdown (or the total). */
export type ReliabilityRow = Schemas["ReliabilityRow"];
/** One machine of the test, judged. */
export type ReliabilityMachine = Schemas["ReliabilityMachine"];
/** The answer: the breakdown, the total and every machine. */
export type ReliabilityStats = Schemas["ReliabilityStats"];

/** What the screen asks: the test (machines, period) and the breakdown. */
export interface ReliabilityQuery {
  startTime: number;
  endTime: number;
  groupBy: "machine" | "day" | "model" | "region";
  machineryType?: "tractor" | "harvester";
  model?: string;
  vins?: string;
}

/** The test's machines judged, broken down as asked. */
export async function listMachineryReliability(query: ReliabilityQuery, signal?: AbortSignal) {
  return dataOf(
    await sdk().GET("/tsp-shadow/machinery/reliability", { params: { query }, ...(signal ? { signal } : {}) }),
  );
}

/** Submits an export of the same test. */
export async function exportMachineryReliability(query: ReliabilityQuery): Promise<ExportTaskRef> {
  return dataOf(await sdk().POST("/tsp-shadow/machinery/reliability/export", { params: { query } }));
}
