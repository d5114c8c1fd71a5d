import {
  checkLoanEdit,
  chinaDay,
  type LoanEdit,
  MSG_LOAN_DUPLICATE_IN_FILE,
  MSG_LOAN_VEHICLE_FINANCED,
  parseLesseeType,
} from "@tsp/domain";
import { ok } from "../../../http/envelope";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import { IMPORT_DONE_MSG, type RowFailure, savingAll } from "../ner/imports";
import { cellValue, plainCells, readSheet, type SheetRow } from "../ner/sheet";
import { importUpload } from "../ner/upload";
import { EXAMPLE_LOAN_NO, LOAN_COLUMNS } from "./columns";
import { writeNew } from "./edit";
import { type LoanFacts, loadLoanFacts, loanFactProblems } from "./facts";

const MSG_EXAMPLE_ROW = "这是模板的示例行，请替换为实际数据后导入";
const HEADER_NO = LOAN_COLUMNS[0]?.header as string;
const HEADER_VIN = LOAN_COLUMNS[1]?.header as string;
const NUMBERS = new Set(["principal", "termMonths", "repaidPeriods"]);

function editOfRow(r: SheetRow, facts: LoanFacts): { edit: Record<string, unknown> } | { lost: string } {
  const edit: Record<string, unknown> = {};
  for (const c of LOAN_COLUMNS) {
    const raw = r.cells.get(c.header) ?? null;
    if (c.key === "startDate") edit[c.key] = cellValue(raw, "date");
    else if (NUMBERS.has(c.key)) edit[c.key] = raw === null ? null : cellValue(raw, "number");
    else {
      if (typeof raw === "number" && !Number.isSafeInteger(raw))
        return { lost: `${c.header}被Excel存成了数字，末几位已丢失，请将该列设为文本后重新填写` };
      const s = raw === null ? "" : raw instanceof Date ? raw.toISOString().slice(0, 10) : String(raw).trim();
      if (c.key === "borrowerType") edit[c.key] = parseLesseeType(s) ?? s;
      else if (c.key === "financeOrgCode") edit[c.key] = facts.orgOf.get(s)?.code ?? s;
      else edit[c.key] = c.key === "vin" ? s.toUpperCase() : s;
    }
  }
  return { edit };
}

const cell = (r: SheetRow, header: string) => String(r.cells.get(header) ?? "").trim();

/** importLoans: a lender's book of loans, all or nothing, every refused row reported. */
export const importLoans = defineHandler<"importLoans">(async ({ request, principal }, ctx) => {
  const p = must(principal);
  const { buffer } = await importUpload(request);
  const rows = await readSheet(
    buffer,
    LOAN_COLUMNS.map((c) => c.header),
    ["xlsx"],
  );
  const vins = [...new Set(rows.map((r) => cell(r, HEADER_VIN).toUpperCase()).filter(Boolean))];
  const numbers = [...new Set(rows.map((r) => cell(r, HEADER_NO)).filter(Boolean))];
  const facts = await loadLoanFacts(ctx.db, p, vins, numbers);
  const today = chinaDay(ctx.now().getTime());
  const failures: RowFailure[] = [];
  const accepted: { edit: LoanEdit; tenantId: number }[] = [];
  const seen = new Set<string>();
  const financed = new Set<string>();
  for (const r of rows) {
    const key = cell(r, HEADER_NO);
    const vin = cell(r, HEADER_VIN).toUpperCase();
    const fail = (reason: string) => failures.push({ row: r.row, vin, key, reason, data: plainCells(r) });
    const parsed = editOfRow(r, facts);
    if ("lost" in parsed) {
      fail(parsed.lost);
      continue;
    }
    if (parsed.edit.loanNo === EXAMPLE_LOAN_NO) {
      fail(MSG_EXAMPLE_ROW);
      continue;
    }
    const c = checkLoanEdit(parsed.edit, today);
    if (!c.ok) {
      fail(c.error.map((x) => x.msg).join("；"));
      continue;
    }
    const problems = loanFactProblems(c.value, facts, { isNew: true }).map((x) => x.msg);
    if (seen.has(c.value.loanNo)) problems.unshift(MSG_LOAN_DUPLICATE_IN_FILE);
    else if (c.value.repaidPeriods < c.value.termMonths && financed.has(c.value.vin))
      problems.push(MSG_LOAN_VEHICLE_FINANCED);
    seen.add(c.value.loanNo);
    if (problems.length > 0) {
      fail(problems.join("；"));
      continue;
    }
    if (c.value.repaidPeriods < c.value.termMonths) financed.add(c.value.vin);
    accepted.push({ edit: c.value, tenantId: facts.vehicles.get(c.value.vin) as number });
  }
  if (failures.length === 0 && accepted.length > 0) {
    const actor = await actorOf(p, ctx);
    const nowMs = ctx.now().getTime();
    await savingAll(() => ctx.db.transaction().execute((trx) => writeNew(trx, actor, nowMs, accepted, "import")));
  }
  const saved = failures.length === 0 ? accepted.length : 0;
  return ok({ all: rows.length, success: saved, failed: failures.length, rows: failures }, IMPORT_DONE_MSG);
});
