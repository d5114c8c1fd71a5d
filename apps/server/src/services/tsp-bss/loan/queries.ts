import { type LoanEdit, loanState, maskLesseeIdNo, maskLesseePhone } from "@tsp/domain";
import { type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { notFound } from "../../../http/envelope";
import { where } from "../../../platform/listQuery";
import type { DataOf, QueryOf } from "../../defineHandler";
import "../registers/tables";
import "./tables";

export type LoanRecord = DataOf<"listLoans">["list"][number];
export type LoanFilter = QueryOf<"exportLoans">;

export function loanBase(db: Kysely<Database>) {
  return db.selectFrom("bss_loan as l").innerJoin("vehicle as v", "v.vin", "l.vin");
}
type Base = ReturnType<typeof loanBase>;

/** The next unpaid instalment's due day in SQL (the same calendar as @tsp/domain `loanDueDay`). */
const nextDue = sql`(l.start_date::date + make_interval(months => l.repaid_periods + 1))::date`;

/** The schedule-state filter in SQL: the same derivation as @tsp/domain `loanState`. */
function stateIs(state: LoanFilter["state"], today: string) {
  switch (state) {
    case "settled":
      return sql<SqlBool>`l.repaid_periods >= l.term_months`;
    case "overdue":
      return sql<SqlBool>`l.repaid_periods < l.term_months and ${nextDue} < ${today}::date`;
    case "normal":
      return sql<SqlBool>`l.repaid_periods < l.term_months and ${nextDue} >= ${today}::date`;
    default:
      return undefined;
  }
}

export function filteredLoans(db: Kysely<Database>, tenantIds: readonly number[], f: LoanFilter, today: string): Base {
  return where(loanBase(db), {
    tenant: ["l.tenant_id", { tenantIds }],
    filters: (x) => [
      x.contains("l.loan_no", f.loanNo),
      x.contains("l.vin", f.vin),
      x.exact("l.finance_org_code", f.financeOrgCode),
      x.contains("l.borrower_name", f.borrowerName),
      x.exact("l.restriction", f.restriction),
      stateIs(f.state, today),
    ],
  });
}

/** The columns of a loan, with its organisation's name as the viewer sees it. */
export const selectLoan = (tenantIds: readonly number[]) => (q: Base) =>
  q.select((eb) => [
    eb
      .selectFrom("bss_finance_org as o")
      .select("o.name")
      .whereRef("o.code", "=", "l.finance_org_code")
      .where("o.tenant_id", "in", [...tenantIds])
      .orderBy("o.tenant_id")
      .limit(1)
      .as("finance_org_name"),
    "l.tenant_id",
    "l.loan_no",
    "l.vin",
    "v.plate",
    "l.finance_org_code",
    "l.borrower_type",
    "l.borrower_name",
    "l.borrower_phone",
    "l.borrower_id_no",
    "l.principal",
    "l.term_months",
    "l.start_date",
    "l.repaid_periods",
    "l.restriction",
    "l.restriction_reason",
    "l.restriction_requested_by",
    "l.restriction_requested_at",
    "l.restriction_reviewed_by",
    "l.restriction_reviewed_at",
    "l.restriction_note",
    "l.updated_at",
    "l.update_name",
  ]);
export type LoanRow = Awaited<ReturnType<ReturnType<ReturnType<typeof selectLoan>>["executeTakeFirstOrThrow"]>>;

const msOrNull = (v: number | string | null) => (v === null ? null : Number(v));

/** A loan as the list answers it: the borrower's phone and certificate masked (the detail shows them whole). */
export function toLoan(r: LoanRow, today: string, whole = false): LoanRecord {
  const s = loanState({ termMonths: r.term_months, startDate: r.start_date, repaidPeriods: r.repaid_periods }, today);
  return {
    loanNo: r.loan_no,
    vin: r.vin,
    plateNo: r.plate ?? null,
    financeOrgCode: r.finance_org_code,
    financeOrgName: r.finance_org_name ?? r.finance_org_code,
    borrowerType: r.borrower_type,
    borrowerName: r.borrower_name,
    borrowerPhone: whole ? r.borrower_phone : maskLesseePhone(r.borrower_phone),
    borrowerIdNo: whole ? r.borrower_id_no : maskLesseeIdNo(r.borrower_id_no),
    principal: Number(r.principal),
    termMonths: r.term_months,
    startDate: r.start_date,
    repaidPeriods: r.repaid_periods,
    state: s.state,
    overdueDays: s.overdueDays,
    nextDue: s.nextDue,
    restriction: r.restriction,
    restrictionReason: r.restriction_reason,
    restrictionRequestedBy: r.restriction_requested_by,
    restrictionRequestedAt: msOrNull(r.restriction_requested_at),
    restrictionReviewedBy: r.restriction_reviewed_by,
    restrictionReviewedAt: msOrNull(r.restriction_reviewed_at),
    restrictionNote: r.restriction_note,
    updatedAt: Number(r.updated_at),
    updateName: r.update_name,
  };
}

export async function readLoan(
  db: Kysely<Database>,
  tenantIds: readonly number[],
  loanNo: string,
  today: string,
  whole = false,
) {
  const row = await selectLoan(tenantIds)(filteredLoans(db, tenantIds, {}, today))
    .where("l.loan_no", "=", loanNo)
    .orderBy("l.tenant_id")
    .executeTakeFirst();
  if (!row) throw notFound("贷款记录不存在");
  return toLoan(row, today, whole);
}

export const loanColumnsOf = (e: LoanEdit) => ({
  vin: e.vin,
  finance_org_code: e.financeOrgCode,
  borrower_type: e.borrowerType,
  borrower_name: e.borrowerName,
  borrower_phone: e.borrowerPhone,
  borrower_id_no: e.borrowerIdNo,
  principal: e.principal,
  term_months: e.termMonths,
  start_date: e.startDate,
  repaid_periods: e.repaidPeriods,
});
