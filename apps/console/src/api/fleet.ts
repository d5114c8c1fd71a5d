import type { TspBss, TspShadow } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";

// 运营总览 (tsp-shadow getOperateOverview), 高级筛选 and 我的关注 (tsp-bss tags fleetScreen,
// vehicleFollow): /operate/overview, /operate/screen, /personal/follow. The calls answering no
// data (delete, follow, unfollow) are awaited without dataOf: the SDK rejects a refusal itself.

type Bss = TspBss.components["schemas"];
export type OperateOverview = TspShadow.components["schemas"]["OperateOverview"];
export type FleetFilter = Bss["FleetFilter"];
export type FleetRow = Bss["FleetRow"];
export type SavedFleetFilter = Bss["SavedFleetFilter"];
export type FollowedRow = FleetRow & { followedAt: number };

export async function getOverview(signal?: AbortSignal): Promise<OperateOverview> {
  return dataOf(await sdk().GET("/tsp-shadow/operate/overview", signal ? { signal } : {}));
}

export async function listFleet(
  query: FleetFilter & { pageNum: number; pageSize: number },
  signal?: AbortSignal,
): Promise<{ list: FleetRow[]; total: number }> {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-bss/operate/screen/list", signal ? { params, signal } : { params }));
}
export async function exportFleet(query: FleetFilter) {
  return dataOf(await sdk().POST("/tsp-bss/operate/screen/export", { params: { query } }));
}
export async function putFleetInGroup(groupId: number, filter: FleetFilter) {
  return dataOf(await sdk().POST("/tsp-bss/operate/screen/toGroup", { body: { groupId, filter } }));
}
export async function listSavedFilters(): Promise<SavedFleetFilter[]> {
  return dataOf(await sdk().GET("/tsp-bss/operate/screen/filters", {}));
}
export async function saveFilter(name: string, filter: FleetFilter): Promise<SavedFleetFilter> {
  return dataOf(await sdk().POST("/tsp-bss/operate/screen/filters/add", { body: { name, filter } }));
}
export async function renameFilter(id: number, name: string): Promise<SavedFleetFilter> {
  return dataOf(await sdk().POST("/tsp-bss/operate/screen/filters/rename", { body: { id, name } }));
}
export async function deleteFilter(id: number): Promise<void> {
  await sdk().POST("/tsp-bss/operate/screen/filters/delete", { body: { id } });
}

/** The brand → series → model tree of 高级筛选 (the spec's selectBrandTreeList). */
export async function brandTreeList(): Promise<Bss["BrandNode"][]> {
  return dataOf(await sdk().GET("/tsp-bss/v1/brands/selectBrandTreeList", {}));
}
/** Plates containing the typed text (the spec's fuzzyFindPlates), for the plate picker. */
export async function platePage(
  query: { keyWords: string; pageNum: number; pageSize: number },
  signal: AbortSignal,
): Promise<{ list: { plateNo: string; vin: string }[]; total: number }> {
  return dataOf(await sdk().GET("/tsp-bss/v1/vehicle/fuzzyFindPlates", { params: { query }, signal }));
}

export async function listFollowed(
  query: { vin?: string; pageNum: number; pageSize: number },
  signal?: AbortSignal,
): Promise<{ list: FollowedRow[]; total: number }> {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-bss/personal/follow/list", signal ? { params, signal } : { params }));
}
export async function follow(vin: string): Promise<void> {
  await sdk().POST("/tsp-bss/personal/follow/add", { body: { vin } });
}
export async function unfollow(vin: string): Promise<void> {
  await sdk().POST("/tsp-bss/personal/follow/remove", { body: { vin } });
}

export type FuelAlertTotals = TspShadow.components["schemas"]["FuelAlertTotals"];
/** Fuel alerts of the fuel vehicles over the last 7 days (the spec's getTotalFuelAlert). */
export async function fuelAlerts(signal?: AbortSignal): Promise<FuelAlertTotals> {
  return dataOf(await sdk().GET("/tsp-shadow/vehicleStatus/jtl/getTotalFuelAlert", signal ? { signal } : {}));
}
