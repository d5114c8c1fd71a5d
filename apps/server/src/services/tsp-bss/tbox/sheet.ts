import { chinaDateTime as chinaTime } from "@tsp/domain";
import ExcelJS from "exceljs";
import type { ExportColumn } from "../../../platform/exports/exporter";

/**
 * One column of a register's sheet (T-BOX, retail sales): the field it fills, its header, how
 * to fill it. One list per register is the import's header row, the template's and the first
 * columns of the export, so the three cannot drift apart and an export is a filled template.
 */
export interface SheetColumn<K extends string = string> {
  key: K;
  header: string;
  required: boolean;
  /** How to fill it, for the template's 填写说明 sheet. */
  hint: string;
  width: number;
  /** A long number typed as text (serial, ICCID, IMEI, ID number): the template formats it as text. */
  text?: boolean;
}

/** Excel's text format: a long number typed into it stays digits (no 8.98603E+19). */
const TEXT_FORMAT = "@";

/** The template: sheet 1 (the only one the import reads) with the headers and one example row, sheet 2 填写说明. */
export async function templateOf(
  title: string,
  columns: readonly SheetColumn[],
  example: Record<string, string | number>,
  note: string,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title);
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    ...(c.text ? { style: { numFmt: TEXT_FORMAT } } : {}),
  }));
  sheet.addRow(example);
  sheet.getRow(1).font = { bold: true };
  const help = workbook.addWorksheet("填写说明");
  help.columns = [
    { header: "列名", key: "header", width: 18 },
    { header: "是否必填", key: "required", width: 10 },
    { header: "填写说明", key: "hint", width: 80 },
  ];
  for (const c of columns) help.addRow({ header: c.header, required: c.required ? "必填" : "选填", hint: c.hint });
  help.addRow({});
  help.addRow({ header: "说明", hint: note });
  help.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The export's columns: the template's, then what the register knows but an import does not set. */
export const exportColumnsOf = (columns: readonly SheetColumn[], trailer: readonly ExportColumn[]): ExportColumn[] => [
  ...columns.map((c) => ({ header: c.header, key: c.key, width: c.width })),
  ...trailer,
];

/** yyyy-MM-dd HH:mm:ss in China time, as the console shows change times. */
export const chinaDateTime = (ms: number) => (ms > 0 ? chinaTime(ms) : "");
