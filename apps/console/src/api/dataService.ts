import type { TspBss } from "@tsp/sdk";
import { dataOf } from "./dataOf";
import { sdk } from "./sdk";

// The calls of 数据服务 beyond the registers' eight (openapi tsp-bss tag dataService).

/** What a DBC import read, refused and saved. */
export type DbcImportResult = TspBss.components["schemas"]["DbcImportResult"];
export type DbcSignalRow = DbcImportResult["signals"][number];
export type DbcLineProblem = DbcImportResult["rows"][number];

/** Reads a DBC file for one vehicle model; `dryRun` only reads it (the preview), else saves every signal or none. */
export async function importCanDbc(
  file: File,
  options: { vehicleModel: string; allowCover: boolean; dryRun: boolean },
): Promise<DbcImportResult> {
  const form = new FormData();
  form.append("file", file);
  return dataOf(
    await sdk().POST("/tsp-bss/canSignal/importDbc", {
      params: { query: options },
      body: form as never,
      bodySerializer: (body: unknown) => body as FormData,
    }),
  );
}
