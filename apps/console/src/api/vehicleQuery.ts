import type { TspBss } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";

// 单车查询 (/operate/query): the vehicle of a VIN from the spec's findByVin (the rest of the
// screen reads the registers' and the journals' own calls).

/** A vehicle with its place in the brand tree, T-BOX serial and ICCID. */
export type VehicleBrief = TspBss.components["schemas"]["VehicleBrief"];

/** The vehicle of exactly this VIN among the caller's, or null (findByVin matches substrings). */
export async function findVehicle(vin: string, signal?: AbortSignal): Promise<VehicleBrief | null> {
  const params = { query: { vin, pageNum: 1, pageSize: 10 } };
  const page = dataOf(await sdk().GET("/tsp-bss/v1/vehicle/findByVin", signal ? { params, signal } : { params }));
  return page.list.find((v) => v.vin === vin) ?? null;
}

/** A terminal's or card's vehicle found through the two-part box: the matched value and its VIN. */
export interface VehicleMatch {
  value: string;
  vin: string;
}

/** Only cards and terminals fitted to a vehicle lead to one. */
const matches = (rows: { value: string; vin: string | null }[]): VehicleMatch[] =>
  rows.flatMap((r) => (r.vin ? [{ value: r.value, vin: r.vin }] : []));

/**
 * The two-part box's search (spec §2, §9): vehicles whose VIN, ICCID or T-BOX serial contains the
 * keyword — findVinListByDim, findIccidList or findSnListByDim —, each match with its VIN.
 */
export async function lookupVehicles(
  q: { type: "vin" | "iccid" | "sn"; keyword: string; pageNum: number; pageSize: number },
  signal: AbortSignal,
): Promise<{ list: VehicleMatch[]; total: number }> {
  const paging = { pageNum: q.pageNum, pageSize: q.pageSize };
  if (q.type === "iccid") {
    const params = { query: { ...paging, iccid: q.keyword } };
    const page = dataOf(await sdk().GET("/tsp-bss/v1/vehicle/findIccidList", { params, signal }));
    return { list: matches(page.list.map((r) => ({ value: r.iccid, vin: r.vin }))), total: page.total };
  }
  if (q.type === "sn") {
    const params = { query: { ...paging, tboxSn: q.keyword } };
    const page = dataOf(await sdk().GET("/tsp-bss/v1/vehicle/findSnListByDim", { params, signal }));
    return { list: matches(page.list.map((r) => ({ value: r.tboxSn, vin: r.vin }))), total: page.total };
  }
  const params = { query: { ...paging, vin: q.keyword } };
  const page = dataOf(await sdk().GET("/tsp-bss/v1/vehicle/findVinListByDim", { params, signal }));
  return { list: page.list.map((r) => ({ value: r.vin, vin: r.vin })), total: page.total };
}
