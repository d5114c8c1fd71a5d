import {
  type LoanEdit,
  type LoanProblem,
  MSG_LOAN_EXISTS,
  MSG_LOAN_ORG_DISABLED,
  MSG_LOAN_ORG_UNKNOWN,
  MSG_LOAN_VEHICLE_FINANCED,
  MSG_LOAN_VEHICLE_UNKNOWN,
} from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { inTenants, type Principal } from "../../../platform/principal";
import "../registers/tables";
import "./tables";

/** What the loan rules read of the registers, for one loan or a whole import file. */
export interface LoanFacts {
  orgOf: Map<string, { code: string; active: boolean }>;
  /** The caller's vehicles among the VINs asked, with their tenant. */
  vehicles: Map<string, number>;
  /** Loans not settled by VIN (any tenant): a vehicle is financed once at a time. */
  openLoanOf: Map<string, string>;
  taken: Set<string>;
}

export async function loadLoanFacts(
  db: Kysely<Database>,
  p: Pick<Principal, "tenantIds">,
  vins: readonly string[],
  numbers: readonly string[],
): Promise<LoanFacts> {
  const orgs = await db
    .selectFrom("bss_finance_org")
    .select(["code", "name", "status"])
    .where(inTenants("bss_finance_org.tenant_id", p))
    .orderBy("code")
    .execute();
  const facts: LoanFacts = { orgOf: new Map(), vehicles: new Map(), openLoanOf: new Map(), taken: new Set() };
  for (const o of orgs) {
    const org = { code: o.code, active: o.status === "active" };
    facts.orgOf.set(o.code, org);
    if (!facts.orgOf.has(o.name)) facts.orgOf.set(o.name, org);
  }
  for (let i = 0; i < vins.length; i += 500) {
    const part = vins.slice(i, i + 500);
    for (const v of await db
      .selectFrom("vehicle")
      .select(["vin", "tenant_id"])
      .where("vin", "in", part)
      .where(inTenants("vehicle.tenant_id", p))
      .execute())
      facts.vehicles.set(v.vin, v.tenant_id);
    for (const l of await db
      .selectFrom("bss_loan")
      .select(["vin", "loan_no"])
      .where("vin", "in", part)
      .whereRef("repaid_periods", "<", "term_months")
      .execute())
      facts.openLoanOf.set(l.vin, l.loan_no);
  }
  for (let i = 0; i < numbers.length; i += 500)
    for (const l of await db
      .selectFrom("bss_loan")
      .select("loan_no")
      .where("loan_no", "in", numbers.slice(i, i + 500))
      .where(inTenants("bss_loan.tenant_id", p))
      .execute())
      facts.taken.add(l.loan_no);
  return facts;
}

export interface LoanFactProblem extends LoanProblem {
  status: 400 | 404 | 409;
}

/** The register rules of a loan: the caller's vehicle not financed by another loan, a known organisation in cooperation, a free number. */
export function loanFactProblems(
  e: LoanEdit,
  facts: LoanFacts,
  opts: { isNew: boolean; keptOrg?: string },
): LoanFactProblem[] {
  const out: LoanFactProblem[] = [];
  if (opts.isNew && facts.taken.has(e.loanNo)) out.push({ field: "loanNo", msg: MSG_LOAN_EXISTS, status: 409 });
  if (!facts.vehicles.has(e.vin)) out.push({ field: "vin", msg: MSG_LOAN_VEHICLE_UNKNOWN, status: 404 });
  else {
    const open = facts.openLoanOf.get(e.vin);
    if (open !== undefined && open !== e.loanNo && e.repaidPeriods < e.termMonths)
      out.push({ field: "vin", msg: MSG_LOAN_VEHICLE_FINANCED, status: 409 });
  }
  const org = facts.orgOf.get(e.financeOrgCode);
  if (!org) out.push({ field: "financeOrgCode", msg: MSG_LOAN_ORG_UNKNOWN, status: 400 });
  else if (!org.active && opts.keptOrg !== org.code)
    out.push({ field: "financeOrgCode", msg: MSG_LOAN_ORG_DISABLED, status: 400 });
  return out;
}
