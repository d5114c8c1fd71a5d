import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { creditCodeCheckChar } from "../ner/creditCode";
import {
  checkLoanEdit,
  checkRepayment,
  checkRestrictionRequest,
  checkRestrictionReview,
  type LoanEdit,
  LoanReviewSchema,
  loanDueDay,
  loanEditOf,
  loanPeriodsDue,
  loanState,
  MSG_LOAN_REASON,
  MSG_LOAN_REPAID,
  MSG_LOAN_REPAID_BACK,
  MSG_LOAN_REPAID_FUTURE,
  MSG_LOAN_RESTRICT_EXECUTED,
  MSG_LOAN_RESTRICT_NOT_OVERDUE,
  MSG_LOAN_RESTRICT_PENDING,
  MSG_LOAN_REVIEW_DECISION,
  MSG_LOAN_REVIEW_NOTHING,
  type RestrictionState,
} from "./loan";

const CREDIT = `91440300MA5G0RQK8${creditCodeCheckChar("91440300MA5G0RQK8")}`;
const loan: LoanEdit = {
  loanNo: "DK-2026-0001",
  vin: "LGXCE4CB2S0000123",
  financeOrgCode: "FIN-ICBC",
  borrowerType: "person",
  borrowerName: "王小明",
  borrowerPhone: "13912345678",
  borrowerIdNo: "11010519491231002X",
  principal: 180000.5,
  termMonths: 36,
  startDate: "2026-01-15",
  repaidPeriods: 2,
};
const reasons = (input: unknown, today = "2026-11-24") => {
  const r = checkLoanEdit(input, today);
  return r.ok ? [] : r.error.map((p) => `${p.field}:${p.msg}`);
};
const schedule = { termMonths: 12, startDate: "2026-01-15", repaidPeriods: 3 };

describe("a loan's fields", () => {
  it("accepts a person's and a company's loan", () => {
    expect(reasons(loan)).toEqual([]);
    expect(
      reasons({
        ...loan,
        borrowerType: "company",
        borrowerName: "鹏程物流有限公司",
        borrowerIdNo: CREDIT,
        borrowerPhone: "0755-88886666",
      }),
    ).toEqual([]);
  });

  it("refuses each bad field with its reason", () => {
    const { termMonths: _t, ...noTerm } = loan;
    expect(reasons(noTerm)).toEqual(["termMonths:缺少字段：贷款期数(月)"]);
    expect(reasons(null)).toEqual(["loanNo:贷款记录格式不正确"]);
    expect(reasons({ ...loan, loanNo: "x" })[0]).toContain("loanNo:");
    expect(reasons({ ...loan, principal: 0 })[0]).toContain("principal:");
    expect(reasons({ ...loan, termMonths: 1.5 })[0]).toContain("termMonths:");
    expect(reasons({ ...loan, startDate: "2026-02-30" })).toEqual(["startDate:日期格式应为yyyy-MM-dd"]);
    expect(reasons({ ...loan, startDate: "20260101" })).toEqual(["startDate:日期格式应为yyyy-MM-dd"]);
    expect(reasons({ ...loan, borrowerPhone: "1" })[0]).toContain("borrowerPhone:");
    expect(reasons({ ...loan, borrowerName: "王" })[0]).toContain("borrowerName:请输入2–30个字的借款人姓名");
    expect(reasons({ ...loan, borrowerType: "company", borrowerName: "公", borrowerIdNo: CREDIT })[0]).toContain(
      "borrowerName:请输入2–100个字",
    );
    expect(reasons({ ...loan, borrowerIdNo: "110105194912310021" })[0]).toContain("borrowerIdNo:请输入正确的18位");
    expect(
      reasons({ ...loan, borrowerType: "company", borrowerName: "某某公司", borrowerIdNo: "91440300MA5G0RQK8X" })[0],
    ).toContain("borrowerIdNo:统一社会信用代码");
    expect(reasons({ ...loan, repaidPeriods: -1 })[0]).toContain("repaidPeriods:");
    expect(reasons({ ...loan, termMonths: 2, repaidPeriods: 3 })).toEqual([`repaidPeriods:${MSG_LOAN_REPAID}`]);
    expect(reasons({ ...loan, repaidPeriods: 11 })).toEqual([`repaidPeriods:${MSG_LOAN_REPAID_FUTURE}`]);
    expect(loanEditOf({ ...loan, extra: 1 } as LoanEdit)).toEqual(loan);
  });
});

describe("a loan's schedule", () => {
  it("dates instalments monthly from the start and counts those due", () => {
    expect(loanDueDay(schedule, 1)).toBe("2026-02-15");
    expect(loanPeriodsDue(schedule, "2026-02-14")).toBe(0);
    expect(loanPeriodsDue(schedule, "2026-04-15")).toBe(3);
    expect(loanPeriodsDue(schedule, "2030-01-01")).toBe(12);
  });

  it("is 正常 until the next unpaid instalment is past due, then 逾期 with the days, 已结清 once all are paid", () => {
    expect(loanState(schedule, "2026-05-15")).toEqual({ state: "normal", overdueDays: 0, nextDue: "2026-05-15" });
    expect(loanState(schedule, "2026-05-25")).toEqual({ state: "overdue", overdueDays: 10, nextDue: "2026-05-15" });
    expect(loanState({ ...schedule, repaidPeriods: 12 }, "2026-05-25")).toEqual({
      state: "settled",
      overdueDays: 0,
      nextDue: null,
    });
  });

  it("registers repayments forward only, up to the instalments due", () => {
    expect(checkRepayment(4, schedule, "2026-05-15")).toEqual({ ok: true, value: 4 });
    const msg = (x: unknown, today = "2026-05-15") => {
      const r = checkRepayment(x, schedule, today);
      return r.ok ? "" : r.error[0]?.msg;
    };
    expect(msg("4")).toBe(MSG_LOAN_REPAID);
    expect(msg(1.5)).toBe(MSG_LOAN_REPAID);
    expect(msg(-1)).toBe(MSG_LOAN_REPAID);
    expect(msg(13)).toBe(MSG_LOAN_REPAID);
    expect(msg(2)).toBe(MSG_LOAN_REPAID_BACK);
    expect(msg(5)).toBe(MSG_LOAN_REPAID_FUTURE);
  });
});

const reviewMsg = (x: unknown, s: "pending" | "none" = "pending") => {
  const r = checkRestrictionReview(x, s);
  return r.ok ? "" : r.error[0]?.msg;
};

describe("the lender's remote-restriction request", () => {
  const overdue: typeof schedule & { restriction: RestrictionState } = { ...schedule, restriction: "none" };
  it("is asked only of an overdue loan without a pending or executed request, with a reason", () => {
    expect(checkRestrictionRequest({ reason: " 逾期60天 " }, overdue, "2026-06-20")).toEqual({
      ok: true,
      value: "逾期60天",
    });
    expect(checkRestrictionRequest({ reason: "逾期" }, { ...overdue, restriction: "rejected" }, "2026-06-20").ok).toBe(
      true,
    );
    const msg = (x: unknown, l = overdue, today = "2026-06-20") => {
      const r = checkRestrictionRequest(x, l, today);
      return r.ok ? "" : r.error[0]?.msg;
    };
    expect(msg({}, { ...overdue, restriction: "pending" })).toBe(MSG_LOAN_RESTRICT_PENDING);
    expect(msg({}, { ...overdue, restriction: "executed" })).toBe(MSG_LOAN_RESTRICT_EXECUTED);
    expect(msg({ reason: "逾期" }, overdue, "2026-05-15")).toBe(MSG_LOAN_RESTRICT_NOT_OVERDUE);
    expect(msg({ reason: "x" })).toBe(MSG_LOAN_REASON);
    expect(msg(null)).toBe(MSG_LOAN_REASON);
  });

  it("is reviewed once: executed, or rejected with a reason", () => {
    expect(checkRestrictionReview({ decision: "execute", note: "" }, "pending")).toEqual({
      ok: true,
      value: { state: "executed", note: null },
    });
    expect(checkRestrictionReview({ decision: "execute", note: null }, "pending")).toEqual({
      ok: true,
      value: { state: "executed", note: null },
    });
    expect(checkRestrictionReview({ decision: "reject", note: " 已还清欠款 " }, "pending")).toEqual({
      ok: true,
      value: { state: "rejected", note: "已还清欠款" },
    });
    const msg = reviewMsg;
    expect(msg({ decision: "execute", note: null }, "none")).toBe(MSG_LOAN_REVIEW_NOTHING);
    expect(msg({ decision: "x", note: null })).toBe(MSG_LOAN_REVIEW_DECISION);
    expect(msg({ decision: "reject", note: null })).toBe(MSG_LOAN_REASON);
    expect(msg({ decision: "reject", note: "x" })).toBe(MSG_LOAN_REASON);
    expect(msg({ note: null })).toBe(MSG_LOAN_REVIEW_DECISION);
    expect(msg({ decision: "execute" })).toBe(MSG_LOAN_REASON);
    expect(msg("x")).toBe(MSG_LOAN_REASON);
    const r = v.safeParse(LoanReviewSchema, 1);
    expect(r.success).toBe(false);
  });
});
