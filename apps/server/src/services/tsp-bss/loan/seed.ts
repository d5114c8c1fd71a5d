import { chinaDay, leaseAddMonths, loanPeriodsDue } from "@tsp/domain";
import type { Insertable } from "kysely";
import { createRng } from "../../../seed/rng";
import type { SeedContext } from "../../types";
import { creditCode } from "../seed/identifiers";
import { COMPANIES, person } from "../seed/people";
import type { LoanLogTable, LoanTable } from "./tables";
import "../registers/tables";

const REGIONS = ["440305", "440106", "310115", "510116", "420112", "370114"];
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/**
 * Loans on about half of the demo tenant's vehicles, from its finance organisations in
 * cooperation: most repaid as due (正常), some settled, some overdue by a few days to months —
 * two of those with a restriction request (one 待处理, one 已执行). A PRNG of its own.
 */
export async function seedLoans(ctx: SeedContext): Promise<void> {
  const rng = createRng(31_2026);
  const today = chinaDay(ctx.now.getTime());
  const nowMs = ctx.now.getTime();
  const [demo] = ctx.tenantIds as [number];
  const vehicles = await ctx.db
    .selectFrom("vehicle")
    .select("vin")
    .where("tenant_id", "=", demo)
    .orderBy("vin")
    .execute();
  const orgs = await ctx.db
    .selectFrom("bss_finance_org")
    .select("code")
    .where("tenant_id", "=", demo)
    .where("status", "=", "active")
    .orderBy("code")
    .execute();
  if (orgs.length === 0) return;
  const loans: Insertable<LoanTable>[] = [];
  const logs: Insertable<LoanLogTable>[] = [];
  let overdue = 0;
  vehicles.forEach((v, i) => {
    if (i % 2 === 1) return;
    const company = rng.next() < 0.5;
    const termMonths = rng.pick([12, 24, 36, 48]);
    const startDate = leaseAddMonths(today, -rng.int(2, Math.min(termMonths + 6, 40)));
    const due = loanPeriodsDue({ termMonths, startDate, repaidPeriods: 0 }, today);
    const kind = i % 10;
    // 0, 2, 4: as due; 6: settled early; 8: behind by 1–3 instalments.
    const repaid = kind === 6 ? termMonths : kind === 8 ? Math.max(0, due - rng.int(1, 3)) : due;
    const isOverdue = repaid < due;
    const restriction = isOverdue ? (overdue++ === 0 ? "pending" : overdue === 2 ? "executed" : "none") : "none";
    const at = nowMs - rng.int(1, 20) * 86_400_000;
    const loanNo = `DK${startDate.slice(0, 7).replace("-", "")}-${String(loans.length + 1).padStart(4, "0")}`;
    loans.push({
      tenant_id: demo,
      loan_no: loanNo,
      vin: v.vin,
      finance_org_code: rng.pick(orgs).code,
      borrower_type: company ? "company" : "person",
      borrower_name: company ? `${rng.pick(["深圳市", "广州市", "成都市"])}${rng.pick(COMPANIES)}` : person(rng),
      borrower_phone: `1${rng.pick(["38", "39", "58", "86"])}${String(rng.int(0, 99_999_999)).padStart(8, "0")}`,
      borrower_id_no: company ? creditCode(rng, rng.pick(REGIONS)) : idCard(rng),
      principal: Math.round(rng.int(80_000, 600_000) / 1000) * 1000,
      term_months: termMonths,
      start_date: startDate,
      repaid_periods: repaid,
      restriction,
      restriction_reason: restriction === "none" ? null : "借款人连续逾期，多次催收未果",
      restriction_requested_by: restriction === "none" ? null : "系统管理员",
      restriction_requested_at: restriction === "none" ? null : at,
      restriction_reviewed_by: restriction === "executed" ? "系统管理员" : null,
      restriction_reviewed_at: restriction === "executed" ? at + 3_600_000 : null,
      restriction_note: null,
      updated_at: at + 7_200_000,
      update_by: "admin",
      update_name: "系统管理员",
    });
    logs.push({
      tenant_id: demo,
      loan_no: loanNo,
      action: "create",
      reason: null,
      at,
      by: "admin",
      by_name: "系统管理员",
    });
  });
  if (loans.length > 0) {
    await ctx.db.insertInto("bss_loan").values(loans).execute();
    await ctx.db.insertInto("bss_loan_log").values(logs).execute();
  }
}

function idCard(rng: ReturnType<typeof createRng>): string {
  const birth = `${rng.int(1970, 1999)}${String(rng.int(1, 12)).padStart(2, "0")}${String(rng.int(1, 28)).padStart(2, "0")}`;
  const body = `${rng.pick(REGIONS)}${birth}${String(rng.int(1, 999)).padStart(3, "0")}`;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body.charAt(i)) * (ID_WEIGHTS[i] as number);
  return body + "10X98765432".charAt(sum % 11);
}
