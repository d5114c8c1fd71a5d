import { ok } from "../../../http/envelope";
import { defineHandler } from "../../defineHandler";
import { must } from "../actor";
import type { RowFailure } from "../ner/imports";
import { plainCells, readSheet } from "../ner/sheet";
import { sendXlsx } from "../ner/template";
import { importUpload } from "../ner/upload";
import { templateOf } from "../tbox/sheet";
import { addMembers } from "./groups";

const COLUMNS = [
  { key: "vin", header: "VIN", required: true, hint: "17 位车架号，须为本租户的车辆；一行一辆", width: 22, text: true },
];
const EXAMPLE_VIN = "LGXCE4CB2S0000123";

/**
 * importVehicleGroupMembers: the template's VIN column, each row added or reported with its
 * Excel row number and reason (the rows are independent: the good ones are kept). The example
 * row left in is skipped.
 */
export const importVehicleGroupMembers = defineHandler<"importVehicleGroupMembers">(
  async ({ request, query, principal }, ctx) => {
    const p = must(principal);
    const { buffer } = await importUpload(request);
    const rows = (await readSheet(buffer, ["VIN"], ["xlsx", "xls"])).filter(
      (r) => String(r.cells.get("VIN") ?? "").trim() !== EXAMPLE_VIN,
    );
    const report = await addMembers(
      ctx,
      p,
      query.groupId,
      rows.map((r) => String(r.cells.get("VIN") ?? "").trim()),
    );
    const failures: RowFailure[] = report.refused.map((f) => {
      const row = rows[f.index];
      return { row: row?.row ?? 2, vin: f.vin, reason: f.msg, ...(row ? { data: plainCells(row) } : {}) };
    });
    return ok({ all: rows.length, success: report.added.length, failed: failures.length, rows: failures });
  },
);

export const downloadVehicleGroupTemplate = defineHandler<"downloadVehicleGroupTemplate">(async ({ reply }) =>
  sendXlsx(
    reply,
    "车辆分组导入模板.xlsx",
    await templateOf(
      "车辆",
      COLUMNS,
      { vin: EXAMPLE_VIN },
      "第1个工作表的第2行为示例（导入时跳过），请在其下逐行填写VIN；列名请勿修改。每行单独导入：有误的行在结果中列出原因，其余照常加入分组。",
    ),
  ),
);
