import { type Expression, type SqlBool, sql } from "kysely";

/** Who is calling: the account behind a valid bearer token (set by the router). */
export interface Principal {
  accountId: number;
  username: string;
  /** The account's own tenant. */
  tenantId: number;
  /**
   * Tenants whose rows this account may see: its tenant and every sub-tenant below it
   * (business-areas.md §6: tenants and sub-tenants). Tenant-owned rows outside this list
   * are invisible — every query on tenant-owned data filters by it.
   */
  tenantIds: readonly number[];
  /** Button permissions (buttonApis), e.g. "/tbox/loginJournal/loginLog/export". */
  permissions: ReadonlySet<string>;
  /** The OAuth client the token was issued to. */
  clientId: string;
  /**
   * `authz_version` as read with the token (null when the row is missing): the router sends it
   * as `X-Authz-Version`, so a client knows when to reload its permissions.
   */
  authzVersion?: string | null;
}

/**
 * `where <column> in (<principal's tenants>)` for any Kysely query:
 * `qb.where(inTenants("vehicle.tenant_id", principal))`.
 */
export function inTenants(column: string, principal: Pick<Principal, "tenantIds">): Expression<SqlBool> {
  if (principal.tenantIds.length === 0) return sql<SqlBool>`false`;
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(principal.tenantIds)})`;
}

/** Whether a row of `tenantId` is visible to the principal. */
export function seesTenant(principal: Pick<Principal, "tenantIds">, tenantId: number): boolean {
  return principal.tenantIds.includes(tenantId);
}
