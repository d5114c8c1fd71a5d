import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { editProblem } from "./editSchemas";
import { GROUP_LIST } from "./groups";
import { groupProblem } from "./rules";
import { cellValue, readSheet } from "./sheet";
import { requiredHeaders, templateColumns, templateWorkbook } from "./template";

/** The template's sheets read back: name → rows of plain cell values. */
async function sheetsOf(buffer: Buffer): Promise<Map<string, unknown[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const out = new Map<string, unknown[][]>();
  for (const sheet of workbook.worksheets) {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    out.set(sheet.name, rows);
  }
  return out;
}

describe.each(GROUP_LIST)("the import template of $title", (def) => {
  it("offers every column the import reads, VIN first, and requires a subset of them", () => {
    const headers = templateColumns(def).map((c) => c.header);
    expect(headers).toEqual(["VIN", ...def.fields.map((f) => f.label)]);
    for (const h of requiredHeaders(def)) expect(headers).toContain(h);
    expect(requiredHeaders(def)[0]).toBe("VIN");
  });

  it("writes the header row and an example row the import reads back as a valid record", async () => {
    const buffer = await templateWorkbook(def.group);
    const sheets = await sheetsOf(buffer);
    expect([...sheets.keys()]).toEqual([def.title, "填写说明"]);
    // The import's own reader takes the template without complaint.
    const rows = await readSheet(buffer, requiredHeaders(def));
    expect(rows).toHaveLength(1);
    const row = rows[0];
    if (!row) throw new Error("no example row");
    const record: Record<string, unknown> = {};
    for (const c of templateColumns(def)) {
      const value = cellValue(row.cells.get(c.header) ?? null, c.kind);
      if (value !== undefined) record[c.key] = value;
    }
    expect(editProblem(def.group, record)).toBeNull();
    // Rules that need no database (the terminal's serial and card checks read it; the contract test imports those).
    if (def.group !== "terminalInfo") {
      const noDb = null as unknown as Parameters<typeof groupProblem>[0];
      expect(await groupProblem(noDb, def.group, String(record.vin), 1, record)).toBeNull();
    }
  });

  it("says for every column whether it is required, with the values openapi allows", async () => {
    const notes = (await sheetsOf(await templateWorkbook(def.group))).get("填写说明") ?? [];
    const columns = templateColumns(def);
    expect(notes.slice(1, columns.length + 1).map((r) => [r[0], r[1]])).toEqual(
      columns.map((c) => [c.header, c.required ? "必填" : "选填"]),
    );
    if (def.group === "batteryInfo") {
      const type = notes.find((r) => r[0] === "电池类型");
      expect(String(type?.[2])).toContain("取值：磷酸铁锂、三元锂");
    }
  });
});
