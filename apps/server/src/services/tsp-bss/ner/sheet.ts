import * as XLSX from "@e965/xlsx";
import { MSG_FILE_FORMAT_INCORRECT } from "@tsp/domain";
import ExcelJS from "exceljs";
import { badRequest } from "../../../http/envelope";
import type { CellKind } from "./groups";

/** Most data rows one synchronous import takes (x-designed: bigger sheets are split). */
export const IMPORT_MAX_ROWS = 5000;

/** A cell as the report can carry it back (openapi ImportRowFailure.data): dates as yyyy-MM-dd. */
export type PlainCell = string | number | boolean | null;

/** A sheet's data rows: the row number as Excel shows it, and the cells by header text. */
export interface SheetRow {
  row: number;
  cells: Map<string, unknown>;
}

/** The workbook formats an import reads: Office Open XML (.xlsx) and the legacy BIFF8 binary (.xls). */
export type SheetFormat = "xlsx" | "xls";

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** What the file's first bytes say it is: a ZIP (.xlsx), an OLE2 compound file (.xls, or an encrypted workbook), or neither. */
export function formatOf(buffer: Buffer): SheetFormat | null {
  if (buffer.subarray(0, 4).equals(ZIP)) return "xlsx";
  if (buffer.subarray(0, 8).equals(OLE2)) return "xls";
  return null;
}

/** Refusal of a file that cannot be read as a workbook (400, the spec's format message, the reason in failDetail). */
const unreadable = (reason: string) => badRequest(MSG_FILE_FORMAT_INCORRECT, [{ field: "file", msg: reason }]);

/** A legacy .xls sent to an import whose contract reads .xlsx only (the SIM card import). */
export const MSG_XLS_NOT_READ = "暂不支持Excel 97-2003（.xls）格式，请另存为.xlsx后重新上传";
/** A password-protected workbook: both formats keep it in an OLE2 container no reader opens without the password. */
export const MSG_ENCRYPTED = "文件已加密，请取消密码保护后重新上传";

/** One worksheet as the import sees it: the cells of a row (1-based row and column, as Excel numbers them). */
interface Grid {
  /** Numbers of the rows that hold anything, in order (an .xlsx lists only the rows it stores). */
  rowNumbers: number[];
  lastCol: number;
  cell(row: number, col: number): unknown;
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

/** The first worksheet of an .xlsx through exceljs (the library the exports and templates are written with). */
async function xlsxGrid(buffer: Buffer): Promise<Grid | null> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw unreadable("无法读取Excel文件内容");
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return null;
  const rowNumbers: number[] = [];
  sheet.eachRow((_row, n) => {
    rowNumbers.push(n);
  });
  return {
    rowNumbers,
    lastCol: sheet.columnCount,
    cell: (row, col) => plain(sheet.getRow(row).getCell(col).value),
  };
}

/**
 * The first worksheet of a legacy .xls (BIFF) through SheetJS CE: exceljs reads only .xlsx.
 * Reads no formulas, styles, HTML or macros (a BIFF8 sheet has at most 65,536 rows and the
 * upload at most 10 MB, which bounds the parse; a row cap would silently cut a file with blank
 * rows, so the data rows are counted below instead); dates are computed from the serial number in UTC (SheetJS's own Date objects are
 * local time), so a date cell reads the same on every server.
 */
function xlsGrid(buffer: Buffer): Grid | null {
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(buffer, {
      type: "buffer",
      sheets: 0,
      cellNF: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
      dense: false,
    });
  } catch (error) {
    if (/password|encrypt/i.test((error as Error).message)) throw unreadable(MSG_ENCRYPTED);
    throw unreadable("无法读取Excel文件内容");
  }
  const name = book.SheetNames[0];
  const sheet = name === undefined ? undefined : book.Sheets[name];
  if (!sheet) return null;
  const date1904 = Boolean(book.Workbook?.WBProps?.date1904);
  const range = XLSX.utils.decode_range(sheet["!ref"] ?? "A1:A1");
  return {
    rowNumbers: Array.from({ length: range.e.r + 1 - range.s.r }, (_, i) => range.s.r + 1 + i),
    lastCol: range.e.c + 1,
    cell: (row, col) => {
      const c = sheet[XLSX.utils.encode_cell({ r: row - 1, c: col - 1 })] as XLSX.CellObject | undefined;
      if (!c || c.v === undefined || c.t === "z" || c.t === "e") return null;
      if (c.t === "n" && typeof c.v === "number" && typeof c.z === "string" && XLSX.SSF.is_date(c.z)) {
        const d = XLSX.SSF.parse_date_code(c.v, { date1904 });
        return new Date(Date.UTC(d.y, d.m - 1, d.d, d.H, d.M, d.S));
      }
      return c.v;
    },
  };
}

/**
 * Reads the first worksheet of an import file: row 1 is the header, every following non-empty
 * row is data, numbered as Excel shows it. `.xlsx` is read by exceljs; `.xls` (BIFF) by
 * SheetJS when the import's contract reads it (`formats`). A file neither reader can open, an
 * encrypted one, or another template answers 400 and nothing is saved.
 */
export async function readSheet(
  buffer: Buffer,
  requiredHeaders: readonly string[],
  formats: readonly SheetFormat[] = ["xlsx", "xls"],
): Promise<SheetRow[]> {
  const format = formatOf(buffer);
  if (format === null) throw unreadable("文件内容不是Excel工作簿");
  if (!formats.includes(format)) throw badRequest(MSG_XLS_NOT_READ, [{ field: "file", msg: MSG_XLS_NOT_READ }]);
  const grid = format === "xlsx" ? await xlsxGrid(buffer) : xlsGrid(buffer);
  if (!grid) throw badRequest("导入文件没有工作表", [{ field: "file", msg: "导入文件没有工作表" }]);
  const headers = new Map<number, string>();
  for (let col = 1; col <= grid.lastCol; col++) {
    const text = String(grid.cell(1, col) ?? "").trim();
    if (text) headers.set(col, text);
  }
  const present = new Set(headers.values());
  const missing = requiredHeaders.filter((h) => !present.has(h));
  if (missing.length > 0) {
    const msg = `导入模板不正确，缺少列：${missing.join("、")}`;
    throw badRequest(msg, [{ field: "file", msg }]);
  }
  const rows: SheetRow[] = [];
  for (const rowNumber of grid.rowNumbers) {
    if (rowNumber < 2) continue;
    const cells = new Map<string, unknown>();
    let any = false;
    for (const [col, header] of headers) {
      const v = grid.cell(rowNumber, col);
      const empty = v === null || v === undefined || (typeof v === "string" && v.trim() === "");
      if (!empty) any = true;
      cells.set(header, empty ? null : v);
    }
    if (any) rows.push({ row: rowNumber, cells });
    if (rows.length > IMPORT_MAX_ROWS) break;
  }
  if (rows.length === 0) throw badRequest("导入文件没有数据", [{ field: "file", msg: "导入文件没有数据" }]);
  if (rows.length > IMPORT_MAX_ROWS) {
    const msg = `单次导入不能超过${IMPORT_MAX_ROWS}行，请拆分后导入`;
    throw badRequest(msg, [{ field: "file", msg }]);
  }
  return rows;
}

/** A row's cells by header as the report carries them back (dates as yyyy-MM-dd, so a fixed copy imports again). */
export function plainCells(row: SheetRow): Record<string, PlainCell> {
  const out: Record<string, PlainCell> = {};
  for (const [header, v] of row.cells) {
    out[header] =
      v === null || v === undefined
        ? null
        : v instanceof Date
          ? v.toISOString().slice(0, 10)
          : typeof v === "string" || typeof v === "number" || typeof v === "boolean"
            ? v
            : String(v);
  }
  return out;
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
