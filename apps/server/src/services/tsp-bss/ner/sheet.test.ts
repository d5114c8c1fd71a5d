import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { cellValue, readSheet } from "./sheet";

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

  it("names the missing columns of another template", async () => {
    await expect(readSheet(await xlsxOf(["VIN"], [["A"]]), ["VIN", "电池型号", "电池类型"])).rejects.toThrow(
      "导入模板不正确，缺少列：电池型号、电池类型",
    );
  });
});
