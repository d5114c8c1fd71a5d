import { download } from "@tsp/sdk";
import type { ImportReport } from "@tsp/ui";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";
import type { ExportTaskPage, ImportTaskPage } from "./types";

// The export file list's calls (/exportFile/index, designed in comm-inc-center.yaml).

/** One numbered page of the account's export tasks (designed). */
export async function getExportFiles(pageNum: number, pageSize: number, signal?: AbortSignal): Promise<ExportTaskPage> {
  const params = { query: { pageNum, pageSize } };
  const result = await sdk().GET("/comm-inc-center/v1/web/exportFile/list", signal ? { params, signal } : { params });
  return dataOf(result);
}

/**
 * The finished file of an export task (long-running, 200 s). The SDK's download helper tells a
 * file from an error envelope sent in its place, so a failure never saves as a "file".
 */
export async function downloadExportFile(id: string): Promise<{ blob: Blob; fileName: string | undefined }> {
  const file = await download(sdk(), "/comm-inc-center/v1/web/exportFile/{id}/download", { params: { path: { id } } });
  return { blob: file.blob, fileName: file.fileName };
}

/** One numbered page of the account's import tasks (designed, issue 21), newest first. */
export async function getImportTasks(pageNum: number, pageSize: number, signal?: AbortSignal): Promise<ImportTaskPage> {
  const params = { query: { pageNum, pageSize } };
  const result = await sdk().GET("/comm-inc-center/v1/web/importTask/list", signal ? { params, signal } : { params });
  return dataOf(result);
}

/** The per-row report of a done import task (getImportTask; null while it runs or when it failed). */
export async function getImportTaskReport(id: string): Promise<ImportReport | null> {
  const task = dataOf(await sdk().GET("/comm-inc-center/v1/web/importTask/{id}", { params: { path: { id } } }));
  return task.report;
}
