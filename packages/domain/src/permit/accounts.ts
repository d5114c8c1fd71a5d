import * as v from "valibot";

/**
 * 账号管理 (/permit/account): what an account edit must hold, how lists show an account, and the
 * guard rails about administrators. Pure: the server and the console apply the same rules.
 */

/** Stored status of an account; "locked" is derived from the failed-sign-in lockout, never stored. */
export type PermitAccountStatus = "active" | "disabled";
/** What a list shows: disabled wins over locked, locked over active. */
export type PermitAccountState = "active" | "locked" | "disabled";
export const PERMIT_ACCOUNT_STATE_LABELS: Record<PermitAccountState, string> = {
  active: "正常",
  locked: "已锁定",
  disabled: "已停用",
};

/** State changes an administrator may make (one call, one permission). */
export const PERMIT_ACCOUNT_ACTIONS = ["enable", "disable", "lock", "unlock"] as const;
export type PermitAccountAction = (typeof PERMIT_ACCOUNT_ACTIONS)[number];

/** A manual lock lasts a day, like a lockout an operator imposes while asking questions. */
export const PERMIT_MANUAL_LOCK_MS = 24 * 60 * 60 * 1000;

export const MSG_PERMIT_USERNAME = "账号须为4-32位字母、数字、下划线、点或横线，并以字母开头";
export const MSG_PERMIT_REAL_NAME = "请输入1-32个字符的姓名";
export const MSG_PERMIT_MOBILE = "手机号应为11位手机号码";
export const MSG_PERMIT_EMAIL = "邮箱格式不正确";
export const MSG_PERMIT_ORG = "请选择所属组织";
export const MSG_PERMIT_ROLES = "请至少选择一个角色";
/** A role id that is not a role of the organisation's tenant (another tenant's, or deleted). */
export const MSG_PERMIT_ROLE_NOT_FOUND = "所选角色不存在或不属于该组织所在租户";
export const MSG_PERMIT_OWN_LAST_ADMIN_ROLE = "不能移除自己的最后一个管理角色";
export const MSG_PERMIT_LAST_ADMIN = "该账号是本租户最后一个管理员，不能移除其管理角色或停用";
export const MSG_PERMIT_SELF_DISABLE = "不能停用或锁定自己的账号";
export const msgPermitUsernameTaken = (username: string) => `账号${username}已存在`;

const USERNAME_RE = /^[A-Za-z][A-Za-z0-9_.-]{3,31}$/u;
const MOBILE_RE = /^1[3-9]\d{9}$/u;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

/** The fields of an account an administrator edits (the password travels separately, encrypted). */
export const PermitAccountEditSchema = v.object({
  username: v.pipe(v.string(), v.regex(USERNAME_RE, MSG_PERMIT_USERNAME)),
  realName: v.pipe(v.string(), v.trim(), v.minLength(1, MSG_PERMIT_REAL_NAME), v.maxLength(32, MSG_PERMIT_REAL_NAME)),
  /** Empty or absent: none on a new account; absent on an edit: unchanged (lists show it masked). */
  mobile: v.nullish(
    v.union([v.literal(""), v.pipe(v.string(), v.regex(MOBILE_RE, MSG_PERMIT_MOBILE))], MSG_PERMIT_MOBILE),
  ),
  /** Empty or absent: none. */
  email: v.nullish(
    v.union(
      [v.literal(""), v.pipe(v.string(), v.maxLength(64, MSG_PERMIT_EMAIL), v.regex(EMAIL_RE, MSG_PERMIT_EMAIL))],
      MSG_PERMIT_EMAIL,
    ),
  ),
  orgId: v.pipe(v.number(MSG_PERMIT_ORG), v.integer(MSG_PERMIT_ORG), v.minValue(1, MSG_PERMIT_ORG)),
  roleIds: v.pipe(v.array(v.number(MSG_PERMIT_ROLES), MSG_PERMIT_ROLES), v.minLength(1, MSG_PERMIT_ROLES)),
});
export type PermitAccountEdit = v.InferOutput<typeof PermitAccountEditSchema>;

/** A mobile number as lists show it: 138****1234; anything else (or nothing) as it is. */
export function maskPermitMobile(mobile: string | null): string {
  if (!mobile) return "";
  return MOBILE_RE.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}

/** The state a list shows for an account at `now` (ms). */
export function permitAccountState(
  status: PermitAccountStatus,
  lockedUntil: number | null,
  now: number,
): PermitAccountState {
  if (status === "disabled") return "disabled";
  return lockedUntil !== null && lockedUntil > now ? "locked" : "active";
}

/**
 * What a guarded change means for the tenant's administrators. An administrator is an active
 * account holding an administrating role (see `isAdministratingRole`).
 */
export interface AdminGuardInput {
  /** The account making the change. */
  callerId: number;
  /** The account changed. */
  targetId: number;
  /** Whether the target administrates before and after the change (active and holding an administrating role). */
  adminBefore: boolean;
  adminAfter: boolean;
  /** Active administrators of the target's tenant before the change, the target included. */
  tenantAdmins: number;
}

/**
 * Refuses a change that leaves the caller without their own last administrating role, or the
 * tenant without an administrator; null when allowed. Applies to role edits of an account,
 * disabling, locking and deleting it.
 */
export function adminGuardProblem(input: AdminGuardInput): string | null {
  if (!input.adminBefore || input.adminAfter) return null;
  if (input.callerId === input.targetId) return MSG_PERMIT_OWN_LAST_ADMIN_ROLE;
  if (input.tenantAdmins <= 1) return MSG_PERMIT_LAST_ADMIN;
  return null;
}

/**
 * A role edit that takes the administrating button away from its holders: refused when the
 * caller loses their own last administrating role, or the tenant is left with no administrator.
 */
export function roleEditAdminProblem(callerLoses: boolean, adminsAfter: number): string | null {
  if (callerLoses) return MSG_PERMIT_OWN_LAST_ADMIN_ROLE;
  return adminsAfter === 0 ? MSG_PERMIT_LAST_ADMIN : null;
}

/** Whether the action changes the target's ability to sign in (and so needs the admin guard). */
export function permitActionSuspends(action: PermitAccountAction): boolean {
  return action === "disable" || action === "lock";
}
