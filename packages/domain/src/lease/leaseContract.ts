import * as v from "valibot";
import { VinSchema } from "../identifiers/vin";
import { isCreditCodeCheckValid } from "../ner/creditCode";
import { err, ok, type Result } from "../shared/result";
import { isLandline, isMainlandIdCard, isMobile } from "../validation/formats";

/**
 * A lease contract of one vehicle (租赁管理 › 租赁车辆管理, /lease/leaseVehicle). Designed: the
 * spec shows no fields or calls for the lease screens (business-areas.md: "Lease and
 * base-information screens: their fields and calls are not shown"). A contract is what a
 * lessor's operator files per vehicle: who leases it through which organisation (租赁机构管理),
 * for which term, at what monthly rent and deposit.
 *
 * State is derived, never stored: 已退租 once the vehicle was returned (an action with a date
 * and a reason), else from today against the term — 待起租 before the start, 租赁中 within it,
 * 已到期 after the end (not returned yet). Rent payments are NOT modelled (the lessor's billing
 * system holds them), so there is no 逾期 state for a lease; 金融管理's loans have one.
 */
export const LEASE_LESSEE_TYPES = ["person", "company"] as const;
export type LeaseLesseeType = (typeof LEASE_LESSEE_TYPES)[number];
export const LEASE_LESSEE_TYPE_LABELS: Readonly<Record<LeaseLesseeType, string>> = { person: "个人", company: "企业" };
export const LEASE_STATES = ["pending", "leasing", "expired", "returned"] as const;
export type LeaseState = (typeof LEASE_STATES)[number];
export const LEASE_STATE_LABELS: Readonly<Record<LeaseState, string>> = {
  pending: "待起租",
  leasing: "租赁中",
  expired: "已到期",
  returned: "已退租",
};

/** Highest monthly rent, yuan (a heavy truck's full-service lease stays well below). */
export const LEASE_RENT_MAX = 1_000_000;
/** Highest deposit, yuan. */
export const LEASE_DEPOSIT_MAX = 10_000_000;
/** Longest term: ten years. */
export const LEASE_TERM_MAX_MONTHS = 120;
export const LEASE_REMARK_MAX_LENGTH = 200;
export const LEASE_REASON_MAX_LENGTH = 200;
export const LEASE_COMPANY_NAME_MAX = 100;

export const MSG_LEASE_CONTRACT_NO = "合同编号应为4–32位字母、数字或- _ /";
export const MSG_LEASE_ORG = "请选择租赁机构";
export const MSG_LEASE_LESSEE_TYPE = "承租方类型应为个人或企业";
export const MSG_LEASE_PERSON_NAME = "请输入2–30个字的承租人姓名（中文或字母，可含·）";
export const MSG_LEASE_COMPANY_NAME = `请输入2–${LEASE_COMPANY_NAME_MAX}个字的承租单位名称`;
export const MSG_LEASE_PHONE = "请输入正确的联系电话（以1开头的11位手机号，或如010-12345678的固定电话）";
export const MSG_LEASE_ID_CARD = "请输入正确的18位身份证号码";
export const MSG_LEASE_CREDIT_CODE = "统一社会信用代码应为18位且校验位正确";
export const MSG_LEASE_DATE = "日期格式应为yyyy-MM-dd";
export const MSG_LEASE_END_BEFORE_START = "租期结束日期应晚于开始日期";
export const MSG_LEASE_TERM_TOO_LONG = `租期不能超过${LEASE_TERM_MAX_MONTHS}个月`;
export const MSG_LEASE_RENT = `月租金应为大于0且不超过${LEASE_RENT_MAX}的金额（元，最多两位小数）`;
export const MSG_LEASE_DEPOSIT = `押金应为0至${LEASE_DEPOSIT_MAX}的金额（元，最多两位小数）`;
export const MSG_LEASE_REMARK = `备注不能超过${LEASE_REMARK_MAX_LENGTH}个字符`;
export const MSG_LEASE_NOT_A_RECORD = "租赁合同格式不正确";
export const MSG_LEASE_REASON = `请填写退租原因（2至${LEASE_REASON_MAX_LENGTH}个字）`;
export const MSG_LEASE_RETURN_BEFORE_START = "退租日期不能早于起租日期";
export const MSG_LEASE_RETURN_FUTURE = "退租日期不能晚于今天";
export const MSG_LEASE_RETURN_PENDING = "合同尚未起租，不能退租；如不再执行请删除";
export const MSG_LEASE_RETURNED = "该合同已退租，不能再修改";
export const MSG_LEASE_DELETE_STARTED = "只能删除待起租的合同；已起租的合同请办理退租";
export const msgLeaseRenewed = (next: string) => `该合同已续租为${next}，请在新合同上操作`;
export const MSG_LEASE_RENEW_END = "续租的结束日期应晚于原合同的结束日期";
export const MSG_LEASE_STALE = "该租赁合同已被他人修改，请刷新后重新操作";
export const MSG_LEASE_EXISTS = "合同编号已存在";
export const MSG_LEASE_NOT_FOUND = "租赁合同不存在";
export const MSG_LEASE_VEHICLE_UNKNOWN = "车辆不存在";
export const MSG_LEASE_ORG_UNKNOWN = "租赁机构不存在";
export const MSG_LEASE_ORG_DISABLED = "该租赁机构已停用，不能签订新合同";
export const MSG_LEASE_DUPLICATE_IN_FILE = "文件中合同编号重复";
export const msgLeaseOverlap = (other: string) => `该车辆在此租期内已有合同${other}，一辆车同一时间只能有一份有效合同`;

/** Column labels of a contract's fields: the form's labels and the import template's header row. */
export const LEASE_FIELD_LABELS = {
  contractNo: "合同编号",
  vin: "VIN",
  leaseOrgCode: "租赁机构编码",
  lesseeType: "承租方类型",
  lesseeName: "承租方名称",
  lesseePhone: "联系电话",
  lesseeIdNo: "证件号码",
  startDate: "起租日期",
  endDate: "到期日期",
  monthlyRent: "月租金(元)",
  deposit: "押金(元)",
  remark: "备注",
} as const;

/** Whether `text` is a real calendar day written yyyy-MM-dd. */
function isCalendarDay(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toISOString().slice(0, 10) === text;
}

/** The calendar day `days` after `day` (yyyy-MM-dd; negative goes back). */
export function leaseAddDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The calendar day `months` after `day`, clamped to the month's last day (1-31 + 1 month = 2-28). */
export function leaseAddMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
}

/** Whether `n` is an amount of yuan with at most two decimals. */
export const isYuanAmount = (n: number) => Number.isFinite(n) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** The term rules read two real days (a bad one has its own message already). */
const bothDays = (s: { startDate: string; endDate: string }) => isCalendarDay(s.startDate) && isCalendarDay(s.endDate);
const trimmed = (msg: string) => v.pipe(v.string(msg), v.trim(), v.nonEmpty(msg));
const day = v.pipe(v.string(MSG_LEASE_DATE), v.check(isCalendarDay, MSG_LEASE_DATE));

/** The fields of a contract as the form submits them and one import row holds them. */
export const LeaseContractEditSchema = v.pipe(
  v.object(
    {
      contractNo: v.pipe(
        v.string(MSG_LEASE_CONTRACT_NO),
        v.trim(),
        v.regex(/^[A-Za-z0-9_/-]{4,32}$/, MSG_LEASE_CONTRACT_NO),
      ),
      vin: VinSchema,
      leaseOrgCode: v.pipe(trimmed(MSG_LEASE_ORG), v.maxLength(32, MSG_LEASE_ORG_UNKNOWN)),
      lesseeType: v.picklist(LEASE_LESSEE_TYPES, MSG_LEASE_LESSEE_TYPE),
      lesseeName: v.pipe(trimmed(MSG_LEASE_PERSON_NAME), v.maxLength(LEASE_COMPANY_NAME_MAX, MSG_LEASE_COMPANY_NAME)),
      lesseePhone: v.pipe(
        trimmed(MSG_LEASE_PHONE),
        v.check((s) => isMobile(s) || isLandline(s), MSG_LEASE_PHONE),
      ),
      lesseeIdNo: v.pipe(trimmed(MSG_LEASE_ID_CARD), v.toUpperCase()),
      startDate: day,
      endDate: day,
      monthlyRent: v.pipe(
        v.number(MSG_LEASE_RENT),
        v.check((n) => n > 0 && n <= LEASE_RENT_MAX && isYuanAmount(n), MSG_LEASE_RENT),
      ),
      deposit: v.pipe(
        v.number(MSG_LEASE_DEPOSIT),
        v.check((n) => n >= 0 && n <= LEASE_DEPOSIT_MAX && isYuanAmount(n), MSG_LEASE_DEPOSIT),
      ),
      remark: v.nullable(v.pipe(v.string(MSG_LEASE_REMARK), v.maxLength(LEASE_REMARK_MAX_LENGTH, MSG_LEASE_REMARK))),
    },
    (issue) => {
      const key = issue.path?.[0]?.key as keyof typeof LEASE_FIELD_LABELS | undefined;
      return key === undefined ? MSG_LEASE_NOT_A_RECORD : `缺少字段：${LEASE_FIELD_LABELS[key]}`;
    },
  ),
  // The lessee's name and certificate follow the lessee type: GB 11643 ID for a person, GB 32100 credit code for a company.
  v.forward(
    v.check(
      (s) =>
        s.lesseeType === "person"
          ? /^[\u4e00-\u9fa5A-Za-z·• ]{2,30}$/.test(s.lesseeName)
          : s.lesseeName.length >= 2 && s.lesseeName.length <= LEASE_COMPANY_NAME_MAX,
      (issue) =>
        (issue.input as { lesseeType: LeaseLesseeType }).lesseeType === "person"
          ? MSG_LEASE_PERSON_NAME
          : MSG_LEASE_COMPANY_NAME,
    ),
    ["lesseeName"],
  ),
  v.forward(
    v.check(
      (s) => (s.lesseeType === "person" ? isMainlandIdCard(s.lesseeIdNo) : isCreditCodeCheckValid(s.lesseeIdNo)),
      (issue) =>
        (issue.input as { lesseeType: LeaseLesseeType }).lesseeType === "person"
          ? MSG_LEASE_ID_CARD
          : MSG_LEASE_CREDIT_CODE,
    ),
    ["lesseeIdNo"],
  ),
  v.forward(
    v.check((s) => !bothDays(s) || s.endDate > s.startDate, MSG_LEASE_END_BEFORE_START),
    ["endDate"],
  ),
  v.forward(
    v.check(
      (s) => !bothDays(s) || s.endDate <= leaseAddMonths(s.startDate, LEASE_TERM_MAX_MONTHS),
      MSG_LEASE_TERM_TOO_LONG,
    ),
    ["endDate"],
  ),
);
export type LeaseContractEdit = v.InferOutput<typeof LeaseContractEditSchema>;
export type LeaseField = keyof LeaseContractEdit;
export interface LeaseProblem {
  field: string;
  msg: string;
}

const problemsOf = (issues: readonly v.BaseIssue<unknown>[], fallback: string): LeaseProblem[] =>
  issues.map((i) => ({ field: String(i.path?.[0]?.key ?? fallback), msg: i.message }));

/** Checks a contract as the form and an import row submit it; never throws. */
export function checkLeaseEdit(input: unknown): Result<LeaseContractEdit, LeaseProblem[]> {
  const parsed = v.safeParse(LeaseContractEditSchema, input);
  return parsed.success ? ok(parsed.output) : err(problemsOf(parsed.issues, "contractNo"));
}

export const leaseProblemText = (problems: readonly LeaseProblem[]) => problems.map((p) => p.msg).join("；");

/** What the state and the rules read of a stored contract. */
export interface LeaseTerm {
  contractNo: string;
  startDate: string;
  endDate: string;
  /** The day the vehicle came back (退租), or null. */
  returnDate: string | null;
  /** The contract that continues this one (续租), or null. */
  renewedTo: string | null;
}

/** The contract's state on `today` (yyyy-MM-dd, UTC+8): derived from the dates and the return. */
export function leaseState(c: LeaseTerm, today: string): LeaseState {
  if (c.returnDate !== null) return "returned";
  if (today < c.startDate) return "pending";
  return today > c.endDate ? "expired" : "leasing";
}

/**
 * The last day a contract holds its vehicle: the return day once returned, the end of the term
 * once renewed (the renewal holds it from the next day), else indefinitely — a contract past
 * its end but not returned still holds the vehicle: the lessee has it until it comes back.
 */
export function leaseHeldUntil(c: LeaseTerm): string {
  return c.returnDate ?? (c.renewedTo !== null ? c.endDate : "9999-12-31");
}

/**
 * One contract per vehicle at a time: the first other contract of the vehicle whose held
 * period [start, held until] meets the candidate's term, or null.
 */
export function overlappingLease(
  candidate: { contractNo: string; startDate: string; endDate: string },
  others: readonly LeaseTerm[],
): string | null {
  for (const o of others) {
    if (o.contractNo === candidate.contractNo) continue;
    if (candidate.startDate <= leaseHeldUntil(o) && o.startDate <= candidate.endDate) return o.contractNo;
  }
  return null;
}

/** The rules of an existing contract's change. */
export const canEditLease = (c: LeaseTerm): string | null =>
  c.returnDate !== null ? MSG_LEASE_RETURNED : c.renewedTo !== null ? msgLeaseRenewed(c.renewedTo) : null;
/** Only a contract not started yet is deleted (a started one is returned, so its history stays). */
export const canDeleteLease = (c: LeaseTerm, today: string): string | null =>
  leaseState(c, today) === "pending" ? null : MSG_LEASE_DELETE_STARTED;

/** 退租: the day the vehicle came back and why. */
export const LeaseReturnSchema = v.object(
  {
    returnDate: day,
    reason: v.pipe(
      v.string(MSG_LEASE_REASON),
      v.trim(),
      v.minLength(2, MSG_LEASE_REASON),
      v.maxLength(LEASE_REASON_MAX_LENGTH, MSG_LEASE_REASON),
    ),
  },
  (issue) => (issue.path?.[0]?.key === "reason" ? MSG_LEASE_REASON : MSG_LEASE_DATE),
);
export type LeaseReturn = v.InferOutput<typeof LeaseReturnSchema>;

/**
 * Checks a return of `c` on `today`: a started contract not returned yet, returned on a day
 * from its start to today (a late return after the end is allowed: the lessee kept the car).
 */
export function checkLeaseReturn(input: unknown, c: LeaseTerm, today: string): Result<LeaseReturn, LeaseProblem[]> {
  const blocked = canEditLease(c);
  if (blocked !== null) return err([{ field: "contractNo", msg: blocked }]);
  if (leaseState(c, today) === "pending") return err([{ field: "contractNo", msg: MSG_LEASE_RETURN_PENDING }]);
  const parsed = v.safeParse(LeaseReturnSchema, input);
  if (!parsed.success) return err(problemsOf(parsed.issues, "reason"));
  if (parsed.output.returnDate < c.startDate) return err([{ field: "returnDate", msg: MSG_LEASE_RETURN_BEFORE_START }]);
  if (parsed.output.returnDate > today) return err([{ field: "returnDate", msg: MSG_LEASE_RETURN_FUTURE }]);
  return ok(parsed.output);
}

/** 续租: a new contract following `c` from the day after its end, with its own number, end, rent and deposit. */
const RENEW_MISSING: Readonly<Record<string, string>> = {
  newContractNo: MSG_LEASE_CONTRACT_NO,
  endDate: MSG_LEASE_DATE,
  monthlyRent: MSG_LEASE_RENT,
  deposit: MSG_LEASE_DEPOSIT,
};
export const LeaseRenewSchema = v.object(
  {
    newContractNo: LeaseContractEditSchema.pipe[0].entries.contractNo,
    endDate: day,
    monthlyRent: LeaseContractEditSchema.pipe[0].entries.monthlyRent,
    deposit: LeaseContractEditSchema.pipe[0].entries.deposit,
  },
  (issue) => RENEW_MISSING[String(issue.path?.[0]?.key)] ?? MSG_LEASE_NOT_A_RECORD,
);
export type LeaseRenew = v.InferOutput<typeof LeaseRenewSchema>;

/**
 * The contract a renewal of `c` makes: the same vehicle, organisation and lessee from the day
 * after `c`'s end. `c` must not be returned; the new end must be after `c`'s end; the new
 * contract passes every rule of a contract.
 */
export function renewalOf(input: unknown, c: LeaseContractEdit & LeaseTerm): Result<LeaseContractEdit, LeaseProblem[]> {
  const blocked = canEditLease(c);
  if (blocked !== null) return err([{ field: "contractNo", msg: blocked }]);
  const parsed = v.safeParse(LeaseRenewSchema, input);
  if (!parsed.success) return err(problemsOf(parsed.issues, "newContractNo"));
  const r = parsed.output;
  if (r.endDate <= c.endDate) return err([{ field: "endDate", msg: MSG_LEASE_RENEW_END }]);
  const next = checkLeaseEdit({
    ...leaseEditOf(c),
    contractNo: r.newContractNo,
    startDate: leaseAddDays(c.endDate, 1),
    endDate: r.endDate,
    monthlyRent: r.monthlyRent,
    deposit: r.deposit,
  });
  // The new number passed the renewal's own check: a refusal here is about the copied fields.
  return next;
}

/** The editable fields of a record, nothing else. */
export function leaseEditOf(r: LeaseContractEdit): LeaseContractEdit {
  return {
    contractNo: r.contractNo,
    vin: r.vin,
    leaseOrgCode: r.leaseOrgCode,
    lesseeType: r.lesseeType,
    lesseeName: r.lesseeName,
    lesseePhone: r.lesseePhone,
    lesseeIdNo: r.lesseeIdNo,
    startDate: r.startDate,
    endDate: r.endDate,
    monthlyRent: r.monthlyRent,
    deposit: r.deposit,
    remark: r.remark,
  };
}

/** A certificate number as lists show it: first and last four characters. */
export function maskLesseeIdNo(idNo: string): string {
  return idNo.length <= 8 ? idNo : `${idNo.slice(0, 4)}${"*".repeat(idNo.length - 8)}${idNo.slice(-4)}`;
}

/** A phone as lists show it: a mobile's middle four digits masked, a landline's last four kept. */
export function maskLesseePhone(phone: string): string {
  if (isMobile(phone)) return `${phone.slice(0, 3)}****${phone.slice(7)}`;
  return phone.length <= 4 ? phone : `${"*".repeat(phone.length - 4)}${phone.slice(-4)}`;
}

/** A code of a value written as its code or label (an import cell), or null. */
export function parseLesseeType(text: string): LeaseLesseeType | null {
  const t = text.trim();
  for (const type of LEASE_LESSEE_TYPES) if (t === type || t === LEASE_LESSEE_TYPE_LABELS[type]) return type;
  return null;
}
