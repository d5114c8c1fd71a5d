import * as XLSX from "@e965/xlsx";
import { MSG_FILE_FORMAT_INCORRECT } from "@tsp/domain";
import { unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { readSheet, readSheetBatches, tooManyRowsMsg } from "./sheet";
import { zipParts } from "./zipParts";

const enc = (s: string) => new TextEncoder().encode(s);
const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

interface Package {
  sheet: string;
  strings?: string;
  styles?: string;
  workbookPr?: string;
  /** Part names in the order they are stored (default: the worksheet first, as exceljs's and SheetJS's writers store it). */
  order?: "sheetFirst" | "sheetLast";
  level?: 0 | 6;
}

/** A minimal .xlsx written part by part, in the order asked for: the reader must not care. */
function xlsx({ sheet, strings, styles, workbookPr = "", order = "sheetFirst", level = 6 }: Package): Buffer {
  const parts: Record<string, Uint8Array> = {
    "xl/worksheets/sheet1.xml": enc(`<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}>${sheet}</worksheet>`),
  };
  const rest: Record<string, string> = {
    "[Content_Types].xml": "<Types/>",
    "_rels/.rels": `<Relationships><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    "xl/workbook.xml": `<workbook ${NS} xmlns:r="${REL}">${workbookPr}<sheets><sheet name="导入" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `<Relationships><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="${REL}/styles" Target="/xl/styles.xml"/></Relationships>`,
  };
  if (strings) rest["xl/sharedStrings.xml"] = `<sst ${NS}>${strings}</sst>`;
  if (styles) rest["xl/styles.xml"] = `<styleSheet ${NS}>${styles}</styleSheet>`;
  const others = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, enc(v)]));
  const ordered = order === "sheetFirst" ? { ...parts, ...others } : { ...others, ...parts };
  return Buffer.from(zipSync(ordered, { level }));
}

const row = (r: number, cells: string) => `<row r="${r}">${cells}</row>`;
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

async function rowsOf(bytes: Buffer, headers: string[]): Promise<unknown[][]> {
  return (await readSheet(bytes, headers)).map((r) => [r.row, ...r.cells.values()]);
}

/** The error a read ends with (null when it reads through). */
async function failureOf(read: Promise<unknown>) {
  return read.then(
    () => null,
    (e: unknown) => e as { status?: number; message?: string; failDetail?: { msg: string }[] },
  );
}

describe("the streaming .xlsx reader: every kind of cell", () => {
  const strings =
    '<si><t>VIN</t></si><si><t xml:space="preserve">值</t></si><si><r><rPr><b/></rPr><t>富</t></r><r><t>文本</t></r></si>' +
    '<si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si><si><t>A&amp;B_x000D_</t></si>';
  // Styles: 0 General, 1 built-in 14 (m/d/yyyy), 2 a custom date, 3 a custom number, 4 built-in 31 (yyyy"年"m"月"d"日", Chinese Excel).
  const styles =
    '<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy/m/d"/><numFmt numFmtId="165" formatCode="0.00&quot;元&quot;"/></numFmts>' +
    '<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>' +
    '<cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="31"/></cellXfs>';
  const sheet =
    "<sheetData>" +
    row(1, '<c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>') +
    row(2, `${inline("A2", "shared")}<c r="B2" t="s"><v>2</v></c>`) +
    row(3, `${inline("A3", "phonetic")}<c r="B3" t="s"><v>3</v></c>`) +
    row(4, `${inline("A4", "escaped")}<c r="B4" t="s"><v>4</v></c>`) +
    row(
      5,
      `${inline("A5", "inline rich")}<c r="B5" t="inlineStr"><is><r><t>行</t></r><r><t xml:space="preserve">内 &lt;b&gt;</t></r></is></c>`,
    ) +
    row(6, `${inline("A6", "number")}<c r="B6"><v>537.6</v></c>`) +
    row(7, `${inline("A7", "built-in date")}<c r="B7" s="1"><v>45352</v></c>`) +
    row(8, `${inline("A8", "custom date")}<c r="B8" s="2"><v>45352.5</v></c>`) +
    row(9, `${inline("A9", "custom number")}<c r="B9" s="3"><v>12.5</v></c>`) +
    row(10, `${inline("A10", "Chinese date")}<c r="B10" s="4"><v>45352</v></c>`) +
    row(11, `${inline("A11", "true")}<c r="B11" t="b"><v>1</v></c>`) +
    row(12, `${inline("A12", "false")}<c r="B12" t="b"><v>0</v></c>`) +
    row(13, `${inline("A13", "error")}<c r="B13" t="e"><v>#N/A</v></c>`) +
    row(14, `${inline("A14", "formula number")}<c r="B14"><f>1+1</f><v>2</v></c>`) +
    row(15, `${inline("A15", "formula text")}<c r="B15" t="str"><f>"a"&amp;"b"</f><v>ab</v></c>`) +
    row(16, `${inline("A16", "formula uncached")}<c r="B16"><f>NOW()</f></c>`) +
    row(17, `${inline("A17", "formula date")}<c r="B17" s="1"><f>DATE(2024,3,1)</f><v>45352</v></c>`) +
    row(18, `${inline("A18", "hyperlink")}<c r="B18" t="s"><v>1</v></c>`) +
    row(19, `${inline("A19", "iso date")}<c r="B19" t="d"><v>2024-03-01T08:30:00</v></c>`) +
    row(20, '<c r="A20" s="1"/><c r="B20" t="inlineStr"><is><t>   </t></is></c>') + // blank: skipped
    '<row r="21"/>' +
    row(22, `${inline("A22", "cdata")}<c r="B22" t="inlineStr"><is><t><![CDATA[<x> & y]]></t></is></c>`) +
    "</sheetData>" +
    '<hyperlinks><hyperlink ref="B18" r:id="rId9"/></hyperlinks>';
  const expected = [
    [2, "shared", "富文本"],
    [3, "phonetic", "東京"],
    [4, "escaped", "A&B\r"],
    [5, "inline rich", "行内 <b>"],
    [6, "number", 537.6],
    [7, "built-in date", new Date(Date.UTC(2024, 2, 1))],
    [8, "custom date", new Date(Date.UTC(2024, 2, 1, 12))],
    [9, "custom number", 12.5],
    [10, "Chinese date", new Date(Date.UTC(2024, 2, 1))],
    [11, "true", true],
    [12, "false", false],
    [13, "error", null],
    [14, "formula number", 2],
    [15, "formula text", "ab"],
    [16, "formula uncached", null],
    [17, "formula date", new Date(Date.UTC(2024, 2, 1))],
    [18, "hyperlink", "值"],
    [19, "iso date", new Date(Date.UTC(2024, 2, 1, 8, 30))],
    [22, "cdata", "<x> & y"],
  ];

  it("reads them with the shared strings and styles stored after the worksheet", async () => {
    expect(await rowsOf(xlsx({ sheet, strings, styles, order: "sheetFirst" }), ["VIN", "值"])).toEqual(expected);
  });

  it("reads them the same with the shared strings and styles stored before it, and stored uncompressed", async () => {
    expect(await rowsOf(xlsx({ sheet, strings, styles, order: "sheetLast", level: 0 }), ["VIN", "值"])).toEqual(
      expected,
    );
  });

  it("counts serial days from 1904 when the workbook says so", async () => {
    const bytes = xlsx({
      sheet: `<sheetData>${row(1, `${inline("A1", "VIN")}${inline("B1", "日期")}`)}${row(2, `${inline("A2", "V")}<c r="B2" s="1"><v>43890</v></c>`)}</sheetData>`,
      styles: '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs>',
      workbookPr: '<workbookPr date1904="1"/>',
    });
    expect(await rowsOf(bytes, ["VIN"])).toEqual([[2, "V", new Date(Date.UTC(2024, 2, 1))]]);
  });

  it("reads namespace-prefixed markup, rows and cells without references, and keeps Excel's row numbers", async () => {
    const prefixed =
      '<x:sheetData xmlns:x="urn:x"><x:row><x:c t="inlineStr"><x:is><x:t>VIN</x:t></x:is></x:c><x:c t="inlineStr"><x:is><x:t>备注</x:t></x:is></x:c></x:row>' +
      '<x:row r="5"><x:c><x:v>1</x:v></x:c><x:c t="inlineStr"><x:is><x:t>b</x:t></x:is></x:c></x:row><x:row><x:c r="B6" t="inlineStr"><x:is><x:t>c</x:t></x:is></x:c></x:row></x:sheetData>';
    expect(await rowsOf(xlsx({ sheet: prefixed }), ["VIN"])).toEqual([
      [5, 1, "b"],
      [6, null, "c"],
    ]);
  });

  it("reads the first sheet the workbook lists, not the first part stored", async () => {
    const bytes = xlsx({
      sheet: `<sheetData>${row(1, inline("A1", "VIN"))}${row(2, inline("A2", "one"))}</sheetData>`,
    });
    const parts = unzipSync(bytes);
    parts["xl/worksheets/sheet2.xml"] = enc(
      `<worksheet ${NS}><sheetData>${row(1, inline("A1", "VIN"))}${row(2, inline("A2", "two"))}</sheetData></worksheet>`,
    );
    parts["xl/workbook.xml"] = enc(
      `<workbook ${NS} xmlns:r="${REL}"><sheets><sheet name="b" sheetId="2" r:id="rId8"/><sheet name="a" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    );
    parts["xl/_rels/workbook.xml.rels"] = enc(
      `<Relationships><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId8" Type="${REL}/worksheet" Target="worksheets/sheet2.xml"/></Relationships>`,
    );
    expect(await rowsOf(Buffer.from(zipSync(parts)), ["VIN"])).toEqual([[2, "two"]]);
  });

  it("reads what SheetJS writes (worksheet stored before the workbook): text, numbers, booleans, dates", async () => {
    const ws = XLSX.utils.aoa_to_sheet(
      [
        ["VIN", "数", "布尔", "日期"],
        ["LGXCE4CB2S0000123", 1.5, true, new Date(Date.UTC(2024, 2, 1))],
      ],
      { cellDates: true, dateNF: "yyyy-mm-dd" },
    );
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, ws, "导入");
    const bytes = XLSX.write(book, { type: "buffer", bookType: "xlsx", cellDates: false }) as Buffer;
    const names = [...zipParts(bytes).keys()];
    expect(names.indexOf("xl/worksheets/sheet1.xml")).toBeLessThan(names.indexOf("xl/workbook.xml"));
    expect(await rowsOf(bytes, ["VIN"])).toEqual([[2, "LGXCE4CB2S0000123", 1.5, true, new Date(Date.UTC(2024, 2, 1))]]);
  });
});

/** A sheet of `rows` data rows under the header VIN, one inline string each. */
function longSheet(rows: number): string {
  const out = [row(1, inline("A1", "VIN"))];
  for (let r = 2; r <= rows + 1; r++) out.push(row(r, inline(`A${r}`, `V${r}`)));
  return `<sheetData>${out.join("")}</sheetData>`;
}

describe("the streaming .xlsx reader: limits and broken files", () => {
  it("stops at the row limit without inflating the rest of the sheet (its second half is corrupt here)", async () => {
    const bytes = xlsx({ sheet: longSheet(20_000) });
    const sheet = zipParts(bytes).get("xl/worksheets/sheet1.xml");
    if (!sheet) throw new Error("no sheet");
    // Overwrite the second half of the worksheet's deflated bytes (its directory entry is unchanged).
    const dataStart = sheet.offset + 30 + bytes.readUInt16LE(sheet.offset + 26) + bytes.readUInt16LE(sheet.offset + 28);
    expect(sheet.compressedSize).toBeGreaterThan(4 * 16 * 1024); // many of the reader's 16 KB input steps
    bytes.fill(0xff, dataStart + Math.floor(sheet.compressedSize / 2), dataStart + sheet.compressedSize);
    const seen: number[] = [];
    const limited = (async () => {
      for await (const batch of readSheetBatches(bytes, ["VIN"], { batchSize: 4, maxRows: 10 }))
        seen.push(...batch.map((r) => r.row));
    })();
    expect(await failureOf(limited)).toMatchObject({ status: 400, message: tooManyRowsMsg(10) });
    expect(seen).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    // Read to the end, the same file is refused for its corrupt half: the limit stopped short of it.
    const whole = await failureOf(
      (async () => {
        for await (const _ of readSheetBatches(bytes, ["VIN"], { maxRows: 1_000_000 })) {
          // reading on
        }
      })(),
    );
    expect(whole).toMatchObject({ status: 400, message: MSG_FILE_FORMAT_INCORRECT });
    expect(whole?.failDetail?.[0]?.msg).toBe("无法读取Excel文件内容");
  });

  it("answers the format message for a cut ZIP, a cut worksheet and a cell past Excel's last column", async () => {
    const good = xlsx({ sheet: longSheet(50) });
    const cutSheet = xlsx({ sheet: longSheet(50).slice(0, -40) });
    const wideCell = xlsx({ sheet: `<sheetData>${row(1, inline("A1", "VIN") + inline("XFE1", "x"))}</sheetData>` });
    for (const [what, bytes] of [
      ["directory cut off", good.subarray(0, good.length - 30)],
      ["half the file", good.subarray(0, good.length / 2)],
      ["worksheet XML cut", cutSheet],
      ["column past XFD", wideCell],
    ] as const) {
      const error = await failureOf(readSheet(bytes, ["VIN"]));
      expect(error, what).toMatchObject({ status: 400, message: MSG_FILE_FORMAT_INCORRECT });
      expect(error?.failDetail?.[0]?.msg, what).toBe("无法读取Excel文件内容");
    }
  });

  it("answers 导入文件没有工作表 for a workbook without a worksheet", async () => {
    const bytes = Buffer.from(zipSync({ "xl/workbook.xml": enc(`<workbook ${NS}><sheets/></workbook>`) }));
    await expect(readSheet(bytes, ["VIN"])).rejects.toMatchObject({ status: 400, message: "导入文件没有工作表" });
  });
});
