import {
  checkSaleEdit,
  chinaDay,
  MSG_SALE_DUPLICATE_IN_FILE,
  parseSaleBuyerType,
  parseSaleUse,
  type SaleEdit,
  saleProblemText,
} from "@tsp/domain";
import { ok } from "../../../http/envelope";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import { IMPORT_DONE_MSG, type RowFailure, savingAll } from "../ner/imports";
import { cellValue, plainCells, readSheet, type SheetRow } from "../ner/sheet";
import { importUpload } from "../ner/upload";
import { EXAMPLE_VIN, SALE_COLUMNS } from "./columns";
import { writeNew } from "./edit";
import { loadSaleFacts, type SaleFacts, saleFactProblems } from "./facts";

const MSG_EXAMPLE_ROW = "这是模板的示例行，请替换为实际数据后导入";

function textOf(r: SheetRow, header: string): string | null | { lost: string } {
  const v = r.cells.get(header) ?? null;
  if (v === null || v === undefined) return null;
  if (typeof v === "number" && !Number.isSafeInteger(v))
    return { lost: `${header}被Excel存成了数字，末几位已丢失，请将该列设为文本后重新填写` };
  const s = v instanceof Date ? v.toISOString().slice(0, 10) : String(v).trim();
  return s === "" ? null : s;
}

/** One row as the sale it describes (what the form would submit), or why it cannot be read. */
function editOfRow(r: SheetRow, facts: SaleFacts): { edit: Record<string, unknown> } | { lost: string } {
  const edit: Record<string, unknown> = {};
  for (const c of SALE_COLUMNS) {
    const raw = r.cells.get(c.header) ?? null;
    if (c.key === "saleDate") edit[c.key] = cellValue(raw, "date");
    else if (c.key === "price") edit[c.key] = raw === null ? null : cellValue(raw, "number");
    else {
      const t = textOf(r, c.header);
      if (typeof t === "object" && t !== null) return t;
      const s = t ?? "";
      if (c.key === "buyerType") edit[c.key] = parseSaleBuyerType(s) ?? s;
      else if (c.key === "use") edit[c.key] = parseSaleUse(s) ?? s;
      else if (c.key === "dealerCode") edit[c.key] = facts.dealerOf.get(s) ?? s;
      else if (c.key === "pickupCode") edit[c.key] = t === null ? null : (facts.pickupOf.get(s) ?? s);
      else if (c.key === "remark") edit[c.key] = t;
      else edit[c.key] = c.key === "vin" ? s.toUpperCase() : s;
    }
  }
  return { edit };
}

/**
 * importVehicleSales: a dealer's monthly sales list. Each row is checked like a new sale
 * (@tsp/domain `checkSaleEdit`, the caller's vehicle, not sold yet, a known dealer and pick-up
 * point — by code or name) and against the file (a VIN once). Sales are never overwritten by
 * an import (a VIN is sold once; an edit or an undo is a deliberate act on one record).
 * Accepted rows are saved in ONE transaction with their history; refused rows are reported.
 */
export const importVehicleSales = defineHandler<"importVehicleSales">(async ({ request, principal }, ctx) => {
  const p = must(principal);
  const { buffer } = await importUpload(request);
  const rows = await readSheet(
    buffer,
    SALE_COLUMNS.map((c) => c.header),
    ["xlsx"],
  );
  const vins = [
    ...new Set(
      rows
        .map((r) =>
          String(r.cells.get("VIN") ?? "")
            .trim()
            .toUpperCase(),
        )
        .filter(Boolean),
    ),
  ];
  const facts = await loadSaleFacts(ctx.db, p, vins);
  const today = chinaDay(ctx.now().getTime());
  const failures: RowFailure[] = [];
  const accepted: SaleEdit[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const vin = String(r.cells.get("VIN") ?? "").trim();
    const fail = (reason: string) => failures.push({ row: r.row, vin, key: vin, reason, data: plainCells(r) });
    const parsed = editOfRow(r, facts);
    if ("lost" in parsed) {
      fail(parsed.lost);
      continue;
    }
    if (parsed.edit.vin === EXAMPLE_VIN) {
      fail(MSG_EXAMPLE_ROW);
      continue;
    }
    const c = checkSaleEdit(parsed.edit, today);
    if (!c.ok) {
      fail(saleProblemText(c.error));
      continue;
    }
    const problems = saleFactProblems(c.value, facts, true).map((x) => x.msg);
    if (seen.has(c.value.vin)) problems.unshift(MSG_SALE_DUPLICATE_IN_FILE);
    if (problems.length > 0) {
      fail(problems.join("；"));
      continue;
    }
    seen.add(c.value.vin);
    accepted.push(c.value);
  }
  if (accepted.length > 0) {
    const actor = await actorOf(p, ctx);
    const nowMs = ctx.now().getTime();
    await savingAll(() => ctx.db.transaction().execute((trx) => writeNew(trx, p, actor, nowMs, accepted, "import")));
  }
  return ok({ all: rows.length, success: accepted.length, failed: failures.length, rows: failures }, IMPORT_DONE_MSG);
});
