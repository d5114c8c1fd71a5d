import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema";
import "../services/b-iam-account/tables";
import type { Principal } from "./principal";

/** Tokens and codes are stored as SHA-256 hashes: a leaked table grants nothing. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/**
 * The principal of a bearer token: unknown, expired, revoked tokens and disabled accounts
 * give null (→ 401). Loads the account's tenant subtree and its button permissions.
 */
export async function authenticateToken(db: Kysely<Database>, token: string, now: Date): Promise<Principal | null> {
  if (token.length > 256) return null;
  const row = await db
    .selectFrom("access_token as t")
    .innerJoin("account as a", "a.id", "t.account_id")
    .select(["a.id", "a.username", "a.tenant_id", "t.client_id"])
    .where("t.token_hash", "=", hashToken(token))
    .where("t.revoked_at", "is", null)
    .where("t.expires_at", ">", now)
    .where("a.status", "=", "active")
    .executeTakeFirst();
  if (!row) return null;
  return loadPrincipal(db, row.id, row.username, row.tenant_id, row.client_id);
}

/** The principal of an account: its tenant with every sub-tenant, and its button permissions. */
export async function loadPrincipal(
  db: Kysely<Database>,
  accountId: number,
  username: string,
  tenantId: number,
  clientId: string,
): Promise<Principal> {
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
    .execute();
  return {
    accountId,
    username,
    tenantId,
    tenantIds: tenants.rows.map((r) => r.id),
    permissions: new Set(buttons.map((b) => b.api)),
    clientId,
  };
}
