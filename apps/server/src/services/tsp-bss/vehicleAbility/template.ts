import ExcelJS from "exceljs";
import { defineHandler } from "../../defineHandler";
import { must } from "../actor";
import { sendXlsx } from "../ner/template";
import { ABILITY_COLUMNS, EXAMPLE_MODEL_ID } from "./columns";
import { serviceCatalogue } from "./queries";

/**
 * The 车型能力 import template: sheet 1 (车型能力, the sheet the import reads) with the header
 * row and one example row; sheet 2 (填写说明) with how to fill each column and the service
 * catalogue the caller sees (code and name: either may be written).
 */
export async function abilityTemplate(catalogue: ReadonlyMap<string, string>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("车型能力");
  sheet.columns = ABILITY_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  const names = [...catalogue.values()];
  sheet.addRow({
    modelId: EXAMPLE_MODEL_ID,
    modelName: "示例车型（请删除本行）",
    services: names.slice(0, 3).join("、"),
  });
  sheet.getRow(1).font = { bold: true };
  const help = workbook.addWorksheet("填写说明");
  help.columns = [
    { header: "列名", key: "header", width: 14 },
    { header: "是否必填", key: "required", width: 10 },
    { header: "填写说明", key: "hint", width: 80 },
  ];
  for (const c of ABILITY_COLUMNS)
    help.addRow({ header: c.header, required: c.required ? "必填" : "选填", hint: c.hint });
  help.addRow({});
  help.addRow({
    header: "说明",
    hint: "每行覆盖该车型现有的全部服务；第1个工作表的第2行为示例，导入前请删除；列名请勿修改。",
  });
  help.addRow({});
  help.addRow({ header: "服务编码", required: "", hint: "服务名称" }).font = { bold: true };
  for (const [code, name] of catalogue) help.addRow({ header: code, hint: name });
  help.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** downloadModelAbilityTemplate: the import dialog's first step. */
export const downloadModelAbilityTemplate = defineHandler<"downloadModelAbilityTemplate">(
  async ({ reply, principal }, ctx) =>
    sendXlsx(reply, "车型能力导入模板.xlsx", await abilityTemplate(await serviceCatalogue(ctx.db, must(principal)))),
);
