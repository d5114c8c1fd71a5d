import { type TspBss, uploadSigned } from "@tsp/sdk";
import type { UploadFn } from "@tsp/ui";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";
import type { ExportTaskRef } from "./types";

// The calls of 车载内容管理 (/dataService/content; designed in tsp-bss.yaml, tag dataService).

type Schemas = TspBss.components["schemas"];
type QueryOf<Op extends keyof TspBss.operations> = NonNullable<TspBss.operations[Op]["parameters"]["query"]>;
export type ContentRow = Schemas["ContentRow"];
export type ContentDetail = Schemas["ContentDetail"];
export type ContentEdit = Schemas["ContentEdit"];
export type ContentQuery = QueryOf<"listContents">;
export type ContentFilters = Omit<ContentQuery, "pageNum" | "pageSize">;

/** One numbered page of the tenant's items (no bodies). */
export async function listContents(query: ContentQuery, signal?: AbortSignal) {
  return dataOf(
    await sdk().GET("/tsp-bss/content/list", signal ? { params: { query }, signal } : { params: { query } }),
  );
}
/** One item with its stored (server-sanitised) body. */
export async function getContent(contentId: number): Promise<ContentDetail> {
  return dataOf(await sdk().GET("/tsp-bss/content/detail", { params: { query: { contentId } } }));
}
/** Saves a new draft. */
export async function createContent(body: ContentEdit): Promise<ContentDetail> {
  return dataOf(await sdk().POST("/tsp-bss/content/add", { body }));
}
/** Saves a draft or taken-down item; one changed since `updatedAt` answers 409. */
export async function updateContent(body: ContentEdit & { contentId: number; updatedAt: number }) {
  return dataOf(await sdk().POST("/tsp-bss/content/update", { body }));
}
/** Deletes a draft. */
export async function deleteContent(contentId: number): Promise<void> {
  await sdk().POST("/tsp-bss/content/delete", { params: { query: { contentId } } });
}
/** Publishes a draft or taken-down item. */
export async function publishContent(contentId: number, updatedAt: number) {
  return dataOf(await sdk().POST("/tsp-bss/content/publish", { body: { contentId, updatedAt } }));
}
/** Takes a published item down. */
export async function offlineContent(contentId: number, updatedAt: number) {
  return dataOf(await sdk().POST("/tsp-bss/content/offline", { body: { contentId, updatedAt } }));
}
/** Submits an export of the items matching the list's filters. */
export async function exportContents(query: ContentFilters): Promise<ExportTaskRef> {
  return dataOf(await sdk().POST("/tsp-bss/content/export", { params: { query } }));
}
/** The vehicle models of the brand tree (the targets an item may name). */
export async function listModelOptions(): Promise<{ value: string; label: string }[]> {
  const models = dataOf(await sdk().GET("/tsp-bss/v1/model/selectList"));
  return models.map((m) => ({ value: String(m.modelId), label: m.modelName }));
}
/** The editor's image upload: a common (public) object through the signed URL. */
export const uploadContentImage: UploadFn = async (file, { objectKey, contentType, onProgress, signal }) => {
  const result = await uploadSigned({
    sdk: sdk(),
    sign: async () =>
      dataOf(await sdk().POST("/comm-saas-cloud/obs/getCommonFileUploadSigned", { body: { objectKey, contentType } })),
    file,
    contentType,
    signal,
    onProgress: (p) => onProgress(p.percent),
  });
  return { url: result.objectUrl, objectKey };
};
