import * as v from "valibot";
import { err, ok, type Result } from "../shared/result";

/**
 * 租户管理 / 下级租户管理 (系统管理 › /permit/tenant, /permit/belowTenant): a tenant's fields, its
 * place in the tree, and the guard rails of disabling and of the menus a tenant may use.
 */

export const TENANT_STATUSES = ["active", "disabled"] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];
export const TENANT_STATUS_LABELS: Readonly<Record<TenantStatus, string>> = { active: "启用", disabled: "停用" };

export const TENANT_CODE_MAX = 20;
export const TENANT_NAME_MAX = 50;
export const TENANT_REMARK_MAX = 200;
export const MSG_TENANT_CODE = `租户编码为2-${TENANT_CODE_MAX}位大写字母、数字、下划线或短横线，以字母开头`;
export const MSG_TENANT_NAME = `请输入租户名称（2-${TENANT_NAME_MAX}个字）`;
export const MSG_TENANT_REMARK = `备注不能超过${TENANT_REMARK_MAX}个字`;
export const MSG_TENANT_PARENT = "请选择上级租户";
export const MSG_TENANT_CODE_TAKEN = "租户编码已存在";
export const MSG_TENANT_NOT_FOUND = "租户不存在";
export const MSG_TENANT_PARENT_NOT_FOUND = "上级租户不存在";
export const MSG_TENANT_DISABLE_OWN = "不能停用本租户或上级租户";
export const MSG_TENANT_DISABLE_ROOT = "平台租户不能停用";
export const MSG_TENANT_ENABLE_PARENT = "上级租户已停用，请先启用上级租户";
export const MSG_TENANT_PARENT_DISABLED = "上级租户已停用，不能在其下新建租户";
export const MSG_TENANT_MENUS_OWN = "不能修改本租户或上级租户的可用菜单";
export const MSG_TENANT_MENUS_OUTSIDE = "所选菜单超出上级租户的可用范围";
export const MSG_TENANT_STALE = "该租户已被他人修改，请刷新后重试";
/** What a signing-in account of a disabled tenant is told (only after its password was right). */
export const MSG_TENANT_DISABLED_SIGN_IN = "所属租户已停用，无法登录";

/** A tenant as its form edits it; the code is fixed once created (accounts and data name it). */
export const TenantEditSchema = v.object({
  name: v.pipe(
    v.string(MSG_TENANT_NAME),
    v.trim(),
    v.minLength(2, MSG_TENANT_NAME),
    v.maxLength(TENANT_NAME_MAX, MSG_TENANT_NAME),
  ),
  remark: v.optional(
    v.pipe(v.string(MSG_TENANT_REMARK), v.trim(), v.maxLength(TENANT_REMARK_MAX, MSG_TENANT_REMARK)),
    "",
  ),
});
export type TenantEdit = v.InferOutput<typeof TenantEditSchema>;

/** A new tenant: its code (unique, upper case) under a parent, and the editable fields. */
export const TenantCreateSchema = v.object({
  // An empty select gives null: 请选择上级租户.
  parentId: v.number(MSG_TENANT_PARENT),
  ...TenantEditSchema.entries,
  code: v.pipe(
    v.string(MSG_TENANT_CODE),
    v.trim(),
    v.toUpperCase(),
    v.regex(new RegExp(`^[A-Z][A-Z0-9_-]{1,${TENANT_CODE_MAX - 1}}$`, "u"), MSG_TENANT_CODE),
  ),
});
export type TenantCreate = v.InferOutput<typeof TenantCreateSchema>;

/** One problem of a tenant form, by field. */
export interface TenantProblem {
  field: string;
  msg: string;
}

function checked<S extends v.GenericSchema>(schema: S, input: unknown): Result<v.InferOutput<S>, TenantProblem[]> {
  const r = v.safeParse(schema, input);
  if (r.success) return ok(r.output);
  return err(r.issues.map((i) => ({ field: i.path?.map((p) => String(p.key)).join(".") ?? "", msg: i.message })));
}
/** The create form's values, or every problem by field. */
export const checkTenantCreate = (input: unknown) => checked(TenantCreateSchema, input);
/** The edit form's values, or every problem by field. */
export const checkTenantEdit = (input: unknown) => checked(TenantEditSchema, input);

/** The part of a tenant the tree rules read. */
export interface TenantLink {
  id: number;
  parentId: number | null;
  status?: TenantStatus;
}

/** The tenant and every tenant below it (the tenant first, then breadth first). */
export function subtreeIds(tenants: readonly TenantLink[], rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const t of tenants) {
    if (t.parentId === null) continue;
    children.set(t.parentId, [...(children.get(t.parentId) ?? []), t.id]);
  }
  const out: number[] = [];
  const queue = [rootId];
  const seen = new Set<number>();
  while (queue.length > 0) {
    const id = queue.shift() as number;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    queue.push(...(children.get(id) ?? []));
  }
  return out;
}

/** The tenant's ancestors, nearest first (not the tenant itself). */
export function ancestorIds(tenants: readonly TenantLink[], id: number): number[] {
  const parent = new Map(tenants.map((t) => [t.id, t.parentId]));
  const out: number[] = [];
  let next = parent.get(id) ?? null;
  while (next !== null && !out.includes(next)) {
    out.push(next);
    next = parent.get(next) ?? null;
  }
  return out;
}

/** A tenant with its children, for the tree. */
export type TenantTreeNode<T extends TenantLink> = T & { children: TenantTreeNode<T>[] };

/** The tenants as trees under the given roots, children in the order given. */
export function tenantTree<T extends TenantLink>(
  tenants: readonly T[],
  rootIds: readonly number[],
): TenantTreeNode<T>[] {
  const byParent = new Map<number, T[]>();
  for (const t of tenants) if (t.parentId !== null) byParent.set(t.parentId, [...(byParent.get(t.parentId) ?? []), t]);
  const node = (t: T, seen: Set<number>): TenantTreeNode<T> => {
    seen.add(t.id);
    return { ...t, children: (byParent.get(t.id) ?? []).filter((c) => !seen.has(c.id)).map((c) => node(c, seen)) };
  };
  return rootIds.flatMap((id) => {
    const root = tenants.find((t) => t.id === id);
    return root ? [node(root, new Set())] : [];
  });
}

/**
 * Why the caller may not disable or enable the tenant, or null when it may: nobody disables
 * their own tenant or one above it (it would sign themselves out), a root (platform) tenant is
 * never disabled, and a tenant is enabled only while its parent is.
 */
export function tenantStatusRefusal(
  tenants: readonly TenantLink[],
  callerTenantId: number,
  targetId: number,
  to: TenantStatus,
): string | null {
  const target = tenants.find((t) => t.id === targetId);
  if (!target) return MSG_TENANT_NOT_FOUND;
  if (to === "disabled") {
    if (target.parentId === null) return MSG_TENANT_DISABLE_ROOT;
    if (targetId === callerTenantId || ancestorIds(tenants, callerTenantId).includes(targetId))
      return MSG_TENANT_DISABLE_OWN;
    return null;
  }
  const parent = tenants.find((t) => t.id === target.parentId);
  return parent?.status === "disabled" ? MSG_TENANT_ENABLE_PARENT : null;
}

/**
 * Why the caller may not set the tenant's menus, or null: only a tenant above sets them (never
 * one's own or an ancestor's), and only within what the parent may use (`parentMenus` null:
 * the parent may use every menu).
 */
export function tenantMenusRefusal(
  tenants: readonly TenantLink[],
  callerTenantId: number,
  targetId: number,
  menuIds: readonly number[],
  parentMenus: ReadonlySet<number> | null,
): string | null {
  if (!tenants.some((t) => t.id === targetId)) return MSG_TENANT_NOT_FOUND;
  if (targetId === callerTenantId || ancestorIds(tenants, callerTenantId).includes(targetId))
    return MSG_TENANT_MENUS_OWN;
  if (parentMenus !== null && menuIds.some((id) => !parentMenus.has(id))) return MSG_TENANT_MENUS_OUTSIDE;
  return null;
}
