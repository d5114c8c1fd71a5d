import { parseDay } from "@tsp/domain";
import { ok } from "../../../http/envelope";
import { defineHandler } from "../../defineHandler";
import { actorOf } from "../../tsp-bss/actor";
import type { RowFailure } from "../../tsp-bss/ner/imports";
import { plainCells, readSheet } from "../../tsp-bss/ner/sheet";
import { sendXlsx } from "../../tsp-bss/ner/template";
import { importUpload } from "../../tsp-bss/ner/upload";
import { templateOf } from "../../tsp-bss/tbox/sheet";
import { subscribe } from "./subscriptions";

const COLUMNS = [
  { key: "vin", header: "VIN", required: true, hint: "17 位车架号，须为本租户的车辆", width: 22, text: true },
  { key: "package", header: "服务包", required: true, hint: "车控服务管理中已有的服务包名称", width: 16, text: true },
  { key: "start", header: "开始日期", required: false, hint: "yyyy-MM-dd；不填为导入当天", width: 14, text: true },
];
const EXAMPLE = { vin: "LGXCE4CB2S0000123", package: "基础车控包", start: "2026-01-01" };

/** A date cell as exceljs reads it (a Date at the day's UTC midnight) or typed text, as a UTC+8 day; null when neither. */
function startDayOf(cell: unknown, today: number): number | null {
  if (cell === null || cell === undefined || String(cell).trim() === "") return today;
  if (cell instanceof Date) return parseDay(cell.toISOString().slice(0, 10));
  return parseDay(String(cell));
}

/**
 * importCarControlSubscriptions: each row subscribed as addCarControlSubscription would, or
 * reported with its Excel row number and reason; rows are independent (the good ones are kept).
 * The example row left in is skipped.
 */
export const importCarControlSubscriptions = defineHandler<"importCarControlSubscriptions">(
  async ({ request, principal }, ctx) => {
    const { buffer } = await importUpload(request);
    const rows = (await readSheet(buffer, ["VIN", "服务包"], ["xlsx"])).filter(
      (r) => String(r.cells.get("VIN") ?? "").trim() !== EXAMPLE.vin,
    );
    const actor = await actorOf(principal, ctx);
    const failures: RowFailure[] = [];
    const seen = new Set<string>();
    let success = 0;
    for (const row of rows) {
      const vin = String(row.cells.get("VIN") ?? "")
        .trim()
        .toUpperCase();
      const packageName = String(row.cells.get("服务包") ?? "").trim();
      const startDay = startDayOf(row.cells.get("开始日期"), ctx.now().getTime());
      const refuse = (reason: string) => failures.push({ row: row.row, vin, reason, data: plainCells(row) });
      if (vin === "") refuse("请填写VIN");
      else if (seen.has(vin)) refuse("VIN在文件中重复");
      else if (packageName === "") refuse("请填写服务包");
      else if (startDay === null) refuse("开始日期须为 yyyy-MM-dd 格式的日期");
      else {
        seen.add(vin);
        const r = await subscribe(ctx, principal, { vin, packageName, startDay }, actor.updateName);
        if (r.ok) success += 1;
        else refuse(r.msg);
      }
    }
    return ok({ all: rows.length, success, failed: failures.length, rows: failures });
  },
);

export const downloadCarControlTemplate = defineHandler<"downloadCarControlTemplate">(async ({ reply }) =>
  sendXlsx(
    reply,
    "车控服务订阅导入模板.xlsx",
    await templateOf(
      "车控服务订阅",
      COLUMNS,
      EXAMPLE,
      "第1个工作表的第2行为示例（导入时跳过），请在其下逐行填写；列名请勿修改。每行单独导入：有误的行在结果中列出原因，其余照常开通。已有生效中服务的车辆请在列表中续期。",
    ),
  ),
);
