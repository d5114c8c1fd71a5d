import { randomBytes } from "node:crypto";
import { PassThrough, Writable } from "node:stream";
import * as XLSX from "@e965/xlsx";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { columnLetters, excelSerial, XlsxWriter } from "./xlsxWriter";

/** Collects what the writer writes into one Buffer. */
function memorySink() {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on("data", (c: Buffer) => chunks.push(c));
  return { out, bytes: () => Buffer.concat(chunks) };
}

/** The file read back by two independent readers: exceljs and SheetJS. */
async function readBoth(bytes: Buffer) {
  const exceljs = new ExcelJS.Workbook();
  await exceljs.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheetjs = XLSX.read(bytes, { type: "buffer", cellDates: true, UTC: true });
  return { exceljs, sheetjs };
}

describe("xlsx writer", () => {
  it("reads no further ahead than a bound while the file cannot take more, then writes every row", async () => {
    // A destination that takes nothing until released: a disk or object store slower than the rows.
    const held: (() => void)[] = [];
    let release = false;
    const chunks: Buffer[] = [];
    const out = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk);
        if (release) done();
        else held.push(done);
      },
    });
    const writer = new XlsxWriter(out);
    writer.startSheet("慢速目标", [
      { header: "序号", key: "n" },
      { header: "随机", key: "noise" },
    ]);
    const BATCHES = 60;
    const ROWS = 100;
    let produced = 0;
    const pump = (async () => {
      for (let b = 0; b < BATCHES; b++) {
        produced++;
        // Incompressible text: deflate cannot hide the stall by shrinking it.
        const rows = Array.from({ length: ROWS }, (_, i) => ({
          n: b * ROWS + i + 1,
          noise: randomBytes(60).toString("base64"),
        }));
        await writer.writeRows(rows);
      }
      await writer.finish();
    })();
    // Let the pipeline fill until it stops taking batches.
    let seen = -1;
    while (seen !== produced) {
      seen = produced;
      await new Promise((r) => setTimeout(r, 100));
    }
    // ~8 KB per batch against ~50 KB of stream buffers: a handful of batches, not all 60.
    expect(produced).toBeGreaterThan(0);
    expect(produced).toBeLessThanOrEqual(12);
    release = true;
    for (const done of held.splice(0)) done();
    await pump;
    expect(produced).toBe(BATCHES);
    const { exceljs, sheetjs } = await readBoth(Buffer.concat(chunks));
    const sheet = exceljs.worksheets[0];
    expect(sheet?.name).toBe("慢速目标");
    expect(sheet?.rowCount).toBe(BATCHES * ROWS + 1);
    expect(sheet?.getRow(BATCHES * ROWS + 1).getCell(1).value).toBe(BATCHES * ROWS);
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheetjs.Sheets["慢速目标"] as XLSX.WorkSheet);
    expect(rows).toHaveLength(BATCHES * ROWS);
  });

  it("writes several sheets, an empty one with its header, date cells, numbers and escaped text", async () => {
    const sink = memorySink();
    const writer = new XlsxWriter(sink.out);
    const at = Date.UTC(2026, 2, 1, 16, 30, 5); // 2026-03-02 00:30:05 in China
    writer.startSheet("车辆/日志:1", [
      { header: "VIN", key: "vin", width: 22 },
      { header: "时间", key: "time", type: "dateTime" },
      { header: "日期", key: "day", type: "date" },
      { header: "数量", key: "count" },
      { header: "启用", key: "on" },
      { header: "备注", key: "note" },
    ]);
    await writer.writeRows([
      { vin: "LTEST000000000001", time: at, day: "2026-03-02", count: 42, on: true, note: ' a<b & "c"\u0001 ' },
      { vin: "LTEST000000000002", time: "2026-03-02 08:00:00", day: new Date(at), count: 0.5, on: false, note: null },
      { vin: "LTEST000000000003", time: "", day: "不是日期", count: undefined, on: null, note: 7n },
    ]);
    await writer.endSheet();
    writer.startSheet("空表", [{ header: "序号", key: "n" }]);
    await writer.finish();

    const { exceljs, sheetjs } = await readBoth(sink.bytes());
    expect(exceljs.worksheets.map((s) => s.name)).toEqual(["车辆_日志_1", "空表"]);
    expect(sheetjs.SheetNames).toEqual(["车辆_日志_1", "空表"]);
    const s = exceljs.worksheets[0] as ExcelJS.Worksheet;
    expect(s.getRow(1).values).toEqual([undefined, "VIN", "时间", "日期", "数量", "启用", "备注"]);
    // Date cells hold China wall time (Excel has no zones): exceljs reads them as UTC Dates.
    expect(s.getCell("B2").value).toEqual(new Date("2026-03-02T00:30:05Z"));
    expect(s.getCell("B2").numFmt).toBe("yyyy-mm-dd hh:mm:ss");
    expect(s.getCell("B3").value).toEqual(new Date("2026-03-02T08:00:00Z"));
    expect(s.getCell("C2").value).toEqual(new Date("2026-03-02T00:00:00Z"));
    expect(s.getCell("C3").value).toEqual(new Date("2026-03-02T00:00:00Z"));
    expect(s.getCell("C2").numFmt).toBe("yyyy-mm-dd");
    expect(s.getCell("B4").value).toBeNull();
    expect(s.getCell("C4").value).toBe("不是日期");
    expect(s.getCell("D2").value).toBe(42);
    expect(s.getCell("D3").value).toBe(0.5);
    expect(s.getCell("E2").value).toBe(true);
    expect(s.getCell("E3").value).toBe(false);
    expect(s.getCell("F2").value).toBe(' a<b & "c" ');
    expect(s.getCell("F4").value).toBe("7");
    expect(s.getColumn(1).width).toBe(22);
    expect(s.rowCount).toBe(4);
    const empty = exceljs.worksheets[1] as ExcelJS.Worksheet;
    expect(empty.rowCount).toBe(1);
    expect(empty.getCell("A1").value).toBe("序号");
    const time = (sheetjs.Sheets["车辆_日志_1"] as XLSX.WorkSheet).B2 as XLSX.CellObject;
    expect(time.t).toBe("d");
    // SheetJS turns the serial back into a Date with float rounding (…04.999): compare seconds.
    expect(Math.round((time.v as Date).getTime() / 1000)).toBe(Date.parse("2026-03-02T00:30:05Z") / 1000);
  });

  it("writes a workbook with no sheet as one empty sheet (a file every reader opens)", async () => {
    const sink = memorySink();
    await new XlsxWriter(sink.out).finish();
    const { exceljs, sheetjs } = await readBoth(sink.bytes());
    expect(exceljs.worksheets).toHaveLength(1);
    expect(sheetjs.SheetNames).toEqual(["Sheet1"]);
  });

  it("rejects the next write once the file fails", async () => {
    const out = new Writable({
      write(_chunk, _enc, done) {
        done(new Error("磁盘已满"));
      },
    });
    const writer = new XlsxWriter(out);
    writer.startSheet("失败", [{ header: "随机", key: "noise" }]);
    const write = async () => {
      for (let b = 0; b < 1000; b++) {
        await writer.writeRows(Array.from({ length: 100 }, () => ({ noise: randomBytes(60).toString("base64") })));
      }
      await writer.finish();
    };
    await expect(write()).rejects.toThrow("磁盘已满");
  });

  it("names columns and times as Excel does", () => {
    expect([0, 25, 26, 701, 702].map(columnLetters)).toEqual(["A", "Z", "AA", "ZZ", "AAA"]);
    expect(excelSerial("1970-01-01 00:00:00")).toBe(25_569);
    expect(excelSerial(-8 * 3600 * 1000)).toBe(25_569);
    expect(excelSerial(Number.NaN)).toBeNull();
    expect(excelSerial(new Date(Number.NaN))).toBeNull();
    expect(excelSerial({})).toBeNull();
  });
});
