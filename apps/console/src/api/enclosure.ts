import type { TspBss } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";

// 电子围栏 (/enclosure/index): tsp-bss.yaml, tag enclosure.

type Schemas = TspBss.components["schemas"];
export type Enclosure = Schemas["Enclosure"];
export type EnclosureEdit = Schemas["EnclosureEdit"];
export type EnclosureEvent = Schemas["EnclosureEvent"];
export type EnclosureEventQuery = NonNullable<TspBss.operations["listEnclosureEvents"]["parameters"]["query"]>;

export async function listEnclosures(
  query: NonNullable<TspBss.operations["listEnclosures"]["parameters"]["query"]>,
  signal?: AbortSignal,
): Promise<{ list: Enclosure[]; total: number }> {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-bss/enclosure/list", signal ? { params, signal } : { params }));
}
export async function createEnclosure(body: EnclosureEdit): Promise<Enclosure> {
  return dataOf(await sdk().POST("/tsp-bss/enclosure/create", { body }));
}
export async function updateEnclosure(id: number, body: EnclosureEdit): Promise<Enclosure> {
  return dataOf(await sdk().POST("/tsp-bss/enclosure/update", { body: { ...body, id } }));
}
export async function deleteEnclosure(id: number): Promise<void> {
  await dataOf(await sdk().POST("/tsp-bss/enclosure/delete", { body: { id } }));
}
export async function listEnclosureEvents(
  query: EnclosureEventQuery,
): Promise<{ list: EnclosureEvent[]; total: number }> {
  return dataOf(await sdk().GET("/tsp-bss/enclosure/events", { params: { query } }));
}
export async function exportEnclosureEvents(query: Omit<EnclosureEventQuery, "pageNum" | "pageSize">) {
  return dataOf(await sdk().POST("/tsp-bss/enclosure/events/export", { params: { query } }));
}
