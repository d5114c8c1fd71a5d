import {
  checkLeaseEdit,
  type LeaseContractEdit,
  leaseProblemText,
  MSG_LEASE_DUPLICATE_IN_FILE,
  msgLeaseOverlap,
  overlappingLease,
  parseLesseeType,
} from "@tsp/domain";
import { ok } from "../../../http/envelope";
import { defineHandler } from "../../defineHandler";
import { actorOf, must } from "../actor";
import { IMPORT_DONE_MSG, type RowFailure, savingAll } from "../ner/imports";
import { cellValue, plainCells, readSheet, type SheetRow } from "../ner/sheet";
import { importUpload } from "../ner/upload";
import { EXAMPLE_CONTRACT_NO, LEASE_COLUMNS } from "./columns";
import { writeNew } from "./edit";
import { type LeaseFacts, leaseFactProblems, loadLeaseFacts } from "./facts";

const MSG_EXAMPLE_ROW = "这是模板的示例行，请替换为实际数据后导入";
const HEADER_NO = LEASE_COLUMNS[0]?.header as string;
const HEADER_VIN = LEASE_COLUMNS[1]?.header as string;

function textOf(r: SheetRow, header: string): string | null | { lost: string } {
  const v = r.cells.get(header) ?? null;
  if (v === null || v === undefined) return null;
  if (typeof v === "number" && !Number.isSafeInteger(v))
    return { lost: `${header}被Excel存成了数字，末几位已丢失，请将该列设为文本后重新填写` };
  const s = v instanceof Date ? v.toISOString().slice(0, 10) : String(v).trim();
  return s === "" ? null : s;
}

/** One row as the contract it describes (what the form would submit), or why it cannot be read. */
function editOfRow(r: SheetRow, facts: LeaseFacts): { edit: Record<string, unknown> } | { lost: string } {
  const edit: Record<string, unknown> = {};
  for (const c of LEASE_COLUMNS) {
    const raw = r.cells.get(c.header) ?? null;
    if (c.key === "startDate" || c.key === "endDate") edit[c.key] = cellValue(raw, "date");
    else if (c.key === "monthlyRent" || c.key === "deposit")
      edit[c.key] = raw === null ? null : cellValue(raw, "number");
    else {
      const t = textOf(r, c.header);
      if (typeof t === "object" && t !== null) return t;
      const s = t ?? "";
      if (c.key === "lesseeType") edit[c.key] = parseLesseeType(s) ?? s;
      else if (c.key === "leaseOrgCode") edit[c.key] = facts.orgOf.get(s)?.code ?? s;
      else if (c.key === "remark") edit[c.key] = t;
      else edit[c.key] = c.key === "vin" ? s.toUpperCase() : s;
    }
  }
  return { edit };
}

const cell = (r: SheetRow, header: string) => String(r.cells.get(header) ?? "").trim();

/**
 * importLeaseContracts: a lessor's contract book. Each row is checked like a new contract and
 * against the file; all or nothing — one refused row and nothing is saved (the report lists
 * every refused row), else every row is saved in one transaction with its history.
 */
export const importLeaseContracts = defineHandler<"importLeaseContracts">(async ({ request, principal }, ctx) => {
  const p = must(principal);
  const { buffer } = await importUpload(request);
  const rows = await readSheet(
    buffer,
    LEASE_COLUMNS.map((c) => c.header),
    ["xlsx"],
  );
  const vins = [...new Set(rows.map((r) => cell(r, HEADER_VIN).toUpperCase()).filter(Boolean))];
  const numbers = [...new Set(rows.map((r) => cell(r, HEADER_NO)).filter(Boolean))];
  const facts = await loadLeaseFacts(ctx.db, p, vins, numbers);
  const failures: RowFailure[] = [];
  const accepted: { edit: LeaseContractEdit; tenantId: number }[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const key = cell(r, HEADER_NO);
    const vin = cell(r, HEADER_VIN).toUpperCase();
    const fail = (reason: string) => failures.push({ row: r.row, vin, key, reason, data: plainCells(r) });
    const parsed = editOfRow(r, facts);
    if ("lost" in parsed) {
      fail(parsed.lost);
      continue;
    }
    if (parsed.edit.contractNo === EXAMPLE_CONTRACT_NO) {
      fail(MSG_EXAMPLE_ROW);
      continue;
    }
    const c = checkLeaseEdit(parsed.edit);
    if (!c.ok) {
      fail(leaseProblemText(c.error));
      continue;
    }
    const problems = leaseFactProblems(c.value, facts, { isNew: true }).map((x) => x.msg);
    if (seen.has(c.value.contractNo)) problems.unshift(MSG_LEASE_DUPLICATE_IN_FILE);
    else {
      const inFile = accepted
        .filter((a) => a.edit.vin === c.value.vin)
        .map((a) => ({ ...a.edit, returnDate: null, renewedTo: null }));
      const other = overlappingLease(c.value, inFile);
      if (other !== null) problems.push(msgLeaseOverlap(other));
    }
    seen.add(c.value.contractNo);
    if (problems.length > 0) {
      fail(problems.join("；"));
      continue;
    }
    accepted.push({ edit: c.value, tenantId: facts.vehicles.get(c.value.vin) as number });
  }
  // All or nothing: a contract book is filed whole.
  if (failures.length === 0 && accepted.length > 0) {
    const actor = await actorOf(p, ctx);
    const nowMs = ctx.now().getTime();
    await savingAll(() => ctx.db.transaction().execute((trx) => writeNew(trx, actor, nowMs, accepted, "import")));
  }
  const saved = failures.length === 0 ? accepted.length : 0;
  return ok({ all: rows.length, success: saved, failed: failures.length, rows: failures }, IMPORT_DONE_MSG);
});
