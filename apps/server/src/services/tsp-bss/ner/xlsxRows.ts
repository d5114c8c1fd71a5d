import * as XLSX from "@e965/xlsx";
import { attrsOf, decodeXml, type XmlHandler, XmlScanner } from "./xmlScan";
import { partText, type ZipPart, zipParts } from "./zipParts";

/**
 * The rows of an .xlsx's first worksheet, read straight from the ZIP (zipParts.ts) with a
 * streaming tokenizer (xmlScan.ts): the workbook, its relationships, styles and shared strings
 * first — in whatever order the writer stored them — then the worksheet inflated and parsed as
 * it is read, row by row, so memory follows the shared strings and the row being read, not the
 * file; a caller that stops (the row limit) leaves the rest of the sheet compressed. exceljs's
 * streaming reader parsed the parts in the ZIP's order and read the whole workbook instead when
 * the sheet came first (as exceljs's and SheetJS's own writers store it): 15.7 s and +522 MB of
 * heap for the 100,000-row bench file (BENCHMARKS.md).
 *
 * Values: shared and inline strings (rich text joined, phonetic runs left out, `_xHHHH_`
 * escapes decoded), numbers, booleans, error cells as empty, a formula's cached result (none:
 * empty), ISO dates (`t="d"`), and numbers whose cell style has a date format as a Date — Excel's
 * serial day in the 1900 system, or 1904 when the workbook says so, read as UTC like exceljs did.
 */
export interface XlsxRow {
  /** The row's number as Excel shows it. */
  number: number;
  /** The last column the row stores a cell in. */
  lastCol: number;
  /** The cell's value by column (1-based): string, number, boolean, Date or null. */
  cell(col: number): unknown;
}

/** Why the workbook has no first worksheet (the caller answers its own 400). */
export class NoWorksheet extends Error {}

/** Excel's limits (a file past them is not one Excel wrote, and its row would be unbounded). */
const MAX_COLS = 16_384;
const MAX_CELL_CHARS = 32_767;

/** The rows of the first worksheet, one at a time (see the file's comment); throws on a broken file. */
export function* xlsxRows(buffer: Buffer): Generator<XlsxRow> {
  const parts = zipParts(buffer);
  const book = workbookOf(buffer, parts);
  const strings = book.sharedStrings ? sharedStringsOf(buffer, book.sharedStrings) : [];
  const dateStyles = book.styles ? dateStylesOf(buffer, book.styles) : [];
  const ready: XlsxRow[] = [];
  const handler = new SheetHandler(strings, dateStyles, book.date1904, (row) => ready.push(row));
  const scanner = new XmlScanner(handler);
  handler.scanner = scanner;
  for (const chunk of partText(buffer, book.sheet)) {
    scanner.write(chunk);
    for (const row of ready) yield row;
    ready.length = 0;
    if (scanner.stopped) return;
  }
  scanner.end();
  if (handler.inSheetData) throw new Error("worksheet ends inside its rows");
}

interface Workbook {
  sheet: ZipPart;
  sharedStrings?: ZipPart;
  styles?: ZipPart;
  date1904: boolean;
}

/** Runs a handler over a whole (small) part. */
function scanPart(buffer: Buffer, part: ZipPart, handler: XmlHandler): void {
  const scanner = new XmlScanner(handler);
  for (const chunk of partText(buffer, part)) scanner.write(chunk);
  scanner.end();
}

/** Collects the attributes of the elements named, in document order. */
function elements(
  buffer: Buffer,
  part: ZipPart,
  names: readonly string[],
): { name: string; attrs: Map<string, string> }[] {
  const out: { name: string; attrs: Map<string, string> }[] = [];
  scanPart(buffer, part, {
    wantText: false,
    open(name, src, from, to) {
      if (!names.includes(name)) return;
      const attrs = new Map<string, string>();
      attrsOf(src, from, to, (k, v) => attrs.set(k, v));
      out.push({ name, attrs });
    },
    close() {},
    text() {},
  });
  return out;
}

/** The relationships of a part: target path (resolved from the part's folder) and type, by id. */
function relsOf(
  buffer: Buffer,
  parts: Map<string, ZipPart>,
  of: string,
): Map<string, { target: string; type: string }> {
  const slash = of.lastIndexOf("/");
  const dir = of.slice(0, slash + 1);
  const rels = parts.get(`${dir}_rels/${of.slice(slash + 1)}.rels`.toLowerCase());
  const out = new Map<string, { target: string; type: string }>();
  if (!rels) return out;
  for (const { attrs } of elements(buffer, rels, ["Relationship"])) {
    const id = attrs.get("Id");
    const target = attrs.get("Target");
    if (id === undefined || target === undefined || attrs.get("TargetMode") === "External") continue;
    out.set(id, { target: resolvePath(dir, target), type: attrs.get("Type") ?? "" });
  }
  return out;
}

/** A relationship's target as a part name: absolute (leading "/") or relative to `dir`, with `..` applied. */
function resolvePath(dir: string, target: string): string {
  const segments: string[] = [];
  for (const s of (target.startsWith("/") ? target.slice(1) : dir + target).split("/")) {
    if (s === "..") segments.pop();
    else if (s !== "." && s !== "") segments.push(s);
  }
  return segments.join("/");
}

/**
 * The workbook's first worksheet (the first `<sheet>` whose relationship is a worksheet),
 * shared strings, styles and date system, found through the package's relationships; a package
 * without them falls back on the usual part names.
 */
function workbookOf(buffer: Buffer, parts: Map<string, ZipPart>): Workbook {
  const officeDocument = [...relsOf(buffer, parts, "").values()].find((r) => r.type.endsWith("/officeDocument"));
  const bookName = officeDocument?.target ?? "xl/workbook.xml";
  const bookPart = parts.get(bookName.toLowerCase());
  const rels = relsOf(buffer, parts, bookName);
  const partOf = (name: string | undefined) => (name === undefined ? undefined : parts.get(name.toLowerCase()));
  const byType = (suffix: string) => partOf([...rels.values()].find((r) => r.type.endsWith(suffix))?.target);
  let sheet: ZipPart | undefined;
  let date1904 = false;
  if (bookPart) {
    for (const { name, attrs } of elements(buffer, bookPart, ["sheet", "workbookPr"])) {
      if (name === "workbookPr") date1904 = ["1", "true"].includes(attrs.get("date1904") ?? "");
      else if (!sheet) {
        const rId = [...attrs].find(([k]) => k.endsWith(":id"))?.[1];
        const rel = rId === undefined ? undefined : rels.get(rId);
        if (rel?.type.endsWith("/worksheet")) sheet = partOf(rel.target);
      }
    }
  }
  if (!sheet) {
    // No workbook or relationships to say which: the lowest-numbered worksheet part.
    let lowest: ZipPart | undefined;
    for (const p of parts.values()) {
      if (/^xl\/worksheets\/sheet\d+\.xml$/i.test(p.name) && (!lowest || sheetNumber(p) < sheetNumber(lowest)))
        lowest = p;
    }
    sheet = lowest;
  }
  if (!sheet) throw new NoWorksheet();
  return {
    sheet,
    sharedStrings: byType("/sharedStrings") ?? partOf("xl/sharedStrings.xml"),
    styles: byType("/styles") ?? partOf("xl/styles.xml"),
    date1904,
  };
}

const sheetNumber = (p: ZipPart) => Number(/(\d+)\.xml$/i.exec(p.name)?.[1]);

/** `_xHHHH_`: how OOXML strings escape characters XML cannot carry (exceljs decoded them too). */
function unescapeOoxml(s: string): string {
  return s.includes("_x")
    ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : s;
}

/**
 * The text of an `<si>` or `<is>` string: its `<t>` pieces (plain, or the runs of rich text)
 * joined; the phonetic guide (`<rPh>`) is not part of the value.
 */
class StringText {
  private pieces = "";
  private inT = false;
  private phonetic = 0;

  get wantText(): boolean {
    return this.inT;
  }

  open(name: string): void {
    if (name === "rPh") this.phonetic++;
    else if (name === "t" && this.phonetic === 0) this.inT = true;
  }

  close(name: string): void {
    if (name === "rPh") this.phonetic--;
    else if (name === "t") this.inT = false;
  }

  text(raw: string): void {
    this.pieces += raw;
    if (this.pieces.length > MAX_CELL_CHARS * 8) throw new Error("string longer than a cell holds");
  }

  /** The string read so far, and a fresh start. */
  take(): string {
    const s = unescapeOoxml(decodeXml(this.pieces));
    this.pieces = "";
    this.inT = false;
    this.phonetic = 0;
    return s;
  }
}

/** The shared string table, in order (a cell of type `s` holds an index into it). */
function sharedStringsOf(buffer: Buffer, part: ZipPart): string[] {
  const strings: string[] = [];
  const text = new StringText();
  let inSi = false;
  scanPart(buffer, part, {
    get wantText() {
      return inSi && text.wantText;
    },
    open(name) {
      if (name === "si") inSi = true;
      else if (inSi) text.open(name);
    },
    close(name) {
      if (name === "si") {
        strings.push(text.take());
        inSi = false;
      } else if (inSi) text.close(name);
    },
    text: (raw) => text.text(raw),
  });
  return strings;
}

/**
 * Excel's built-in number formats that are dates or times: 14–22 everywhere, 45–47 (times), and
 * in Chinese, Japanese and Korean Excel 27–36 and 50–58 (e.g. 31 yyyy"年"m"月"d"日").
 */
const BUILT_IN_DATES = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47,
]);
for (let id = 50; id <= 58; id++) BUILT_IN_DATES.add(id);

/** Whether each cell style (`<cellXfs>`, by index: a cell's `s`) formats numbers as dates. */
function dateStylesOf(buffer: Buffer, part: ZipPart): boolean[] {
  const formats = new Map<number, string>();
  const xfFormats: number[] = [];
  let inCellXfs = false;
  scanPart(buffer, part, {
    wantText: false,
    open(name, src, from, to) {
      if (name === "cellXfs") inCellXfs = true;
      else if (name === "numFmt") {
        let id = Number.NaN;
        let code = "";
        attrsOf(src, from, to, (k, v) => {
          if (k === "numFmtId") id = Number(v);
          else if (k === "formatCode") code = v;
        });
        if (Number.isInteger(id)) formats.set(id, code);
      } else if (name === "xf" && inCellXfs) {
        let id = 0;
        attrsOf(src, from, to, (k, v) => {
          if (k === "numFmtId") id = Number(v) || 0;
        });
        xfFormats.push(id);
      }
    },
    close(name) {
      if (name === "cellXfs") inCellXfs = false;
    },
    text() {},
  });
  return xfFormats.map((id) => {
    const code = formats.get(id);
    return code === undefined ? BUILT_IN_DATES.has(id) : XLSX.SSF.is_date(code);
  });
}

/** Column number of a cell reference ("AB12" → 28); 0 when it has no letters. */
function columnOf(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 0x20; // lower case
    if (c < 97 || c > 122) break;
    col = col * 26 + (c - 96);
  }
  return col;
}

const MS_A_DAY = 86_400_000;
/** Days from Excel's day 0 (1899-12-30 in the 1900 system, counting its phantom 29 Feb 1900) to 1970-01-01. */
const EPOCH_1900 = 25_569;
const EPOCH_1904 = EPOCH_1900 - 1462;

/** A number of a date-styled cell as the Date it shows (UTC, to the millisecond). */
function excelDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - (date1904 ? EPOCH_1904 : EPOCH_1900)) * MS_A_DAY));
}

/** An ISO 8601 date of a `t="d"` cell; a time without an offset is read as UTC, like every other date here. */
function isoDate(text: string): Date | string {
  const s = /T\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(text) ? `${text}Z` : text;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? text : d;
}

/** The worksheet's `<sheetData>`: a row at a time, handed to `emit` once its `</row>` is read. */
class SheetHandler implements XmlHandler {
  scanner: XmlScanner | null = null;
  inSheetData = false;
  private rowNumber = 0;
  private values: unknown[] = [];
  private lastCol = 0;
  private col = 0;
  private inCell = false;
  private type = "n";
  private style = -1;
  private inV = false;
  private inIs = false;
  private v = "";
  private readonly is = new StringText();

  constructor(
    private readonly strings: readonly string[],
    private readonly dateStyles: readonly boolean[],
    private readonly date1904: boolean,
    private readonly emit: (row: XlsxRow) => void,
  ) {}

  get wantText(): boolean {
    return this.inV || (this.inIs && this.is.wantText);
  }

  open(name: string, src: string, from: number, to: number): void {
    if (!this.inSheetData) {
      if (name === "sheetData") this.inSheetData = true;
      return;
    }
    if (this.inIs) {
      this.is.open(name);
      return;
    }
    switch (name) {
      case "row": {
        let r = 0;
        attrsOf(src, from, to, (k, v) => {
          if (k === "r") r = Number(v);
        });
        // A row without its number follows the one before (Excel always writes it).
        this.rowNumber = Number.isInteger(r) && r > 0 ? r : this.rowNumber + 1;
        this.values = [];
        this.lastCol = 0;
        this.col = 0;
        return;
      }
      case "c": {
        let ref = "";
        let type = "n";
        let style = -1;
        attrsOf(src, from, to, (k, v) => {
          if (k === "r") ref = v;
          else if (k === "t") type = v;
          else if (k === "s") style = Number(v);
        });
        const col = ref ? columnOf(ref) : this.col + 1;
        if (col < 1 || col > MAX_COLS) throw new Error(`cell reference ${ref} outside the sheet`);
        this.col = col;
        if (col > this.lastCol) this.lastCol = col;
        this.inCell = true;
        this.type = type;
        this.style = style;
        this.v = "";
        return;
      }
      case "v":
        if (this.inCell) this.inV = true;
        return;
      case "is":
        if (this.inCell) this.inIs = true;
        return;
    }
  }

  close(name: string): void {
    if (!this.inSheetData) return;
    if (this.inIs) {
      if (name === "is") this.inIs = false;
      else this.is.close(name);
      return;
    }
    switch (name) {
      case "v":
        this.inV = false;
        return;
      case "c":
        if (this.inCell) this.values[this.col] = this.value();
        this.inCell = false;
        return;
      case "row": {
        const values = this.values;
        this.emit({ number: this.rowNumber, lastCol: this.lastCol, cell: (col) => values[col] ?? null });
        return;
      }
      case "sheetData":
        // The rest of the worksheet (merged cells, hyperlinks, page setup) is not read.
        this.inSheetData = false;
        if (this.scanner) this.scanner.stopped = true;
        return;
    }
  }

  text(raw: string): void {
    if (this.inV) {
      this.v += raw;
      if (this.v.length > MAX_CELL_CHARS * 8) throw new Error("cell longer than Excel allows");
    } else this.is.text(raw);
  }

  /** The value of the cell just closed, by its type. */
  private value(): unknown {
    const type = this.type;
    if (type === "inlineStr") return this.is.take();
    const v = this.v;
    if (v === "") return null; // no value (an empty cell, or a formula without a cached result)
    switch (type) {
      case "s":
        return this.strings[Number(v)] ?? null;
      case "str":
        return unescapeOoxml(decodeXml(v));
      case "b":
        return v.trim() === "1" || v.trim() === "true";
      case "e":
        return null;
      case "d":
        return isoDate(v.trim());
      default: {
        const n = Number(v);
        if (Number.isNaN(n) || v.trim() === "") return null;
        return this.dateStyles[this.style] === true ? excelDate(n, this.date1904) : n;
      }
    }
  }
}
