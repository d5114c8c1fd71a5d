import ExcelJS from "exceljs";
import type { FastifyReply } from "fastify";
import type { Handler } from "../../types";
import type { NerGroup } from "../tables";
import { editFieldSchemas } from "./editSchemas";
import { type CellKind, GROUPS, type GroupDef } from "./groups";

/** The MIME type of an .xlsx (openapi components Xlsx). */
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** One column of a group's sheet: header text, the record field it fills, how a cell is read. */
export interface TemplateColumn {
  header: string;
  /** `vin`, or the field of the group's Edit schema. */
  key: string;
  kind: CellKind;
  /** Whether a row without a value is rejected (the Edit schema requires a value). */
  required: boolean;
}

/**
 * The columns of a group's sheet, in order: VIN, then every field of the group. This one list
 * is the import's header row (what `importNer<Group>Info` reads), the template's header row
 * (`downloadNer<Group>Template`) and the first columns of the group's export — so a template,
 * an export and the import cannot drift apart.
 */
export function templateColumns(def: GroupDef): TemplateColumn[] {
  return [
    { header: "VIN", key: "vin", kind: "string", required: true },
    ...def.fields.map((f) => ({
      header: f.label,
      key: f.field,
      kind: f.kind,
      // An empty text/number cell is left out of the record, so the Edit schema says 必填;
      // empty nullable text, dates and lists become null / [] and pass.
      required: f.kind === "string" || f.kind === "number" || f.kind === "integer",
    })),
  ];
}

/**
 * Headers an import file must have: VIN and the columns of required text fields. Numeric
 * columns are required as values, not as headers, so a sheet without one reports per row
 * (应为数字 / 必填) instead of refusing the whole file — the behaviour imports always had.
 */
export function requiredHeaders(def: GroupDef): string[] {
  return templateColumns(def)
    .filter((c) => c.required && c.kind === "string")
    .map((c) => c.header);
}

/** A cell of the example row: a valid VIN of the openapi examples (no vehicle of any tenant), then the field examples. */
export const EXAMPLE_VIN = "LGXCE4CB2S0000123";

/** How to fill a column, in Chinese, for the 填写说明 sheet: the kind, and the values or pattern the Edit schema allows. */
function hintOf(def: GroupDef, column: TemplateColumn): string {
  if (column.key === "vin") return "17位车辆识别代号（含校验位），须为本单位车辆";
  const schema = editFieldSchemas(def.group)[column.key] ?? {};
  const parts: string[] = [];
  const kindText: Record<CellKind, string> = {
    string: "文本",
    nullableString: "文本",
    number: "数字",
    integer: "整数",
    date: "日期，格式 yyyy-MM-dd",
    list: "多个值用逗号分隔",
  };
  parts.push(kindText[column.kind]);
  if (Array.isArray(schema.enum)) parts.push(`取值：${schema.enum.join("、")}`);
  if (typeof schema.maxLength === "number") parts.push(`最多${schema.maxLength}个字符`);
  return parts.join("；");
}

/**
 * The template workbook of a group: sheet 1 (the group's title) holds the header row and one
 * example row — the import reads only the first sheet; sheet 2 填写说明 says per column
 * whether it is required and how to fill it.
 */
export async function templateWorkbook(group: NerGroup): Promise<Buffer> {
  const def = GROUPS[group];
  const columns = templateColumns(def);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(def.title);
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.key === "vin" ? 22 : 18 }));
  const example: Record<string, unknown> = { vin: EXAMPLE_VIN };
  for (const f of def.fields) example[f.field] = f.example;
  sheet.addRow(example);
  sheet.getRow(1).font = { bold: true };
  const help = workbook.addWorksheet("填写说明");
  help.columns = [
    { header: "列名", key: "header", width: 22 },
    { header: "是否必填", key: "required", width: 10 },
    { header: "填写说明", key: "hint", width: 60 },
  ];
  for (const c of columns)
    help.addRow({ header: c.header, required: c.required ? "必填" : "选填", hint: hintOf(def, c) });
  help.addRow({});
  help.addRow({ header: "说明", hint: "第1个工作表的第2行为示例，导入前请替换为实际数据；列名请勿修改。" });
  help.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Answers an .xlsx as a download (openapi components Xlsx: attachment, UTF-8 file name, nosniff). */
export function sendXlsx(reply: FastifyReply, fileName: string, buffer: Buffer): FastifyReply {
  return reply
    .header("content-type", XLSX_TYPE)
    .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header("x-content-type-options", "nosniff")
    .send(buffer);
}

/**
 * downloadNer<Group>Template (x-designed): the import dialog's first step for a group import.
 * The spec names only the vehicle model template; every import dialog starts with a download.
 */
const downloadTemplate =
  (group: NerGroup): Handler =>
  async ({ reply }) =>
    sendXlsx(reply, `${GROUPS[group].title}导入模板.xlsx`, await templateWorkbook(group));

export const downloadNerVehicleInfoTemplate = downloadTemplate("vehicleInfo");
export const downloadNerBatteryInfoTemplate = downloadTemplate("batteryInfo");
export const downloadNerDriveInfoTemplate = downloadTemplate("driveInfo");
export const downloadNerTerminalInfoTemplate = downloadTemplate("terminalInfo");
