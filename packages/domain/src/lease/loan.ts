import * as v from "valibot";
import { VinSchema } from "../identifiers/vin";
import { isCreditCodeCheckValid } from "../ner/creditCode";
import { err, ok, type Result } from "../shared/result";
import { isLandline, isMainlandIdCard, isMobile } from "../validation/formats";
import { isYuanAmount, leaseAddMonths } from "./leaseContract";

/**
 * A loan against a vehicle (金融管理, /finance/index). Designed: the spec shows no fields. A
 * loan is what a lender (金融机构管理) files against a financed vehicle: loan number, VIN,
 * borrower, principal, term in months, first day. The schedule is `termMonths` equal monthly
 * instalments, the k-th due `k` months after the start; repayments are registered as a count
 * of instalments paid (the lender's system holds the amounts and interest, which are not
 * modelled). Schedule state, derived: 已结清 once every instalment is paid; 逾期 when the next
 * unpaid instalment's due day has passed (with the days since); else 正常.
 *
 * A lender may ask for the vehicle to be restricted remotely (申请限制, only while the loan is
 * overdue): 待处理 until the platform reviews it — 已执行 or 已驳回 (with the reason). The
 * command to the vehicle belongs to a later issue: here the request and its review are recorded.
 */
export const LOAN_STATES = ["normal", "overdue", "settled"] as const;
export type LoanState = (typeof LOAN_STATES)[number];
export const LOAN_STATE_LABELS: Readonly<Record<LoanState, string>> = {
  normal: "正常",
  overdue: "逾期",
  settled: "已结清",
};
export const RESTRICTION_STATES = ["none", "pending", "executed", "rejected"] as const;
export type RestrictionState = (typeof RESTRICTION_STATES)[number];
export const RESTRICTION_STATE_LABELS: Readonly<Record<RestrictionState, string>> = {
  none: "未申请",
  pending: "待处理",
  executed: "已执行",
  rejected: "已驳回",
};
export const LOAN_BORROWER_TYPES = ["person", "company"] as const;
export type LoanBorrowerType = (typeof LOAN_BORROWER_TYPES)[number];

export const LOAN_PRINCIPAL_MAX = 100_000_000;
export const LOAN_TERM_MAX = 120;
export const LOAN_REASON_MAX_LENGTH = 200;

export const MSG_LOAN_NO = "贷款编号应为4–32位字母、数字或- _ /";
export const MSG_LOAN_ORG = "请选择金融机构";
export const MSG_LOAN_BORROWER_TYPE = "借款人类型应为个人或企业";
export const MSG_LOAN_PERSON_NAME = "请输入2–30个字的借款人姓名（中文或字母，可含·）";
export const MSG_LOAN_COMPANY_NAME = "请输入2–100个字的借款单位名称";
export const MSG_LOAN_PHONE = "请输入正确的联系电话（以1开头的11位手机号，或如010-12345678的固定电话）";
export const MSG_LOAN_ID_CARD = "请输入正确的18位身份证号码";
export const MSG_LOAN_CREDIT_CODE = "统一社会信用代码应为18位且校验位正确";
export const MSG_LOAN_PRINCIPAL = `贷款本金应为大于0且不超过${LOAN_PRINCIPAL_MAX}的金额（元，最多两位小数）`;
export const MSG_LOAN_TERM = `贷款期数应为1至${LOAN_TERM_MAX}的整数（月）`;
export const MSG_LOAN_DATE = "日期格式应为yyyy-MM-dd";
export const MSG_LOAN_NOT_A_RECORD = "贷款记录格式不正确";
export const MSG_LOAN_REPAID = "已还期数应为0至贷款期数之间的整数";
export const MSG_LOAN_REPAID_BACK = "已还期数不能少于已登记的期数";
export const MSG_LOAN_REPAID_FUTURE = "已还期数不能超过已到期的期数";
export const MSG_LOAN_REASON = `请填写原因（2至${LOAN_REASON_MAX_LENGTH}个字）`;
export const MSG_LOAN_RESTRICT_NOT_OVERDUE = "只有逾期的贷款才能申请远程限制";
export const MSG_LOAN_RESTRICT_PENDING = "该贷款已有待处理的限制申请";
export const MSG_LOAN_RESTRICT_EXECUTED = "该车辆已执行远程限制";
export const MSG_LOAN_REVIEW_NOTHING = "该贷款没有待处理的限制申请";
export const MSG_LOAN_REVIEW_DECISION = "审核结果应为执行或驳回";
export const MSG_LOAN_STALE = "该贷款记录已被他人修改，请刷新后重新操作";
export const MSG_LOAN_EXISTS = "贷款编号已存在";
export const MSG_LOAN_NOT_FOUND = "贷款记录不存在";
export const MSG_LOAN_ORG_UNKNOWN = "金融机构不存在";
export const MSG_LOAN_ORG_DISABLED = "该金融机构已停用，不能新增贷款";
export const MSG_LOAN_VEHICLE_UNKNOWN = "车辆不存在";
export const MSG_LOAN_VEHICLE_FINANCED = "该车辆已有未结清的贷款";
export const MSG_LOAN_DUPLICATE_IN_FILE = "文件中贷款编号重复";

export const LOAN_FIELD_LABELS = {
  loanNo: "贷款编号",
  vin: "VIN",
  financeOrgCode: "金融机构编码",
  borrowerType: "借款人类型",
  borrowerName: "借款人名称",
  borrowerPhone: "联系电话",
  borrowerIdNo: "证件号码",
  principal: "贷款本金(元)",
  termMonths: "贷款期数(月)",
  startDate: "放款日期",
  repaidPeriods: "已还期数",
} as const;

function isCalendarDay(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toISOString().slice(0, 10) === text;
}
const trimmed = (msg: string) => v.pipe(v.string(msg), v.trim(), v.nonEmpty(msg));

/** The fields of a loan as the form submits them and one import row holds them. */
export const LoanEditSchema = v.pipe(
  v.object(
    {
      loanNo: v.pipe(v.string(MSG_LOAN_NO), v.trim(), v.regex(/^[A-Za-z0-9_/-]{4,32}$/, MSG_LOAN_NO)),
      vin: VinSchema,
      financeOrgCode: v.pipe(trimmed(MSG_LOAN_ORG), v.maxLength(32, MSG_LOAN_ORG_UNKNOWN)),
      borrowerType: v.picklist(LOAN_BORROWER_TYPES, MSG_LOAN_BORROWER_TYPE),
      borrowerName: v.pipe(trimmed(MSG_LOAN_PERSON_NAME), v.maxLength(100, MSG_LOAN_COMPANY_NAME)),
      borrowerPhone: v.pipe(
        trimmed(MSG_LOAN_PHONE),
        v.check((s) => isMobile(s) || isLandline(s), MSG_LOAN_PHONE),
      ),
      borrowerIdNo: v.pipe(trimmed(MSG_LOAN_ID_CARD), v.toUpperCase()),
      principal: v.pipe(
        v.number(MSG_LOAN_PRINCIPAL),
        v.check((n) => n > 0 && n <= LOAN_PRINCIPAL_MAX && isYuanAmount(n), MSG_LOAN_PRINCIPAL),
      ),
      termMonths: v.pipe(
        v.number(MSG_LOAN_TERM),
        v.check((n) => Number.isInteger(n) && n >= 1 && n <= LOAN_TERM_MAX, MSG_LOAN_TERM),
      ),
      startDate: v.pipe(v.string(MSG_LOAN_DATE), v.check(isCalendarDay, MSG_LOAN_DATE)),
      repaidPeriods: v.pipe(
        v.number(MSG_LOAN_REPAID),
        v.check((n) => Number.isInteger(n) && n >= 0, MSG_LOAN_REPAID),
      ),
    },
    (issue) => {
      const key = issue.path?.[0]?.key as keyof typeof LOAN_FIELD_LABELS | undefined;
      return key === undefined ? MSG_LOAN_NOT_A_RECORD : `缺少字段：${LOAN_FIELD_LABELS[key]}`;
    },
  ),
  v.forward(
    v.check(
      (s) =>
        s.borrowerType === "person"
          ? /^[\u4e00-\u9fa5A-Za-z·• ]{2,30}$/.test(s.borrowerName)
          : s.borrowerName.length >= 2,
      (issue) =>
        (issue.input as { borrowerType: LoanBorrowerType }).borrowerType === "person"
          ? MSG_LOAN_PERSON_NAME
          : MSG_LOAN_COMPANY_NAME,
    ),
    ["borrowerName"],
  ),
  v.forward(
    v.check(
      (s) => (s.borrowerType === "person" ? isMainlandIdCard(s.borrowerIdNo) : isCreditCodeCheckValid(s.borrowerIdNo)),
      (issue) =>
        (issue.input as { borrowerType: LoanBorrowerType }).borrowerType === "person"
          ? MSG_LOAN_ID_CARD
          : MSG_LOAN_CREDIT_CODE,
    ),
    ["borrowerIdNo"],
  ),
  v.forward(
    v.check((s) => s.repaidPeriods <= s.termMonths, MSG_LOAN_REPAID),
    ["repaidPeriods"],
  ),
);
export type LoanEdit = v.InferOutput<typeof LoanEditSchema>;
export type LoanField = keyof LoanEdit;
export interface LoanProblem {
  field: string;
  msg: string;
}

/** What the schedule reads of a loan. */
export interface LoanSchedule {
  termMonths: number;
  startDate: string;
  repaidPeriods: number;
}

/** The due day of instalment `k` (1-based): `k` months after the start. */
export const loanDueDay = (l: Pick<LoanSchedule, "startDate">, k: number) => leaseAddMonths(l.startDate, k);

/** How many instalments are due on `today` (due day reached). */
export function loanPeriodsDue(l: LoanSchedule, today: string): number {
  let n = 0;
  while (n < l.termMonths && loanDueDay(l, n + 1) <= today) n += 1;
  return n;
}

/** Days from `from` to `to` (yyyy-MM-dd). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** The schedule's state on `today`, with the days the first unpaid instalment is overdue (0 unless 逾期). */
export function loanState(
  l: LoanSchedule,
  today: string,
): { state: LoanState; overdueDays: number; nextDue: string | null } {
  if (l.repaidPeriods >= l.termMonths) return { state: "settled", overdueDays: 0, nextDue: null };
  const nextDue = loanDueDay(l, l.repaidPeriods + 1);
  return nextDue < today
    ? { state: "overdue", overdueDays: daysBetween(nextDue, today), nextDue }
    : { state: "normal", overdueDays: 0, nextDue };
}

/** Checks a loan as the form and an import row submit it; never throws. Repaid instalments cannot exceed those due. */
export function checkLoanEdit(input: unknown, today: string): Result<LoanEdit, LoanProblem[]> {
  const parsed = v.safeParse(LoanEditSchema, input);
  if (!parsed.success)
    return err(parsed.issues.map((i) => ({ field: String(i.path?.[0]?.key ?? "loanNo"), msg: i.message })));
  if (parsed.output.repaidPeriods > loanPeriodsDue(parsed.output, today))
    return err([{ field: "repaidPeriods", msg: MSG_LOAN_REPAID_FUTURE }]);
  return ok(parsed.output);
}

/** 登记还款: the new count of instalments paid — not fewer than registered, not more than due. */
export function checkRepayment(repaid: unknown, l: LoanSchedule, today: string): Result<number, LoanProblem[]> {
  const field = "repaidPeriods";
  if (typeof repaid !== "number" || !Number.isInteger(repaid) || repaid < 0 || repaid > l.termMonths)
    return err([{ field, msg: MSG_LOAN_REPAID }]);
  if (repaid < l.repaidPeriods) return err([{ field, msg: MSG_LOAN_REPAID_BACK }]);
  if (repaid > loanPeriodsDue(l, today)) return err([{ field, msg: MSG_LOAN_REPAID_FUTURE }]);
  return ok(repaid);
}

const reason = v.pipe(
  v.string(MSG_LOAN_REASON),
  v.trim(),
  v.minLength(2, MSG_LOAN_REASON),
  v.maxLength(LOAN_REASON_MAX_LENGTH, MSG_LOAN_REASON),
);
export const LoanReasonSchema = v.object({ reason }, () => MSG_LOAN_REASON);

/** 申请限制: only an overdue loan, with no request pending or executed; the reason is kept. */
export function checkRestrictionRequest(
  input: unknown,
  l: LoanSchedule & { restriction: RestrictionState },
  today: string,
): Result<string, LoanProblem[]> {
  if (l.restriction === "pending") return err([{ field: "loanNo", msg: MSG_LOAN_RESTRICT_PENDING }]);
  if (l.restriction === "executed") return err([{ field: "loanNo", msg: MSG_LOAN_RESTRICT_EXECUTED }]);
  if (loanState(l, today).state !== "overdue") return err([{ field: "loanNo", msg: MSG_LOAN_RESTRICT_NOT_OVERDUE }]);
  const parsed = v.safeParse(LoanReasonSchema, input);
  return parsed.success ? ok(parsed.output.reason) : err([{ field: "reason", msg: MSG_LOAN_REASON }]);
}

export const RESTRICTION_DECISIONS = ["execute", "reject"] as const;
export type RestrictionDecision = (typeof RESTRICTION_DECISIONS)[number];
export const LoanReviewSchema = v.object(
  {
    decision: v.picklist(RESTRICTION_DECISIONS, MSG_LOAN_REVIEW_DECISION),
    note: v.nullable(v.pipe(v.string(MSG_LOAN_REASON), v.trim(), v.maxLength(LOAN_REASON_MAX_LENGTH, MSG_LOAN_REASON))),
  },
  (issue) => (issue.path?.[0]?.key === "decision" ? MSG_LOAN_REVIEW_DECISION : MSG_LOAN_REASON),
);

/** 审核: a pending request is executed or rejected; a rejection needs its reason (2–200 characters). */
export function checkRestrictionReview(
  input: unknown,
  restriction: RestrictionState,
): Result<{ state: "executed" | "rejected"; note: string | null }, LoanProblem[]> {
  if (restriction !== "pending") return err([{ field: "loanNo", msg: MSG_LOAN_REVIEW_NOTHING }]);
  const parsed = v.safeParse(LoanReviewSchema, input);
  if (!parsed.success)
    return err(parsed.issues.map((i) => ({ field: String(i.path?.[0]?.key ?? "decision"), msg: i.message })));
  const { decision, note } = parsed.output;
  if (decision === "reject" && (note === null || note.length < 2))
    return err([{ field: "note", msg: MSG_LOAN_REASON }]);
  return ok({ state: decision === "execute" ? "executed" : "rejected", note: note === "" ? null : note });
}

/** The editable fields of a record, nothing else. */
export function loanEditOf(r: LoanEdit): LoanEdit {
  return {
    loanNo: r.loanNo,
    vin: r.vin,
    financeOrgCode: r.financeOrgCode,
    borrowerType: r.borrowerType,
    borrowerName: r.borrowerName,
    borrowerPhone: r.borrowerPhone,
    borrowerIdNo: r.borrowerIdNo,
    principal: r.principal,
    termMonths: r.termMonths,
    startDate: r.startDate,
    repaidPeriods: r.repaidPeriods,
  };
}
