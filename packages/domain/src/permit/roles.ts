import * as v from "valibot";

/** 角色管理 (/permit/role): a role's fields, its data scope, and when it may be deleted. */

/** Which rows of the lists a role's data scope governs the holder may see. */
export const PERMIT_DATA_SCOPES = ["tenant", "org", "self"] as const;
export type PermitDataScope = (typeof PERMIT_DATA_SCOPES)[number];
export const PERMIT_DATA_SCOPE_LABELS: Record<PermitDataScope, string> = {
  tenant: "全部租户数据",
  org: "本组织及下级",
  self: "仅本人",
};

/**
 * The button permission that makes a role administrating: whoever may edit roles can grant
 * anything, so the guard rails count holders of this button as the tenant's administrators.
 */
export const PERMIT_ADMIN_PERMISSION = "/permit/role/edit";

export const MSG_PERMIT_ROLE_CODE = "角色编码须为2-32位字母、数字或下划线，并以字母开头";
export const MSG_PERMIT_ROLE_NAME = "请输入1-32个字符的角色名称";
export const MSG_PERMIT_DATA_SCOPE = "请选择数据范围";
export const MSG_PERMIT_MENUS = "菜单必须是菜单编号的列表";
export const msgPermitRoleCodeTaken = (code: string) => `角色编码${code}已存在`;
export const msgPermitMenusNotAllowed = (titles: readonly string[]) =>
  `本租户不能使用这些菜单：${titles.slice(0, 5).join("、")}${titles.length > 5 ? `等${titles.length}项` : ""}`;
export const msgPermitUnknownMenus = (n: number) => `有${n}个菜单不存在`;

/** Refusal of deleting a role that accounts still hold, naming (up to five of) them. */
export function msgPermitRoleInUse(usernames: readonly string[], total: number): string {
  const named = usernames.slice(0, 5).join("、");
  return `该角色仍被${total}个账号使用（${named}${total > 5 ? "等" : ""}），请先移除这些账号的该角色`;
}

const ROLE_CODE_RE = /^[A-Za-z][A-Za-z0-9_]{1,31}$/u;

export const PermitRoleEditSchema = v.object({
  code: v.pipe(v.string(), v.regex(ROLE_CODE_RE, MSG_PERMIT_ROLE_CODE)),
  name: v.pipe(v.string(), v.trim(), v.minLength(1, MSG_PERMIT_ROLE_NAME), v.maxLength(32, MSG_PERMIT_ROLE_NAME)),
  dataScope: v.picklist(PERMIT_DATA_SCOPES, MSG_PERMIT_DATA_SCOPE),
  menuIds: v.array(v.number(MSG_PERMIT_MENUS), MSG_PERMIT_MENUS),
});
export type PermitRoleEdit = v.InferOutput<typeof PermitRoleEditSchema>;

/** The widest of several roles' scopes (an account's scope is the union of its roles'); "self" without roles. */
export function widestDataScope(scopes: readonly PermitDataScope[]): PermitDataScope {
  if (scopes.includes("tenant")) return "tenant";
  if (scopes.includes("org")) return "org";
  return "self";
}

/**
 * The chosen menus a tenant may not use (by id), given the menus it may use; `allowed` null
 * means the tenant has no restriction recorded (every menu allowed).
 */
export function menusOutsideTenant(menuIds: readonly number[], allowed: ReadonlySet<number> | null): number[] {
  if (allowed === null) return [];
  return menuIds.filter((id) => !allowed.has(id));
}
