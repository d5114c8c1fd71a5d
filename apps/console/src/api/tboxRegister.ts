import { download, type TspBss } from "@tsp/sdk";
import type { ImportReport, SelectOption } from "@tsp/ui";
import type { ListImport } from "../kit/ListPage";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";

// base info › TBOX数据 (/baseInfo/tbox; api/tbox.ts holds the /tbox journals): the T-BOX register (tsp-bss.yaml, tag tbox) and the
// spec's pickers the screen uses — the model keyword search, the providers, the SIM cards and
// the serial picker.

type Schemas = TspBss.components["schemas"];
/** One terminal as the list and the detail answer it. */
export type TboxRecord = Schemas["TboxRecord"];
export type TboxPage = Schemas["TboxRecordPage"];
export type TboxCreate = Schemas["TboxCreate"];
export type TboxUpdate = Schemas["TboxUpdate"];
export type TboxQuery = NonNullable<TspBss.operations["listTboxes"]["parameters"]["query"]>;
/** The list's filters (its query without paging). */
export type TboxFilters = Omit<TboxQuery, "pageNum" | "pageSize">;

export async function listTboxes(query: TboxQuery, signal?: AbortSignal): Promise<TboxPage> {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-bss/tbox/list", signal ? { params, signal } : { params }));
}

/** One terminal as it is now (the edit form starts from it). */
export async function getTbox(sn: string): Promise<TboxRecord> {
  return dataOf(await sdk().GET("/tsp-bss/tbox/detail", { params: { query: { sn } } }));
}

export async function createTbox(body: TboxCreate): Promise<TboxRecord> {
  return dataOf(await sdk().POST("/tsp-bss/tbox/create", { body }));
}

/** Saves a terminal; one changed by someone else since `updatedAt` answers 409. */
export async function updateTbox(body: TboxUpdate): Promise<TboxRecord> {
  return dataOf(await sdk().POST("/tsp-bss/tbox/update", { body }));
}

export async function deleteTbox(sn: string): Promise<void> {
  await sdk().POST("/tsp-bss/tbox/delete", { params: { query: { sn } } });
}

/** Puts the terminal on a vehicle (one T-BOX per VIN). */
export async function bindTbox(sn: string, vin: string, updatedAt: number): Promise<TboxRecord> {
  return dataOf(await sdk().POST("/tsp-bss/tbox/bind", { body: { sn, vin, updatedAt } }));
}

export async function unbindTbox(sn: string, updatedAt: number): Promise<TboxRecord> {
  return dataOf(await sdk().POST("/tsp-bss/tbox/unbind", { body: { sn, updatedAt } }));
}

export async function exportTboxes(query: TboxFilters) {
  return dataOf(await sdk().POST("/tsp-bss/tbox/export", { params: { query } }));
}

export async function importTboxes(file: File, allowCover: boolean): Promise<ImportReport> {
  const form = new FormData();
  form.append("file", file);
  const result = await sdk().POST("/tsp-bss/tbox/import", {
    params: { query: { allowCover } },
    body: form as never,
    bodySerializer: (body: unknown) => body as FormData,
  });
  return dataOf(result);
}

export async function downloadTboxTemplate(): Promise<{ blob: Blob; fileName: string | undefined }> {
  const file = await download(sdk(), "/tsp-bss/tbox/import/template");
  return { blob: file.blob, fileName: file.fileName };
}

/** The T-BOX import as the list offers it; existing terminals may be overwritten. */
export const tboxImport: Omit<ListImport, "title"> = {
  op: "importTboxes",
  template: downloadTboxTemplate,
  importFile: (file, options) => importTboxes(file, options.allowCover),
  allowCover: true,
};

/** The model catalogue (GET /tsp-bss/search/TboxInfo), every entry: a short list the form and the search offer. */
export async function tboxModels(): Promise<SelectOption[]> {
  const page = dataOf(
    await sdk().GET("/tsp-bss/search/TboxInfo", { params: { query: { keyWords: "", pageIndex: 1, pageSize: 200 } } }),
  );
  return page.list.map((o) => ({ value: String(o.value), label: o.label }));
}

/** The T-BOX providers (listProviders) as options by code. */
export async function tboxProviders(): Promise<SelectOption[]> {
  const list = dataOf(await sdk().GET("/tsp-bss/provider/list", {}));
  return list.map((p) => ({ value: p.providerCode, label: p.providerName }));
}

/** The serial picker of the search (fuzzyFindTboxSn): serials containing the keyword. */
export async function tboxSerialPage(
  query: { keyWords: string; pageNum: number; pageSize: number },
  signal: AbortSignal,
): Promise<{ list: SelectOption[]; total: number }> {
  const page = dataOf(await sdk().GET("/tsp-bss/v1/vehicle/fuzzyFindTboxSn", { params: { query }, signal }));
  return {
    list: page.list.map((s) => ({ value: s.tboxSn, label: s.vin ? `${s.tboxSn}（${s.vin}）` : s.tboxSn })),
    total: page.total,
  };
}

/** The tenant's SIM cards (findAllIccid), free ones first in the label: the card picker of the form. */
export async function simCardPage(
  query: { iccid: string; pageNum: number; pageSize: number },
  signal: AbortSignal,
): Promise<{ list: SelectOption[]; total: number }> {
  const page = dataOf(await sdk().GET("/tsp-bss/simCard/findAllIccid", { params: { query }, signal }));
  return {
    list: page.list.map((c) => ({ value: c.iccid, label: c.vin ? `${c.iccid}（${c.vin}）` : c.iccid })),
    total: page.total,
  };
}

/** Vehicles by VIN (the VIN picker, findVinListByDim) for binding a terminal. */
export async function vehiclePage(
  query: { vin: string; pageNum: number; pageSize: number },
  signal: AbortSignal,
): Promise<{ list: SelectOption[]; total: number }> {
  const page = dataOf(await sdk().GET("/tsp-bss/v1/vehicle/findVinListByDim", { params: { query }, signal }));
  return {
    list: page.list.map((v) => ({ value: v.vin, label: v.plateNo ? `${v.vin}（${v.plateNo}）` : v.vin })),
    total: page.total,
  };
}
