import { dateStylesOf, MAX_CELL_CHARS, StringText, sharedStringsOf, unescapeOoxml, workbookOf } from "./xlsxBook";
import { attrsOf, decodeXml, detach, type XmlHandler, XmlScanner } from "./xmlScan";
import { partText, zipParts } from "./zipParts";

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

/** Excel's last column, XFD (a cell past it is not one Excel wrote, and its row would be unbounded). */
const MAX_COLS = 16_384;

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
  return Number.isNaN(d.getTime()) ? detach(text) : d;
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
        return detach(unescapeOoxml(decodeXml(v)));
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
