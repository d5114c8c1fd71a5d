import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { Zip, ZipDeflate } from "fflate";
import { NativeDeflateEntry } from "./zipEntry";

/**
 * A streaming .xlsx writer with backpressure: sheet XML (inline strings, no shared-string
 * table) deflated by zlib into fflate's streaming zip, straight into `out`. `writeRows`
 * resolves only when zlib and `out` have room again, so a caller that awaits it before reading
 * the next batch holds at most one batch plus the streams' buffers, whatever the row count
 * (exceljs's streaming writer took every row at once and buffered the XML in memory while
 * deflate and the disk caught up: BENCHMARKS.md, "Export").
 *
 * It writes only what the exports need: text, numbers, booleans and date cells, a header row,
 * column widths. Anything else is written as its text.
 */

/** How a column's values are written: as given, or as Excel date cells (China wall time). */
export type CellType = "text" | "dateTime" | "date";

export interface SheetColumn {
  header: string;
  key: string;
  width?: number;
  /**
   * `dateTime`/`date`: the value (epoch ms, a Date, or text `yyyy-MM-dd[ HH:mm:ss]` already in
   * China time) becomes a real date cell shown as `yyyy-mm-dd hh:mm:ss` / `yyyy-mm-dd`.
   */
  type?: CellType;
}

/** Excel's row limit per worksheet (header included). */
export const MAX_SHEET_ROWS = 1_048_576;

const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships";
const CT = "application/vnd.openxmlformats-officedocument.spreadsheetml";

/** Style indexes of styles.xml's cellXfs: 0 plain, 1 date and time, 2 date. */
const STYLE = { dateTime: 1, date: 2 } as const;
const STYLES_XML = `${HEAD}<styleSheet xmlns="${MAIN}"><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd"/></numFmts><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const CHINA_OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 86_400_000;
/** Days from Excel's day 0 (1899-12-30) to 1970-01-01. */
const EPOCH_SERIAL = 25_569;
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Excel serial day of a value in China wall time, or null when it is not a time. */
export function excelSerial(value: unknown): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : toSerial(value.getTime());
  if (typeof value === "number") return Number.isFinite(value) ? toSerial(value) : null;
  if (typeof value === "string") {
    const m = WALL_TIME.exec(value);
    if (!m) return null;
    const [, y, mo, d, h = "0", mi = "0", s = "0"] = m;
    return Date.UTC(+(y as string), +(mo as string) - 1, +(d as string), +h, +mi, +s) / DAY_MS + EPOCH_SERIAL;
  }
  return null;
}
const toSerial = (epochMs: number) => (epochMs + CHINA_OFFSET_MS) / DAY_MS + EPOCH_SERIAL;

// XML 1.0 forbids most control characters even escaped: they are dropped (matching them is the point).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 forbids
const ESCAPES = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g; // oxlint-disable-line no-control-regex
const ENTITY: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
/** Text escaped for an XML element or attribute (`search` leaves the global regex's state alone). */
export const xmlText = (s: string) => (s.search(ESCAPES) < 0 ? s : s.replace(ESCAPES, (c) => ENTITY[c] ?? ""));

function inlineString(ref: string, s: string): string {
  const space = s.length > 0 && (s.charCodeAt(0) <= 32 || s.charCodeAt(s.length - 1) <= 32);
  return `<c r="${ref}" t="inlineStr"><is><t${space ? ' xml:space="preserve"' : ""}>${xmlText(s)}</t></is></c>`;
}

function cell(ref: string, value: unknown, type: CellType): string {
  if (value === null || value === undefined || value === "") return "";
  if (type !== "text") {
    const serial = excelSerial(value);
    if (serial !== null) {
      return `<c r="${ref}" s="${STYLE[type]}"><v>${type === "date" ? Math.floor(serial) : serial}</v></c>`;
    }
  }
  switch (typeof value) {
    case "number":
      return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : "";
    case "boolean":
      return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
    case "string":
      return inlineString(ref, value);
    default:
      return inlineString(ref, value instanceof Date ? value.toISOString() : String(value));
  }
}

/** A, B, …, Z, AA, … for a 0-based column. */
export function columnLetters(index: number): string {
  let s = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** A sheet name Excel accepts: no []:*?/\, at most 31 characters, unique in the workbook. */
function sheetName(title: string, taken: readonly string[]): string {
  const base = title.replace(/[[\]:*?/\\]/g, "_").slice(0, 31) || "Sheet";
  let name = base;
  for (let i = 2; taken.some((t) => t.toLowerCase() === name.toLowerCase()); i++) {
    name = `${base.slice(0, 31 - String(i).length - 1)}_${i}`;
  }
  return name;
}

interface OpenSheet {
  entry: NativeDeflateEntry;
  columns: { key: string; letters: string; type: CellType }[];
  rows: number;
}

export class XlsxWriter {
  private readonly zip: Zip;
  private readonly names: string[] = [];
  private sheet: OpenSheet | null = null;
  private failure: Error | null = null;
  private readonly failed: Promise<never>;
  private onFail: (e: Error) => void = () => {};

  constructor(private readonly out: Writable) {
    this.failed = new Promise<never>((_, reject) => {
      this.onFail = reject;
    });
    this.failed.catch(() => {}); // observed through `wait`/`finish`; never unhandled
    this.zip = new Zip((error, chunk, final) => {
      if (error) return this.fail(error);
      // The file is full: stop zlib's output; its buffers then fill and `writeRows` waits.
      if (!out.write(chunk)) this.sheet?.entry.pause();
      if (final) out.end();
    });
    out.on("drain", () => this.sheet?.entry.resume());
    out.on("error", (e) => this.fail(e));
  }

  /** Starts the next worksheet (the previous one must be ended) and writes its header row. */
  startSheet(title: string, columns: readonly SheetColumn[]): void {
    if (this.sheet) throw new Error("the previous sheet is not ended");
    const name = sheetName(title, this.names);
    this.names.push(name);
    const entry = new NativeDeflateEntry(`xl/worksheets/sheet${this.names.length}.xml`);
    this.zip.add(entry);
    this.sheet = {
      entry,
      columns: columns.map((c, i) => ({ key: c.key, letters: columnLetters(i), type: c.type ?? "text" })),
      rows: 0,
    };
    const cols = columns
      .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 20}" customWidth="1"/>`)
      .join("");
    this.push(`${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">${cols ? `<cols>${cols}</cols>` : ""}<sheetData>`);
    this.append([Object.fromEntries(columns.map((c) => [c.key, c.header]))], true);
  }

  /**
   * Appends rows to the open sheet; resolves when zlib and the file can take more. Await it
   * before fetching the next batch: that is the backpressure.
   */
  async writeRows(rows: readonly Record<string, unknown>[]): Promise<void> {
    this.append(rows, false);
    await this.wait();
  }

  /** Closes the open sheet; resolves once its last bytes are in the zip. */
  async endSheet(): Promise<void> {
    const sheet = this.openSheet();
    this.push("</sheetData></worksheet>");
    sheet.entry.end();
    await Promise.race([sheet.entry.ended, this.failed]);
    this.sheet = null;
  }

  /** Writes the workbook's parts and the zip's directory; resolves when `out` has it all. */
  async finish(): Promise<void> {
    if (this.sheet) await this.endSheet();
    if (this.names.length === 0) {
      this.startSheet("Sheet1", []);
      await this.endSheet();
    }
    const sheets = this.names.map((_, i) => i + 1);
    this.small(
      "[Content_Types].xml",
      `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${CT}.sheet.main+xml"/>${sheets.map((i) => `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="${CT}.worksheet+xml"/>`).join("")}<Override PartName="/xl/styles.xml" ContentType="${CT}.styles+xml"/></Types>`,
    );
    this.small(
      "_rels/.rels",
      `${HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    );
    this.small(
      "xl/workbook.xml",
      `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${this.names.map((n, i) => `<sheet name="${xmlText(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join("")}</sheets></workbook>`,
    );
    this.small(
      "xl/_rels/workbook.xml.rels",
      `${HEAD}<Relationships xmlns="${PKG_REL}">${sheets.map((i) => `<Relationship Id="rId${i}" Type="${REL}/worksheet" Target="worksheets/sheet${i}.xml"/>`).join("")}<Relationship Id="rId${sheets.length + 1}" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    );
    this.small("xl/styles.xml", STYLES_XML);
    this.zip.end();
    await Promise.race([finished(this.out), this.failed]);
  }

  /** Stops on failure: no more bytes; the caller removes the partial file. */
  abort(error: Error): void {
    this.fail(error);
  }

  private append(rows: readonly Record<string, unknown>[], header: boolean): void {
    const sheet = this.openSheet();
    if (this.failure) throw this.failure;
    if (sheet.rows + rows.length > MAX_SHEET_ROWS) {
      throw new Error(`单个工作表不能超过${MAX_SHEET_ROWS}行（Excel 上限），请缩小导出范围`);
    }
    let xml = "";
    for (const row of rows) {
      const r = ++sheet.rows;
      xml += `<row r="${r}">`;
      for (const c of sheet.columns) xml += cell(`${c.letters}${r}`, row[c.key], header ? "text" : c.type);
      xml += "</row>";
    }
    this.push(xml);
  }

  private push(xml: string): void {
    this.openSheet().entry.push(Buffer.from(xml, "utf8"));
  }

  private async wait(): Promise<void> {
    const sheet = this.openSheet();
    while (!this.failure && sheet.entry.full) await Promise.race([sheet.entry.drained(), this.failed]);
    if (this.failure) throw this.failure;
  }

  private small(name: string, xml: string): void {
    const part = new ZipDeflate(name, { level: 6 });
    this.zip.add(part);
    part.push(Buffer.from(xml, "utf8"), true);
  }

  private openSheet(): OpenSheet {
    if (!this.sheet) throw new Error("no open sheet");
    return this.sheet;
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.sheet?.entry.destroy();
    this.out.destroy(error);
    this.onFail(error);
  }
}
