import ExcelJS from "exceljs";
import { defineHandler } from "../../defineHandler";
import { sendXlsx } from "../ner/template";
import { EXAMPLE_ROW, SIM_CARD_COLUMNS } from "./columns";

/** Excel's text format: an ICCID or number typed into it stays digits (no 8.98603E+19). */
const TEXT_FORMAT = "@";

/**
 * The SIM card import template: sheet 1 (SIM卡数据, the only sheet the import reads) holds the
 * header row and one example row, ICCID and MSISDN columns formatted as text; sheet 2 填写说明
 * says per column whether it is required and how to fill it.
 */
export async function simCardTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("SIM卡数据");
  sheet.columns = SIM_CARD_COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    ...(c.key === "iccid" || c.key === "msisdn" ? { style: { numFmt: TEXT_FORMAT } } : {}),
  }));
  sheet.addRow({ ...EXAMPLE_ROW });
  sheet.getRow(1).font = { bold: true };
  const help = workbook.addWorksheet("填写说明");
  help.columns = [
    { header: "列名", key: "header", width: 16 },
    { header: "是否必填", key: "required", width: 10 },
    { header: "填写说明", key: "hint", width: 70 },
  ];
  for (const c of SIM_CARD_COLUMNS)
    help.addRow({ header: c.header, required: c.required ? "必填" : "选填", hint: c.hint });
  help.addRow({});
  help.addRow({
    header: "说明",
    hint: "第1个工作表的第2行为示例，导入前请替换为实际数据；列名请勿修改。已存在的ICCID默认不导入，勾选“覆盖已有数据”时更新其可编辑字段。",
  });
  help.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** downloadSimCardTemplate: the import dialog's first step. */
export const downloadSimCardTemplate = defineHandler<"downloadSimCardTemplate">(async ({ reply }) =>
  sendXlsx(reply, "SIM卡数据导入模板.xlsx", await simCardTemplate()),
);
