import type { RemotePage } from "@tsp/ui";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";
import type {
  MonitorEntry,
  MonitorInform,
  MonitorInformEdit,
  MonitorInsertReport,
  MonitorQuery,
  VehicleBrief,
} from "./types";

// The /newCarMonitor route group's calls (新能源车辆监控): the monitoring list and its notification setting (tsp-bss, tag monitor).

/** One numbered page of the monitoring list. */
export async function listMonitor(
  body: MonitorQuery,
  signal?: AbortSignal,
): Promise<{ list: MonitorEntry[]; total: number }> {
  return dataOf(await sdk().POST("/tsp-bss/ner/monitor/list", signal ? { body, signal } : { body }));
}

/** Adds VINs under one kind of watch; answers what became of each VIN. */
export async function insertMonitor(vins: readonly string[], type: 1 | 2 | 3): Promise<MonitorInsertReport> {
  return dataOf(await sdk().POST("/tsp-bss/ner/monitor/insert", { params: { query: { ids: vins.join(","), type } } }));
}

/** Removes VINs from one kind of watch; answers how many entries went. */
export async function deleteMonitor(vins: readonly string[], type: 1 | 2 | 3): Promise<number> {
  const out = dataOf(
    await sdk().POST("/tsp-bss/ner/monitor/delete", { params: { query: { ids: vins.join(","), type } } }),
  );
  return out.changed;
}

/** The tenant's notification setting (the default until one is saved). */
export async function getMonitorInform(signal?: AbortSignal): Promise<MonitorInform> {
  return dataOf(await sdk().GET("/tsp-bss/ner/monitor/getInform", signal ? { signal } : {}));
}

/** Saves the notification setting; answers it as saved. */
export async function setMonitorInform(body: MonitorInformEdit): Promise<MonitorInform> {
  return dataOf(await sdk().POST("/tsp-bss/ner/monitor/setInform", { body }));
}

/** The VIN picker (spec §7 findVinListByDim): the tenant's vehicles whose VIN contains the keyword, one page. */
export async function findVins(
  query: { vin: string; pageNum: number; pageSize: number },
  signal: AbortSignal,
): Promise<RemotePage<VehicleBrief>> {
  return dataOf(await sdk().GET("/tsp-bss/v1/vehicle/findVinListByDim", { params: { query }, signal }));
}
