import { createHash } from "node:crypto";
import { type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../db/schema";
import "../services/b-iam-account/tables";
import type { Principal } from "./principal";

/** Tokens and codes are stored as SHA-256 hashes: a leaked table grants nothing. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** What an account may see and do: the part of a principal that is cached. */
interface Grants {
  tenantId: number;
  tenantIds: readonly number[];
  permissions: ReadonlySet<string>;
}

/** Grants per account id, valid for one value of `authz_version`. */
interface GrantCache {
  version: bigint;
  byAccount: Map<number, Grants>;
}

/** Accounts whose grants are kept per database; the oldest entry goes first beyond this. */
export const GRANT_CACHE_MAX_ACCOUNTS = 10_000;

/** One cache per database handle, so servers sharing a process (tests) never share grants. */
const grantCaches = new WeakMap<Kysely<Database>, GrantCache>();

function cacheOf(db: Kysely<Database>): GrantCache {
  let cache = grantCaches.get(db);
  if (!cache) {
    cache = { version: -1n, byAccount: new Map() };
    grantCaches.set(db, cache);
  }
  return cache;
}

/**
 * The principal of a bearer token: unknown, expired, revoked tokens and disabled accounts
 * give null (→ 401). Adds the account's tenant subtree and its button permissions.
 *
 * One query per request checks the token, its expiry, its revocation and the account's status
 * — never cached, so a signed-out or expired token or a disabled account is refused on the
 * very next request. The same query reads `authz_version`, which triggers raise on every write
 * to tenant, role, menu, account_role and role_menu (b-iam-account migration 0002): the
 * account's tenants and buttons (two more queries) are reused only while that version is
 * unchanged, and for the same tenant of the account.
 */
export async function authenticateToken(db: Kysely<Database>, token: string, now: Date): Promise<Principal | null> {
  if (token.length > 256) return null;
  const row = await db
    .selectFrom("access_token as t")
    .innerJoin("account as a", "a.id", "t.account_id")
    .select([
      "a.id",
      "a.username",
      "a.tenant_id",
      "t.client_id",
      sql<string | null>`(select version::text from authz_version where id = 1)`.as("authz_version"),
    ])
    .where("t.token_hash", "=", hashToken(token))
    .where("t.revoked_at", "is", null)
    .where("t.expires_at", ">", now)
    .where("a.status", "=", "active")
    // A disabled tenant (disabling takes its subtree with it) signs its accounts out here.
    .where(sql<SqlBool>`exists (select 1 from tenant tn where tn.id = a.tenant_id and tn.status = 'active')`)
    .executeTakeFirst();
  if (!row) return null;
  const grants = await grantsOf(db, row.id, row.tenant_id, row.authz_version);
  return {
    accountId: row.id,
    username: row.username,
    clientId: row.client_id,
    authzVersion: row.authz_version,
    ...grants,
  };
}

/** Cached grants when they were loaded under the version just read; else loads (and keeps) them. */
async function grantsOf(
  db: Kysely<Database>,
  accountId: number,
  tenantId: number,
  versionText: string | null,
): Promise<Grants> {
  // No version row (a database someone emptied by hand): nothing can tell staleness, never cache.
  if (versionText === null) return loadGrants(db, accountId, tenantId);
  const version = BigInt(versionText);
  const cache = cacheOf(db);
  if (version > cache.version) {
    cache.version = version;
    cache.byAccount.clear();
  }
  const cached = version === cache.version ? cache.byAccount.get(accountId) : undefined;
  if (cached && cached.tenantId === tenantId) return cached;
  const grants = await loadGrants(db, accountId, tenantId);
  // The version was read before the grants: if a write came in between, the cache has moved on
  // (or will, on the next request) and these grants are simply not kept.
  if (version === cache.version) {
    if (cache.byAccount.size >= GRANT_CACHE_MAX_ACCOUNTS) {
      const oldest = cache.byAccount.keys().next();
      if (!oldest.done) cache.byAccount.delete(oldest.value);
    }
    cache.byAccount.set(accountId, grants);
  }
  return grants;
}

/** The account's tenant with every sub-tenant, and its button permissions, from the database. */
async function loadGrants(db: Kysely<Database>, accountId: number, tenantId: number): Promise<Grants> {
  const tenants = await sql<{ id: number }>`
    with recursive sub(id) as (
      select id from tenant where id = ${tenantId}
      union select t.id from tenant t join sub on t.parent_id = sub.id
    ) select id from sub order by id`.execute(db);
  const buttons = await db
    .selectFrom("account_role as ar")
    .innerJoin("role_menu as rm", "rm.role_id", "ar.role_id")
    .innerJoin("menu as m", "m.id", "rm.menu_id")
    .select("m.api")
    .distinct()
    .where("ar.account_id", "=", accountId)
    .where("m.kind", "=", "button")
    // Only buttons of menus the tenant may use (租户管理), whatever the roles hold.
    .where(sql<SqlBool>`not exists (select 1 from tenant tn where tn.id = ${tenantId} and tn.menus_restricted)
      or m.parent_id in (select menu_id from tenant_menu where tenant_id = ${tenantId})`)
    .execute();
  return {
    tenantId,
    tenantIds: tenants.rows.map((r) => r.id),
    permissions: new Set(buttons.map((b) => b.api)),
  };
}
