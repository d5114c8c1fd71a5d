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
