import { type CommData, download, type TspBss } from "@tsp/sdk";
import type { ImportReport, RemotePage, SelectOption } from "@tsp/ui";
import type { ListImport } from "../kit/ListPage";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";
import type { ExportTaskRef } from "./types";

// The calls of 经销商信息 (/baseInfo/dealer) and 服务站信息 (/baseInfo/serviceStation): the two
// registers (designed in tsp-bss.yaml, tags dealer and serviceStation), the dealer lookups and
// keyword searches of the spec, and the region list of comm-data behind the region pickers.

type Schemas = TspBss.components["schemas"];
type QueryOf<Op extends keyof TspBss.operations> = NonNullable<TspBss.operations[Op]["parameters"]["query"]>;

export type DealerRecord = Schemas["DealerRecord"];
export type DealerEdit = Schemas["DealerEdit"];
export type DealerPage = Schemas["DealerRecordPage"];
export type DealerQuery = QueryOf<"listDealers">;
export type DealerFilters = Omit<DealerQuery, "pageNum" | "pageSize">;
export type StationRecord = Schemas["ServiceStationRecord"];
export type StationEdit = Schemas["ServiceStationEdit"];
export type StationPage = Schemas["ServiceStationRecordPage"];
export type StationQuery = QueryOf<"listServiceStations">;
export type StationFilters = Omit<StationQuery, "pageNum" | "pageSize">;
/** A dealer as the lookups answer it (code and name). */
export type DealerBrief = Schemas["DealerOption"];

const withSignal = <P>(params: P, signal?: AbortSignal) => (signal ? { params, signal } : { params });

/** One numbered page of the tenant's dealers. */
export async function listDealers(query: DealerQuery, signal?: AbortSignal): Promise<DealerPage> {
  return dataOf(await sdk().GET("/tsp-bss/dealer/list", withSignal({ query }, signal)));
}
/** One dealer as it is now (the edit form starts from it). */
export async function getDealer(dealerCode: string): Promise<DealerRecord> {
  return dataOf(await sdk().GET("/tsp-bss/dealer/detail", { params: { query: { dealerCode } } }));
}
/** Registers a dealer. */
export async function createDealer(body: DealerEdit): Promise<DealerRecord> {
  return dataOf(await sdk().POST("/tsp-bss/dealer/create", { body }));
}
/** Saves a dealer; one changed by someone else since `updatedAt` answers 409. */
export async function updateDealer(body: DealerEdit & { updatedAt: number }): Promise<DealerRecord> {
  return dataOf(await sdk().POST("/tsp-bss/dealer/update", { body }));
}
/** Deletes a closed dealer without secondary dealers (others are refused, saying why). */
export async function deleteDealer(dealerCode: string): Promise<void> {
  await sdk().POST("/tsp-bss/dealer/delete", { params: { query: { dealerCode } } });
}
/** Submits an export of the dealers matching the list's filters. */
export async function exportDealers(query: DealerFilters): Promise<ExportTaskRef> {
  return dataOf(await sdk().POST("/tsp-bss/dealer/export", { params: { query } }));
}

/** One numbered page of the tenant's service stations. */
export async function listStations(query: StationQuery, signal?: AbortSignal): Promise<StationPage> {
  return dataOf(await sdk().GET("/tsp-bss/serviceStation/list", withSignal({ query }, signal)));
}
/** One station as it is now. */
export async function getStation(stationCode: string): Promise<StationRecord> {
  return dataOf(await sdk().GET("/tsp-bss/serviceStation/detail", { params: { query: { stationCode } } }));
}
/** Registers a station. */
export async function createStation(body: StationEdit): Promise<StationRecord> {
  return dataOf(await sdk().POST("/tsp-bss/serviceStation/create", { body }));
}
/** Saves a station under optimistic concurrency. */
export async function updateStation(body: StationEdit & { updatedAt: number }): Promise<StationRecord> {
  return dataOf(await sdk().POST("/tsp-bss/serviceStation/update", { body }));
}
/** Deletes a closed station. */
export async function deleteStation(stationCode: string): Promise<void> {
  await sdk().POST("/tsp-bss/serviceStation/delete", { params: { query: { stationCode } } });
}
/** Submits an export of the stations matching the list's filters. */
export async function exportStations(query: StationFilters): Promise<ExportTaskRef> {
  return dataOf(await sdk().POST("/tsp-bss/serviceStation/export", { params: { query } }));
}

async function postSheet(
  path: "/tsp-bss/dealer/import" | "/tsp-bss/serviceStation/import",
  file: File,
  allowCover: boolean,
): Promise<ImportReport> {
  const form = new FormData();
  form.append("file", file);
  const result = await sdk().POST(path, {
    params: { query: { allowCover } },
    body: form as never,
    bodySerializer: (body: unknown) => body as FormData,
  });
  return dataOf(result);
}

/** The dealer import as the list offers it: template, call, overwrite of the tenant's own dealers. */
export const dealerImport: Omit<ListImport, "title"> = {
  op: "importDealers",
  template: async () => {
    const file = await download(sdk(), "/tsp-bss/dealer/import/template");
    return { blob: file.blob, fileName: file.fileName };
  },
  importFile: (file, options) => postSheet("/tsp-bss/dealer/import", file, options.allowCover),
  allowCover: true,
};
/** The station import as the list offers it. */
export const stationImport: Omit<ListImport, "title"> = {
  op: "importServiceStations",
  template: async () => {
    const file = await download(sdk(), "/tsp-bss/serviceStation/import/template");
    return { blob: file.blob, fileName: file.fileName };
  },
  importFile: (file, options) => postSheet("/tsp-bss/serviceStation/import", file, options.allowCover),
  allowCover: true,
};

/** A keyword search's options with string values (the searches answer codes). */
const asOptions = (page: {
  list: { label: string; value: string | number }[];
  total: number;
}): RemotePage<SelectOption> => ({
  list: page.list.map((o) => ({ label: o.label, value: String(o.value) })),
  total: page.total,
});

/** The keyword searches' query (pageIndex is their page number, spec §7). */
const searchQuery = (keyWords: string, pageNum: number, pageSize: number) => ({
  keyWords,
  pageIndex: pageNum,
  pageSize,
});
type SearchArgs = ReturnType<typeof searchQuery>;

export { searchQuery };

/** Selling dealers by name or code (getSaleDealer): the parent picker of a secondary dealer. */
export async function searchSaleDealers(query: SearchArgs, signal: AbortSignal): Promise<RemotePage<SelectOption>> {
  return asOptions(dataOf(await sdk().GET("/tsp-bss/search/getSaleDealer", { params: { query }, signal })));
}
/** Secondary dealers by name or code (getSecondaryDealer): the similar-name hint of a secondary dealer. */
export async function searchSecondaryDealers(
  query: SearchArgs,
  signal: AbortSignal,
): Promise<RemotePage<SelectOption>> {
  return asOptions(dataOf(await sdk().GET("/tsp-bss/search/getSecondaryDealer", { params: { query }, signal })));
}
/** Service stations by name or code (getServiceStationList, read from the register). */
export async function searchStations(query: SearchArgs, signal: AbortSignal): Promise<RemotePage<SelectOption>> {
  return asOptions(dataOf(await sdk().GET("/tsp-bss/search/getServiceStationList", { params: { query }, signal })));
}
/** Dealers by part of the name, optionally in a region (findList): the search form's parent-dealer picker. */
export async function findDealers(
  query: QueryOf<"findDealerList">,
  signal: AbortSignal,
): Promise<RemotePage<DealerBrief>> {
  return dataOf(await sdk().GET("/tsp-bss/dealer/findList", { params: { query }, signal }));
}
/** Dealers of a region and below it (findDealerByRegion): the detail's neighbours in the same district. */
export async function dealersInRegion(areaId: string, pageSize = 50): Promise<{ list: DealerBrief[]; total: number }> {
  return dataOf(await sdk().GET("/tsp-bss/dealer/findDealerByRegion", { params: { query: { areaId, pageSize } } }));
}

/** A region of comm-data's list (GB/T 2260 code, name, parent, level). */
export type Region = CommData.components["schemas"]["RegionNode"];

let regions: Promise<Region[]> | null = null;
/** China's regions (area/allList), fetched once per page load (the answer is cacheable and ~3,200 rows). */
export function regionList(): Promise<Region[]> {
  regions ??= sdk()
    .GET("/comm-data/v1/basedata/area/allList", {})
    .then(dataOf)
    .catch((error: unknown) => {
      regions = null;
      throw error;
    });
  return regions;
}
