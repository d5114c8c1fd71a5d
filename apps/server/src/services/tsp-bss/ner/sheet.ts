import * as XLSX from "@e965/xlsx";
import { MSG_FILE_FORMAT_INCORRECT } from "@tsp/domain";
import { badRequest } from "../../../http/envelope";
import type { CellKind } from "./groups";
import { NoWorksheet } from "./xlsxBook";
import { xlsxRows } from "./xlsxRows";

/**
 * Most data rows one import takes (x-designed: the spec sets no cap). Default 100,000: the
 * figure BENCHMARKS.md proves (the vehicle import's report in ≤ 10 s with ≤ 100 MB of growth,
 * the sheet read streaming); the 10 MB upload holds ~250,000 rows of the vehicle template, and
 * a legacy .xls at most 65,535. A deployment sets `IMPORT_MAX_ROWS` (a whole number ≥ 1) to
 * change it; anything else keeps the default.
 */
export const IMPORT_MAX_ROWS = importMaxRows(process.env.IMPORT_MAX_ROWS);

/** The row limit from its environment variable (the default when unset or not a positive whole number). */
export function importMaxRows(value: string | undefined): number {
  const n = Number(value);
  return value !== undefined && /^\d+$/.test(value.trim()) && n >= 1 ? n : 100_000;
}

/**
 * Most data rows of an import that takes the whole file at once ({@link readSheet}: the imports
 * not yet moved to batches). They check the file with IN lists and multi-row statements of one
 * bind parameter or more a row, which PostgreSQL caps at 65,535 a statement, so the limit these
 * had stays theirs until each reads {@link readSheetBatches} (never above IMPORT_MAX_ROWS).
 */
export const WHOLE_FILE_MAX_ROWS = Math.min(5000, IMPORT_MAX_ROWS);

/** Refusal of a file past the row limit, naming the limit (the spec's wording of the earlier cap). */
export const tooManyRowsMsg = (limit: number) => `单次导入不能超过${limit}行，请拆分后导入`;

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

/** One stored row of the first worksheet: its number as Excel shows it and its cells by column (1-based). */
interface RawRow {
  number: number;
  /** The last column the row stores (the header row's decides which columns are read). */
  lastCol: number;
  cell(col: number): unknown;
}

const noSheet = () => badRequest("导入文件没有工作表", [{ field: "file", msg: "导入文件没有工作表" }]);

/**
 * The rows of an .xlsx's first worksheet, streamed from the ZIP by xlsxRows.ts (parts read in
 * the order needed whatever order they are stored in, the sheet inflated only as far as it is
 * read); a broken ZIP or sheet XML is the format message, a workbook without a worksheet its own.
 */
function* xlsxRawRows(buffer: Buffer): Generator<RawRow> {
  const rows = xlsxRows(buffer);
  for (;;) {
    let next: IteratorResult<RawRow>;
    try {
      next = rows.next();
    } catch (error) {
      if (error instanceof NoWorksheet) throw noSheet();
      throw unreadable("无法读取Excel文件内容");
    }
    if (next.done) return;
    yield next.value;
  }
}

/**
 * Whether the first rows of an import file are cheap to read before the import reads it all: an
 * .xlsx (streamed: its header row is read without the rest), or any file of at most 1 MB. A
 * larger .xls is parsed whole, so it would be parsed twice (the upload's check of its header,
 * then the import): ~21 s and +500 MB for 100,000 rows.
 */
export function headIsCheap(buffer: Buffer): boolean {
  return buffer.length <= MB_BYTES || formatOf(buffer) === "xlsx";
}

const MB_BYTES = 1024 * 1024;

/**
 * The rows of a legacy .xls's first worksheet (BIFF) through SheetJS CE: xlsxRows.ts reads only
 * .xlsx. The workbook is parsed whole — BIFF has no streaming reader — which is bounded by the
 * format itself (at most 65,536 rows a sheet) and the 10 MB upload. Reads no formulas, styles,
 * HTML or macros; dates are computed from the serial number in UTC (SheetJS's own Date objects
 * are local time), so a date cell reads the same on every server. Row 1 (the header) comes
 * first even when the sheet's range starts lower, then every row of the range.
 */
function* xlsRows(buffer: Buffer): Generator<RawRow> {
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
  if (!sheet) throw noSheet();
  const date1904 = Boolean(book.Workbook?.WBProps?.date1904);
  const range = XLSX.utils.decode_range(sheet["!ref"] ?? "A1:A1");
  const rowOf = (number: number): RawRow => ({
    number,
    lastCol: range.e.c + 1,
    cell: (col) => {
      const c = sheet[XLSX.utils.encode_cell({ r: number - 1, c: col - 1 })] as XLSX.CellObject | undefined;
      if (!c || c.v === undefined || c.t === "z" || c.t === "e") return null;
      if (c.t === "n" && typeof c.v === "number" && typeof c.z === "string" && XLSX.SSF.is_date(c.z)) {
        const d = XLSX.SSF.parse_date_code(c.v, { date1904 });
        return new Date(Date.UTC(d.y, d.m - 1, d.d, d.H, d.M, d.S));
      }
      return c.v;
    },
  });
  yield rowOf(1);
  for (let number = Math.max(2, range.s.r + 1); number <= range.e.r + 1; number++) yield rowOf(number);
}

/** The header texts by column of row 1 (none when the sheet has no row 1); refuses another template, naming the missing columns. */
function headersOf(first: RawRow | null, requiredHeaders: readonly string[]): Map<number, string> {
  const headers = new Map<number, string>();
  const lastCol = first?.lastCol ?? 0;
  for (let col = 1; col <= lastCol; col++) {
    const text = String(first?.cell(col) ?? "").trim();
    if (text) headers.set(col, text);
  }
  const present = new Set(headers.values());
  const missing = requiredHeaders.filter((h) => !present.has(h));
  if (missing.length > 0) {
    const msg = `导入模板不正确，缺少列：${missing.join("、")}`;
    throw badRequest(msg, [{ field: "file", msg }]);
  }
  return headers;
}

/** How a sheet is read: the formats the import's contract takes, rows per batch and the row limit. */
export interface SheetReadOptions {
  formats?: readonly SheetFormat[];
  batchSize?: number;
  maxRows?: number;
}

/**
 * Reads the first worksheet of an import file in batches of data rows: row 1 is the header,
 * every following non-empty row is data, numbered as Excel shows it. `.xlsx` is streamed
 * (xlsxRows.ts); `.xls` (BIFF) is read by SheetJS when the import's contract takes it (`formats`).
 * The data rows are counted while reading: past the limit the read stops with 400 naming it,
 * without reading the rest. A file neither reader can open, an encrypted one, another template
 * or one without data answers 400 — the header problems before any batch, the limit and "no
 * data" at the point they are known, so a caller saving batches in one transaction rolls back.
 */
export async function* readSheetBatches(
  buffer: Buffer,
  requiredHeaders: readonly string[],
  { formats = ["xlsx", "xls"], batchSize = 1000, maxRows = IMPORT_MAX_ROWS }: SheetReadOptions = {},
): AsyncGenerator<SheetRow[]> {
  const format = formatOf(buffer);
  if (format === null) throw unreadable("文件内容不是Excel工作簿");
  if (!formats.includes(format)) throw badRequest(MSG_XLS_NOT_READ, [{ field: "file", msg: MSG_XLS_NOT_READ }]);
  let headers: Map<number, string> | null = null;
  let batch: SheetRow[] = [];
  let count = 0;
  for (const raw of format === "xlsx" ? xlsxRawRows(buffer) : xlsRows(buffer)) {
    if (headers === null) {
      headers = headersOf(raw.number === 1 ? raw : null, requiredHeaders);
      if (raw.number === 1) continue;
    }
    if (raw.number < 2) continue;
    const cells = new Map<string, unknown>();
    let any = false;
    for (const [col, header] of headers) {
      const v = raw.cell(col);
      const empty = v === null || v === undefined || (typeof v === "string" && v.trim() === "");
      if (!empty) any = true;
      cells.set(header, empty ? null : v);
    }
    if (!any) continue;
    if (++count > maxRows) {
      const msg = tooManyRowsMsg(maxRows);
      throw badRequest(msg, [{ field: "file", msg }]);
    }
    batch.push({ row: raw.number, cells });
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (headers === null) headersOf(null, requiredHeaders);
  if (batch.length > 0) yield batch;
  if (count === 0) throw badRequest("导入文件没有数据", [{ field: "file", msg: "导入文件没有数据" }]);
}

/**
 * Every data row of an import file at once (the imports that check the whole file before
 * saving), at most {@link WHOLE_FILE_MAX_ROWS}; see {@link readSheetBatches}.
 */
export async function readSheet(
  buffer: Buffer,
  requiredHeaders: readonly string[],
  formats: readonly SheetFormat[] = ["xlsx", "xls"],
): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const batch of readSheetBatches(buffer, requiredHeaders, { formats, maxRows: WHOLE_FILE_MAX_ROWS }))
    rows.push(...batch);
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
