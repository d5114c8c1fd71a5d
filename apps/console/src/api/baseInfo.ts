import { download } from "@tsp/sdk";
import type { ImportReport } from "@tsp/ui";
import type { ListImport } from "../kit/ListPage";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";
import type { ExportTaskRef, SimCardPage, SimCardQuery, SimCardRecord, SimCardUpdate } from "./types";

// The /baseInfo route group's calls (基础信息管理): the SIM card register (designed in tsp-bss.yaml, tag simCard).

/** One numbered page of the tenant's SIM cards. */
export async function listSimCards(query: SimCardQuery, signal?: AbortSignal): Promise<SimCardPage> {
  const params = { query };
  return dataOf(await sdk().GET("/tsp-bss/simCard/list", signal ? { params, signal } : { params }));
}

/** One card, as it is now (the edit form starts from it). */
export async function getSimCard(iccid: string): Promise<SimCardRecord> {
  return dataOf(await sdk().GET("/tsp-bss/simCard/detail", { params: { query: { iccid } } }));
}

/** Saves a card's editable fields; a card changed by someone else since `updatedAt` answers 409. */
export async function updateSimCard(body: SimCardUpdate): Promise<SimCardRecord> {
  return dataOf(await sdk().POST("/tsp-bss/simCard/update", { body }));
}

/** Deletes a free card (a bound one is refused). */
export async function deleteSimCard(iccid: string): Promise<void> {
  await sdk().POST("/tsp-bss/simCard/delete", { params: { query: { iccid } } });
}

/** Submits an export of the cards matching the list's filters (paging aside). */
export async function exportSimCards(query: SimCardFilters): Promise<ExportTaskRef> {
  return dataOf(await sdk().POST("/tsp-bss/simCard/export", { params: { query } }));
}

/** Imports a filled template: every row checked, all saved or none, a reason per refused row. */
export async function importSimCards(file: File, allowCover: boolean): Promise<ImportReport> {
  const form = new FormData();
  form.append("file", file);
  const result = await sdk().POST("/tsp-bss/simCard/import", {
    params: { query: { allowCover } },
    body: form as never,
    bodySerializer: (body: unknown) => body as FormData,
  });
  return dataOf(result);
}

/** The import template (header row, an example row, 填写说明). */
export async function downloadSimCardTemplate(): Promise<{ blob: Blob; fileName: string | undefined }> {
  const file = await download(sdk(), "/tsp-bss/simCard/import/template");
  return { blob: file.blob, fileName: file.fileName };
}

/** The list's filters (its query without paging). */
export type SimCardFilters = Omit<SimCardQuery, "pageNum" | "pageSize">;

/** The SIM card import as a list screen offers it: its operation, template and call; existing cards may be overwritten. */
export const simCardImport: Omit<ListImport, "title"> = {
  op: "importSimCards",
  template: downloadSimCardTemplate,
  importFile: (file, options) => importSimCards(file, options.allowCover),
  allowCover: true,
};
