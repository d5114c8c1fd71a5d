import { MSG_FILE_FORMAT_INCORRECT } from "@tsp/domain";
import ExcelJS from "exceljs";
import { badRequest } from "../../../http/envelope";
import type { CellKind } from "./groups";

/** Most data rows one synchronous import takes (x-designed: bigger sheets are split). */
export const IMPORT_MAX_ROWS = 5000;

/** A sheet's data rows: the row number as Excel shows it, and the cells by header text. */
export interface SheetRow {
  row: number;
  cells: Map<string, unknown>;
}

/** The plain value of an exceljs cell (rich text, formulas and hyperlinks unwrapped). */
function plain(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value !== "object") return value;
  if ("richText" in value) return value.richText.map((t) => t.text).join("");
  if ("result" in value) return plain(value.result as ExcelJS.CellValue);
  if ("text" in value) return String(value.text);
  return null;
}

/**
 * Reads the first worksheet of an .xlsx: row 1 is the header, every following non-empty row
 * is data. A file exceljs cannot read answers 400 选择的文件格式不正确，请重新上传.
 */
export async function readSheet(buffer: Buffer, requiredHeaders: readonly string[]): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw badRequest(MSG_FILE_FORMAT_INCORRECT, [{ field: "file", msg: "无法读取Excel文件内容" }]);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest("导入文件没有工作表", [{ field: "file", msg: "导入文件没有工作表" }]);
  const headers = new Map<number, string>();
  sheet.getRow(1).eachCell((c, col) => {
    const text = String(plain(c.value) ?? "").trim();
    if (text) headers.set(col, text);
  });
  const present = new Set(headers.values());
  const missing = requiredHeaders.filter((h) => !present.has(h));
  if (missing.length > 0) {
    const msg = `导入模板不正确，缺少列：${missing.join("、")}`;
    throw badRequest(msg, [{ field: "file", msg }]);
  }
  const rows: SheetRow[] = [];
  sheet.eachRow((r, rowNumber) => {
    if (rowNumber === 1) return;
    const cells = new Map<string, unknown>();
    let any = false;
    for (const [col, header] of headers) {
      const v = plain(r.getCell(col).value);
      const empty = v === null || (typeof v === "string" && v.trim() === "");
      if (!empty) any = true;
      cells.set(header, empty ? null : v);
    }
    if (any) rows.push({ row: rowNumber, cells });
  });
  if (rows.length === 0) throw badRequest("导入文件没有数据", [{ field: "file", msg: "导入文件没有数据" }]);
  if (rows.length > IMPORT_MAX_ROWS) {
    const msg = `单次导入不能超过${IMPORT_MAX_ROWS}行，请拆分后导入`;
    throw badRequest(msg, [{ field: "file", msg }]);
  }
  return rows;
}

/** yyyy-MM-dd of a date cell or of text written 2024-03-01 / 2024/3/1. */
function dateOf(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(String(v).trim());
  if (!m) return String(v).trim();
  return `${m[1]}-${(m[2] as string).padStart(2, "0")}-${(m[3] as string).padStart(2, "0")}`;
}

/**
 * A cell as the JSON value the group's Edit schema expects. Empty required cells become
 * undefined (the schema then says 必填); text that is not a number stays text (the schema
 * then says 应为数字).
 */
export function cellValue(v: unknown, kind: CellKind): unknown {
  if (v === null || v === undefined) {
    if (kind === "nullableString" || kind === "date") return null;
    if (kind === "list") return [];
    return undefined;
  }
  switch (kind) {
    case "string":
    case "nullableString":
      return v instanceof Date ? v.toISOString().slice(0, 10) : String(v).trim();
    case "number":
    case "integer": {
      if (typeof v === "number") return v;
      const s = String(v).trim();
      return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s;
    }
    case "date":
      return dateOf(v);
    case "list":
      return String(v)
        .split(/[,，、;；]/)
        .map((s) => s.trim())
        .filter((s) => s.length > 0);
  }
}
