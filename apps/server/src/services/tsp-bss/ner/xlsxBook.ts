import * as XLSX from "@e965/xlsx";
import { attrsOf, decodeXml, detach, type XmlHandler, XmlScanner } from "./xmlScan";
import { partText, type ZipPart } from "./zipParts";

/**
 * What an .xlsx's rows are read with (xlsxRows.ts), from the parts around its worksheet: which
 * worksheet is first, the shared string table, which cell styles are dates and the date system.
 * Each part is found through the package's relationships and scanned as it is inflated; only
 * what the rows need is kept (the shared strings whole, as any row may point into them).
 */

/** Why the workbook has no first worksheet (the caller answers its own 400). */
export class NoWorksheet extends Error {}

/** Excel's limit of characters in a cell (a string far past it is not one Excel wrote). */
export const MAX_CELL_CHARS = 32_767;

export interface Workbook {
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
export function workbookOf(buffer: Buffer, parts: Map<string, ZipPart>): Workbook {
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
export function unescapeOoxml(s: string): string {
  return s.includes("_x")
    ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : s;
}

/**
 * The text of an `<si>` or `<is>` string: its `<t>` pieces (plain, or the runs of rich text)
 * joined; the phonetic guide (`<rPh>`) is not part of the value.
 */
export class StringText {
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
    const s = detach(unescapeOoxml(decodeXml(this.pieces)));
    this.pieces = "";
    this.inT = false;
    this.phonetic = 0;
    return s;
  }
}

/** The shared string table, in order (a cell of type `s` holds an index into it). */
export function sharedStringsOf(buffer: Buffer, part: ZipPart): string[] {
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
export function dateStylesOf(buffer: Buffer, part: ZipPart): boolean[] {
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
