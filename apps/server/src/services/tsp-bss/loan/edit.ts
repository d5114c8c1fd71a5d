import {
  checkLoanEdit,
  checkRepayment,
  checkRestrictionRequest,
  checkRestrictionReview,
  chinaDay,
  type LoanEdit,
  type LoanProblem,
  MSG_LOAN_NOT_FOUND,
  MSG_LOAN_REPAID_BACK,
  MSG_LOAN_STALE,
} from "@tsp/domain";
import type { Kysely, Selectable, Updateable } from "kysely";
import type { AppContext } from "../../../context";
import type { Database } from "../../../db/schema";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import { inTenants, type Principal } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { type Actor, actorOf, must } from "../actor";
import { type LoanFactProblem, loadLoanFacts, loanFactProblems } from "./facts";
import { loanColumnsOf, readLoan } from "./queries";
import type { LoanAction, LoanTable } from "./tables";

function refuse(problems: readonly LoanFactProblem[]): never {
  const first = problems[0] as LoanFactProblem;
  if (first.status === 404) throw notFound(first.msg);
  if (first.status === 409) throw conflict(first.msg);
  throw badRequest(
    first.msg,
    problems.map(({ field, msg }) => ({ field, msg })),
  );
}
/** A domain refusal about the loan's state (field loanNo) is a conflict; any other a bad request. */
function refuseDomain(problems: readonly LoanProblem[]): never {
  const first = problems[0] as LoanProblem;
  if (first.field === "loanNo") throw conflict(first.msg);
  throw badRequest(first.msg, [...problems]);
}

async function checked(
  db: Kysely<Database>,
  p: Principal,
  input: unknown,
  today: string,
  opts: { isNew: boolean; keptOrg?: string },
): Promise<{ edit: LoanEdit; tenantId: number }> {
  const c = checkLoanEdit(input, today);
  if (!c.ok) throw badRequest(c.error[0]?.msg ?? "", c.error);
  const facts = await loadLoanFacts(db, p, [c.value.vin], [c.value.loanNo]);
  const problems = loanFactProblems(c.value, facts, opts);
  if (problems.length > 0) refuse(problems);
  return { edit: c.value, tenantId: facts.vehicles.get(c.value.vin) as number };
}

export const logOf = (
  tenantId: number,
  actor: Actor,
  at: number,
  loanNo: string,
  action: LoanAction,
  reason: string | null = null,
) => ({
  tenant_id: tenantId,
  loan_no: loanNo,
  action,
  reason,
  at,
  by: actor.updateBy,
  by_name: actor.updateName,
});

export async function writeNew(
  trx: Kysely<Database>,
  actor: Actor,
  nowMs: number,
  rows: readonly { edit: LoanEdit; tenantId: number }[],
  action: LoanAction,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const part = rows.slice(i, i + 500);
    await trx
      .insertInto("bss_loan")
      .values(
        part.map((r) => ({
          tenant_id: r.tenantId,
          loan_no: r.edit.loanNo,
          ...loanColumnsOf(r.edit),
          updated_at: nowMs,
          update_by: actor.updateBy,
          update_name: actor.updateName,
        })),
      )
      .execute();
    await trx
      .insertInto("bss_loan_log")
      .values(part.map((r) => logOf(r.tenantId, actor, nowMs, r.edit.loanNo, action)))
      .execute();
  }
}

async function historyOf(db: Kysely<Database>, p: Principal, loanNo: string) {
  const rows = await db
    .selectFrom("bss_loan_log")
    .select(["action", "reason", "at", "by_name"])
    .where("loan_no", "=", loanNo)
    .where(inTenants("bss_loan_log.tenant_id", p))
    .orderBy("id", "desc")
    .limit(50)
    .execute();
  return rows.map((r) => ({ action: r.action, reason: r.reason, at: Number(r.at), byName: r.by_name }));
}

export const getLoan = defineHandler<"getLoan">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const today = chinaDay(ctx.now().getTime());
  return {
    ...(await readLoan(ctx.db, p.tenantIds, query.loanNo, today, true)),
    history: await historyOf(ctx.db, p, query.loanNo),
  };
});

export const createLoan = defineHandler<"createLoan">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const nowMs = ctx.now().getTime();
  const today = chinaDay(nowMs);
  const actor = await actorOf(p, ctx);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.selectFrom("vehicle").select("vin").where("vin", "=", body.vin).forUpdate().execute();
    const c = await checked(trx, p, body, today, { isNew: true });
    await writeNew(trx, actor, nowMs, [c], "create");
  });
  return ok(await readLoan(ctx.db, p.tenantIds, body.loanNo, today), "保存成功");
});

type Row = Selectable<LoanTable>;
async function locked(trx: Kysely<Database>, p: Principal, loanNo: string, updatedAt: number): Promise<Row> {
  const row = await trx
    .selectFrom("bss_loan")
    .selectAll()
    .where("loan_no", "=", loanNo)
    .where(inTenants("bss_loan.tenant_id", p))
    .orderBy("tenant_id")
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(MSG_LOAN_NOT_FOUND);
  if (Number(row.updated_at) !== updatedAt) throw conflict(MSG_LOAN_STALE);
  return row;
}
const version = (r: Row, nowMs: number, actor: Actor) => ({
  updated_at: Math.max(nowMs, Number(r.updated_at) + 1),
  update_by: actor.updateBy,
  update_name: actor.updateName,
});
const scheduleOf = (r: Row) => ({
  termMonths: r.term_months,
  startDate: r.start_date,
  repaidPeriods: r.repaid_periods,
});

/** Runs one change of a loan under its lock and logs it; answers the loan as it is after. */
async function mutate(
  p: Principal,
  ctx: AppContext,
  key: { loanNo: string; updatedAt: number },
  apply: (
    trx: Kysely<Database>,
    row: Row,
    today: string,
    actor: Actor,
    nowMs: number,
  ) => Promise<{ set: Updateable<LoanTable>; action: LoanAction; reason: string | null }>,
) {
  const nowMs = ctx.now().getTime();
  const today = chinaDay(nowMs);
  const actor = await actorOf(p, ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await locked(trx, p, key.loanNo, key.updatedAt);
    const { set, action, reason } = await apply(trx, row, today, actor, nowMs);
    await trx
      .updateTable("bss_loan")
      .set({ ...set, ...version(row, nowMs, actor) })
      .where("tenant_id", "=", row.tenant_id)
      .where("loan_no", "=", row.loan_no)
      .execute();
    await trx
      .insertInto("bss_loan_log")
      .values(logOf(row.tenant_id, actor, nowMs, row.loan_no, action, reason))
      .execute();
  });
  return readLoan(ctx.db, p.tenantIds, key.loanNo, today);
}

/** updateLoan: replaces the loan's fields; the repaid count never goes back. */
export const updateLoan = defineHandler<"updateLoan">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const { updatedAt: _v, ...fields } = body;
  const loan = await mutate(p, ctx, body, async (trx, row, today) => {
    if (fields.repaidPeriods < row.repaid_periods)
      throw badRequest(MSG_LOAN_REPAID_BACK, [{ field: "repaidPeriods", msg: MSG_LOAN_REPAID_BACK }]);
    const { edit } = await checked(trx, p, { ...fields, loanNo: row.loan_no }, today, {
      isNew: false,
      keptOrg: row.finance_org_code,
    });
    return { set: loanColumnsOf(edit), action: "edit", reason: null };
  });
  return ok(loan, "保存成功");
});

/** recordLoanRepayment: 登记还款 — the count of instalments paid moves forward, up to those due. */
export const recordLoanRepayment = defineHandler<"recordLoanRepayment">(async ({ body, principal }, ctx) => {
  const loan = await mutate(must(principal), ctx, body, async (_trx, row, today) => {
    const r = checkRepayment(body.repaidPeriods, scheduleOf(row), today);
    if (!r.ok) refuseDomain(r.error);
    return { set: { repaid_periods: r.value }, action: "repay", reason: `已还${r.value}/${row.term_months}期` };
  });
  return ok(loan, "已登记还款");
});

/** requestLoanRestriction: 申请限制 of an overdue loan, with the reason; 待处理 until reviewed. */
export const requestLoanRestriction = defineHandler<"requestLoanRestriction">(async ({ body, principal }, ctx) => {
  const loan = await mutate(must(principal), ctx, body, async (_trx, row, today, actor, nowMs) => {
    const r = checkRestrictionRequest(
      { reason: body.reason },
      { ...scheduleOf(row), restriction: row.restriction },
      today,
    );
    if (!r.ok) refuseDomain(r.error);
    return {
      set: {
        restriction: "pending",
        restriction_reason: r.value,
        restriction_requested_by: actor.updateName,
        restriction_requested_at: nowMs,
        restriction_reviewed_by: null,
        restriction_reviewed_at: null,
        restriction_note: null,
      },
      action: "restrict",
      reason: r.value,
    };
  });
  return ok(loan, "已提交限制申请");
});

/** reviewLoanRestriction: a pending request executed or rejected (the command itself belongs to a later issue). */
export const reviewLoanRestriction = defineHandler<"reviewLoanRestriction">(async ({ body, principal }, ctx) => {
  const loan = await mutate(must(principal), ctx, body, async (_trx, row, _today, actor, nowMs) => {
    const r = checkRestrictionReview({ decision: body.decision, note: body.note }, row.restriction);
    if (!r.ok) refuseDomain(r.error);
    return {
      set: {
        restriction: r.value.state,
        restriction_reviewed_by: actor.updateName,
        restriction_reviewed_at: nowMs,
        restriction_note: r.value.note,
      },
      action: "review",
      reason: `${r.value.state === "executed" ? "已执行" : "已驳回"}${r.value.note ? `：${r.value.note}` : ""}`,
    };
  });
  return ok(loan, "审核完成");
});
