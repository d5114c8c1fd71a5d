import type { ImportRowResult } from "./types";

/** Header of the reason column appended to the failed-rows sheet. */
export const REASON_HEADER = "失败原因";

/**
 * The failed rows as an .xlsx (exceljs, loaded only when asked for): the template's columns
 * as they came back in `data` (or VIN alone), then 失败原因. A person fixes the cells and
 * imports the same file again; the server ignores the extra reason column.
 */
export async function failedRowsSheet(rows: readonly ImportRowResult[]): Promise<Blob> {
  const mod = await import("exceljs");
  const ExcelJS = (mod as unknown as { default?: typeof mod }).default ?? mod;
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("失败数据");
  const headers: string[] = [];
  for (const r of rows)
    for (const k of Object.keys(r.data ?? { VIN: r.vin })) if (!headers.includes(k)) headers.push(k);
  sheet.addRow([...headers, REASON_HEADER]);
  for (const r of rows) {
    const data = r.data ?? { VIN: r.vin };
    sheet.addRow([...headers.map((h) => data[h] ?? ""), r.reason]);
  }
  sheet.getRow(1).font = { bold: true };
  headers.forEach((_, i) => {
    sheet.getColumn(i + 1).width = 22;
  });
  sheet.getColumn(headers.length + 1).width = 40;
  const buf = await book.xlsx.writeBuffer();
  return new Blob([buf], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
