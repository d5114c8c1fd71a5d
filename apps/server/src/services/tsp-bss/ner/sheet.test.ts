import * as XLSX from "@e965/xlsx";
import { MSG_FILE_FORMAT_INCORRECT } from "@tsp/domain";
import ExcelJS from "exceljs";
import { unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import {
  cellValue,
  formatOf,
  headIsCheap,
  IMPORT_MAX_ROWS,
  importMaxRows,
  MSG_ENCRYPTED,
  MSG_XLS_NOT_READ,
  plainCells,
  readSheet,
  readSheetBatches,
  type SheetRow,
  tooManyRowsMsg,
  WHOLE_FILE_MAX_ROWS,
} from "./sheet";

/** Every batch of a streamed read, or the error that ended it. */
async function batchesOf(...args: Parameters<typeof readSheetBatches>): Promise<SheetRow[][]> {
  const out: SheetRow[][] = [];
  for await (const batch of readSheetBatches(...args)) out.push(batch);
  return out;
}

describe("import cells become the values of the Edit schema", () => {
  it("turns empty cells into undefined (required), null (optional) or [] (lists)", () => {
    expect(cellValue(null, "string")).toBeUndefined();
    expect(cellValue(null, "number")).toBeUndefined();
    expect(cellValue(null, "nullableString")).toBeNull();
    expect(cellValue(null, "date")).toBeNull();
    expect(cellValue(null, "list")).toEqual([]);
  });

  it("reads numbers written as text and keeps other text for the schema to refuse", () => {
    expect(cellValue(" 537.6 ", "number")).toBe(537.6);
    expect(cellValue(12, "integer")).toBe(12);
    expect(cellValue("高压", "number")).toBe("高压");
  });

  it("writes dates as yyyy-MM-dd from date cells and from 2024/3/1 text", () => {
    expect(cellValue(new Date(Date.UTC(2024, 2, 1)), "date")).toBe("2024-03-01");
    expect(cellValue("2024/3/1", "date")).toBe("2024-03-01");
    expect(cellValue("2024.12.31", "date")).toBe("2024-12-31");
    expect(cellValue("昨天", "date")).toBe("昨天");
  });

  it("splits lists on Chinese and ASCII separators", () => {
    expect(cellValue("P1，P2、P3; P4", "list")).toEqual(["P1", "P2", "P3", "P4"]);
  });
});

async function xlsxOf(headers: string[], rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("导入");
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe("reading a sheet", () => {
  it("keys cells by header, skips blank rows and keeps Excel's row numbers", async () => {
    const bytes = await xlsxOf(
      ["VIN", "备注"],
      [
        ["A", "x"],
        [null, null],
        ["B", null],
      ],
    );
    const rows = await readSheet(bytes, ["VIN"]);
    expect(rows.map((r) => [r.row, r.cells.get("VIN"), r.cells.get("备注")])).toEqual([
      [2, "A", "x"],
      [4, "B", null],
    ]);
  });

  it("streams an .xlsx in batches: dates from the cell's format, rich text and formula results unwrapped", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("导入");
    sheet.addRow(["VIN", "购车日期", "备注"]);
    for (let i = 0; i < 5; i++) sheet.addRow([`V${i}`, new Date(Date.UTC(2024, 2, 1 + i)), null]);
    sheet.getCell("C2").value = { richText: [{ text: "富" }, { text: "文本" }] };
    sheet.getCell("C3").value = { formula: "1+1", result: 2 };
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const batches = await batchesOf(bytes, ["VIN", "购车日期"], { batchSize: 2 });
    expect(batches.map((b) => b.map((r) => r.row))).toEqual([[2, 3], [4, 5], [6]]);
    expect(batches[0]?.map((r) => [...r.cells.values()])).toEqual([
      ["V0", new Date(Date.UTC(2024, 2, 1)), "富文本"],
      ["V1", new Date(Date.UTC(2024, 2, 2)), 2],
    ]);
  });

  it("stops reading at the row limit, naming it, before the rest of the file is read", async () => {
    const bytes = await xlsxOf(
      ["VIN"],
      Array.from({ length: 30 }, (_, i) => [`V${i}`]),
    );
    const seen: number[] = [];
    const reading = (async () => {
      for await (const batch of readSheetBatches(bytes, ["VIN"], { batchSize: 4, maxRows: 10 }))
        seen.push(batch.length);
    })();
    await expect(reading).rejects.toMatchObject({ status: 400, message: tooManyRowsMsg(10) });
    expect(seen).toEqual([4, 4]);
    expect(tooManyRowsMsg(10)).toBe("单次导入不能超过10行，请拆分后导入");
  });

  it("keeps the whole-file read (the imports not yet in batches) at 5,000 rows", async () => {
    expect(WHOLE_FILE_MAX_ROWS).toBe(Math.min(5000, IMPORT_MAX_ROWS));
    const rows = Array.from({ length: WHOLE_FILE_MAX_ROWS + 1 }, (_, i) => [`V${i}`]);
    await expect(readSheet(await xlsxOf(["VIN"], rows), ["VIN"])).rejects.toThrow(tooManyRowsMsg(WHOLE_FILE_MAX_ROWS));
    expect(await batchesOf(await xlsxOf(["VIN"], rows), ["VIN"], { batchSize: 5000 })).toHaveLength(2);
  });

  it("takes the limit from IMPORT_MAX_ROWS when it is a positive whole number, else 100,000", () => {
    expect(importMaxRows("250000")).toBe(250_000);
    for (const v of [undefined, "", "0", "-5", "1e6", "abc", "2.5"]) expect(importMaxRows(v), String(v)).toBe(100_000);
    expect(IMPORT_MAX_ROWS).toBe(importMaxRows(process.env.IMPORT_MAX_ROWS));
  });

  it("refuses a cut or empty .xlsx with the spec's messages", async () => {
    const good = await xlsxOf(["VIN"], [["A"]]);
    await expect(readSheet(good.subarray(0, good.length - 200), ["VIN"])).rejects.toMatchObject({
      status: 400,
      message: MSG_FILE_FORMAT_INCORRECT,
    });
    await expect(readSheet(await xlsxOf(["VIN"], []), ["VIN"])).rejects.toThrow("导入文件没有数据");
    await expect(readSheet(await xlsxOf([], []), ["VIN"])).rejects.toThrow("导入模板不正确，缺少列：VIN");
  });

  it("names the missing columns of another template", async () => {
    await expect(readSheet(await xlsxOf(["VIN"], [["A"]]), ["VIN", "电池型号", "电池类型"])).rejects.toThrow(
      "导入模板不正确，缺少列：电池型号、电池类型",
    );
  });
});

/** A legacy Excel 97-2003 workbook (BIFF8 in an OLE2 container), written by SheetJS as Excel would save it. */
function xlsOf(headers: string[], rows: unknown[][], options: { origin?: string } = {}): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([headers, ...rows], { cellDates: true, ...options });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "导入");
  return XLSX.write(book, { type: "buffer", bookType: "biff8" }) as Buffer;
}

describe("reading a legacy .xls", () => {
  it("reads a BIFF8 workbook like an .xlsx: cells by header, blank rows skipped, Excel's row numbers, dates in UTC", async () => {
    const bytes = xlsOf(
      ["VIN", "购车日期", "额定电压(V)", "备注"],
      [
        ["LGXCE4CB2S0000123", new Date(Date.UTC(2024, 2, 1)), 537.6, "x"],
        [null, null, null, null],
        ["B", "2024/3/1", "高压", null],
      ],
    );
    expect(formatOf(bytes)).toBe("xls");
    const rows = await readSheet(bytes, ["VIN"]);
    expect(rows.map((r) => [r.row, ...r.cells.values()])).toEqual([
      [2, "LGXCE4CB2S0000123", new Date(Date.UTC(2024, 2, 1)), 537.6, "x"],
      [4, "B", "2024/3/1", "高压", null],
    ]);
    expect(cellValue(rows[0]?.cells.get("购车日期"), "date")).toBe("2024-03-01");
    expect(plainCells(rows[0] as SheetRow)).toEqual({
      VIN: "LGXCE4CB2S0000123",
      购车日期: "2024-03-01",
      "额定电压(V)": 537.6,
      备注: "x",
    });
  });

  it("refuses an .xls where the import reads .xlsx only, naming the format", async () => {
    await expect(readSheet(xlsOf(["VIN"], [["A"]]), ["VIN"], ["xlsx"])).rejects.toThrow(MSG_XLS_NOT_READ);
  });

  it("answers the format message for a broken, foreign or encrypted OLE2 file and for bytes that are no workbook", async () => {
    const good = xlsOf(["VIN"], [["A"]]);
    const encrypted = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(encrypted, "/EncryptionInfo", Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]));
    XLSX.CFB.utils.cfb_add(encrypted, "/EncryptedPackage", Buffer.alloc(64, 7));
    const word = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(word, "/WordDocument", Buffer.alloc(64, 7));
    const cases: [Buffer, string][] = [
      [XLSX.CFB.write(encrypted, { type: "buffer" }) as Buffer, MSG_ENCRYPTED],
      [XLSX.CFB.write(word, { type: "buffer" }) as Buffer, "无法读取Excel文件内容"],
      [good.subarray(0, 1024), "无法读取Excel文件内容"],
      [Buffer.concat([good.subarray(0, 8), Buffer.alloc(600, 0xff)]), "无法读取Excel文件内容"],
      [Buffer.from("<html><table><tr><td>VIN</td></tr></table></html>"), "文件内容不是Excel工作簿"],
    ];
    for (const [bytes, reason] of cases) {
      const error = await readSheet(bytes, ["VIN"]).then(
        () => null,
        (e: unknown) => e as { status?: number; message?: string; failDetail?: { msg: string }[] },
      );
      expect(error, reason).toMatchObject({ status: 400, message: MSG_FILE_FORMAT_INCORRECT });
      expect(error?.failDetail?.[0]?.msg).toBe(reason);
    }
  });

  it("counts an .xls's data rows past blank ones against the row limit", async () => {
    const rows = Array.from({ length: 6 }, (_, i) => [`V${i}`]);
    await expect(batchesOf(xlsOf(["VIN"], rows), ["VIN"], { maxRows: 5 })).rejects.toThrow(tooManyRowsMsg(5));
    const spaced = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? [`V${i}`] : [null]));
    expect((await readSheet(xlsOf(["VIN"], spaced), ["VIN"])).map((r) => r.row).slice(0, 3)).toEqual([2, 4, 6]);
  });
});

const isSheet = (n: string) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n);

describe("an .xlsx whose parts are in an unusual order", () => {
  it("reads a workbook whose worksheet comes before xl/workbook.xml and xl/styles.xml (exceljs's writer does that)", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("车辆信息");
    ws.addRow(["VIN", "出厂日期"]);
    ws.addRow(["LFV2A21K8N4000001", new Date(Date.UTC(2024, 2, 1))]);
    ws.getCell("B2").numFmt = "yyyy-mm-dd";
    const parts = unzipSync(new Uint8Array(await wb.xlsx.writeBuffer()));
    // The same parts, the worksheet after the shared strings and relationships but before the
    // workbook and styles: exceljs's streaming reader threw on this order.
    const late = ["xl/workbook.xml", "xl/styles.xml"];
    const keys = Object.keys(parts);
    const names = [...keys.filter((n) => !isSheet(n) && !late.includes(n)), ...keys.filter(isSheet), ...late];
    expect(names.indexOf("xl/sharedStrings.xml")).toBeLessThan(names.indexOf("xl/worksheets/sheet1.xml"));
    const reordered = Buffer.from(zipSync(Object.fromEntries(names.map((n) => [n, parts[n] as Uint8Array]))));
    const rows = await readSheet(reordered, ["VIN", "出厂日期"]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.row).toBe(2);
    expect(rows[0]?.cells.get("VIN")).toBe("LFV2A21K8N4000001");
    expect(rows[0]?.cells.get("出厂日期")).toEqual(new Date(Date.UTC(2024, 2, 1)));
  });
});

describe("headIsCheap (whether an import's upload reads the header before answering)", () => {
  it("is cheap for a small file of any kind and for an .xlsx of any size or part order, not for a large .xls", () => {
    expect(headIsCheap(Buffer.from("small"))).toBe(true);
    // 2 MB of an OLE2 (.xls) header: SheetJS would parse it whole, twice.
    const bigXls = Buffer.alloc(2 * 1024 * 1024);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bigXls);
    expect(headIsCheap(bigXls)).toBe(false);
    // 2 MB .xlsx whose worksheet precedes xl/workbook.xml: streamed all the same (parts read by the directory).
    const sheetFirst = zipSync(
      {
        "xl/worksheets/sheet1.xml": new Uint8Array(2 * 1024 * 1024).map((_, i) => (i * 7919) % 251),
        "xl/workbook.xml": new Uint8Array(10),
      },
      { level: 0 },
    );
    expect(headIsCheap(Buffer.from(sheetFirst))).toBe(true);
  });
});
