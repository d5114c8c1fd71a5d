import { PERMIT_ADMIN_PERMISSION, type PermitDataScope, permitOrgSubtree, widestDataScope } from "@tsp/domain";
import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { notFound } from "../../../http/envelope";
import { inTenants, type Principal } from "../../../platform/principal";
import "../permitTables";

type Db = Kysely<Database>;

export const MSG_PERMIT_ACCOUNT_NOT_FOUND = "账号不存在";

/**
 * Which accounts the caller's data scope lets it see: the widest scope of its roles.
 * 全部租户数据 → its tenants; 本组织及下级 → its organisation's subtree; 仅本人 → itself.
 */
/** Who a scope is computed for: a caller, or the account an export task was submitted by. */
export type ScopeHolder = Pick<Principal, "accountId" | "tenantIds">;

export async function accountScope(db: Db, p: ScopeHolder): Promise<{ scope: PermitDataScope; orgIds: number[] }> {
  const me = await db.selectFrom("account").select("org_id").where("id", "=", p.accountId).executeTakeFirstOrThrow();
  const scopes = await db
    .selectFrom("account_role as ar")
    .innerJoin("role as r", "r.id", "ar.role_id")
    .select("r.data_scope")
    .where("ar.account_id", "=", p.accountId)
    .execute();
  const scope = widestDataScope(scopes.map((s) => s.data_scope));
  if (scope !== "org") return { scope, orgIds: [] };
  const orgs = await db
    .selectFrom("org")
    .select(["id", "parent_id as parentId"])
    .where(inTenants("tenant_id", p))
    .execute();
  return { scope, orgIds: permitOrgSubtree(orgs, me.org_id) };
}

/** `where` of the accounts (alias `a`) the caller may see. */
export function inAccountScope(p: ScopeHolder, s: { scope: PermitDataScope; orgIds: number[] }): Expression<SqlBool> {
  if (s.scope === "self") return sql<SqlBool>`a.id = ${p.accountId}`;
  if (s.scope === "org") return sql<SqlBool>`${inTenants("a.tenant_id", p)} and a.org_id in (${sql.join(s.orgIds)})`;
  return inTenants("a.tenant_id", p);
}

/** The account `accountId` if the caller may see it; 404 otherwise (another tenant's is not told apart). */
export async function visibleAccount(db: Db, p: Principal, accountId: number) {
  const s = await accountScope(db, p);
  const row = await db
    .selectFrom("account as a")
    .select(["a.id", "a.tenant_id", "a.status", "a.username"])
    .where("a.id", "=", accountId)
    .where(inAccountScope(p, s))
    .executeTakeFirst();
  if (!row) throw notFound(MSG_PERMIT_ACCOUNT_NOT_FOUND);
  return row;
}

/** Roles (ids) of `tenantId` holding the administrating button. */
export async function adminRoleIds(db: Db, tenantId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom("role as r")
    .innerJoin("role_menu as rm", "rm.role_id", "r.id")
    .innerJoin("menu as m", "m.id", "rm.menu_id")
    .select("r.id")
    .where("r.tenant_id", "=", tenantId)
    .where("m.api", "=", PERMIT_ADMIN_PERMISSION)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Active accounts of `tenantId` with the roles they hold (for counting administrators). */
export async function activeAccountRoles(db: Db, tenantId: number): Promise<Map<number, number[]>> {
  const rows = await db
    .selectFrom("account as a")
    .innerJoin("account_role as ar", "ar.account_id", "a.id")
    .select(["a.id", "ar.role_id"])
    .where("a.tenant_id", "=", tenantId)
    .where("a.status", "=", "active")
    .execute();
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.id, [...(out.get(r.id) ?? []), r.role_id]);
  return out;
}

/** How many of `holders` hold one of `adminRoles`. */
export function countAdmins(holders: Map<number, number[]>, adminRoles: ReadonlySet<number>): number {
  let n = 0;
  for (const roles of holders.values()) if (roles.some((r) => adminRoles.has(r))) n++;
  return n;
}
