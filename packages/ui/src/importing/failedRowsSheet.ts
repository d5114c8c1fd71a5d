import type { ImportRowResult } from "./types";

/** Header of the reason column appended to the failed-rows sheet. */
export const REASON_HEADER = "失败原因";

type Cell = string | number | boolean | null;
type Excel = typeof import("exceljs");

async function excel(): Promise<Excel> {
  // exceljs is large: loaded only when a person asks for the sheet.
  const mod = await import("exceljs");
  return (mod as unknown as { default?: Excel }).default ?? mod;
}

/** Plain value of an exceljs cell (rich text, formulas and hyperlinks read as their text/result). */
function plain(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return v;
  if (v instanceof Date) return v.toISOString();
  const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[] };
  if (o.richText) return o.richText.map((t) => t.text).join("");
  if (o.result !== undefined) return plain(o.result);
  if (o.text !== undefined) return plain(o.text);
  return String(v);
}

/**
 * The rejected rows as an .xlsx to fix and import again. With the uploaded .xlsx at hand the
 * sheet keeps the template's header and each rejected row's own cells (by row number), plus a
 * 失败原因 column; otherwise it lists the rows' `data` (or VIN) and the reason. The importer
 * reads the template's columns by header, so the extra reason column does not disturb a
 * re-import (a server that rejects unknown columns would need it removed first).
 */
export async function failedRowsSheet(rows: readonly ImportRowResult[], original?: Blob | null): Promise<Blob> {
  const ExcelJS = await excel();
  let headers: string[] = [];
  let bodies: Cell[][] = [];
  if (original && rows.every((r) => typeof r.row === "number")) {
    try {
      const src = new ExcelJS.Workbook();
      await src.xlsx.load(await original.arrayBuffer());
      const sheet = src.worksheets[0];
      if (sheet) {
        const width = sheet.getRow(1).cellCount;
        const read = (n: number) =>
          Array.from({ length: width }, (_, i) => plain(sheet.getRow(n).getCell(i + 1).value));
        headers = read(1).map((h) => String(h ?? ""));
        bodies = rows.map((r) => read(r.row as number));
      }
    } catch {
      headers = []; // not a readable .xlsx (e.g. legacy .xls): fall back below
    }
  }
  if (headers.length === 0) {
    for (const r of rows)
      for (const k of Object.keys(r.data ?? { VIN: r.vin })) if (!headers.includes(k)) headers.push(k);
    bodies = rows.map((r) => {
      const data: Record<string, Cell> = r.data ?? { VIN: r.vin };
      return headers.map((h) => data[h] ?? null);
    });
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("失败数据");
  sheet.addRow([...headers, REASON_HEADER]);
  rows.forEach((r, i) => {
    sheet.addRow([...(bodies[i] ?? []), r.reason]);
  });
  sheet.getRow(1).font = { bold: true };
  headers.forEach((_, i) => {
    sheet.getColumn(i + 1).width = 20;
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
