import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Principal } from "../platform/principal";
import { hashPassword } from "../services/b-iam-account/passwords";
import { issueToken } from "../services/b-iam-account/tokens";

/** The id and tenant of a seeded account. */
export async function accountOf(db: Kysely<Database>, username: string) {
  return db
    .selectFrom("account")
    .select(["id", "tenant_id", "org_id"])
    .where("username", "=", username)
    .executeTakeFirstOrThrow();
}

/**
 * A new account in the same tenant, organisation and roles as `model`: every permission the
 * model has, so only "which account" differs (checks that a rule is per account, not per tenant).
 */
export async function twinAccount(db: Kysely<Database>, model: string, username: string): Promise<number> {
  const base = await accountOf(db, model);
  const id = (
    await db
      .insertInto("account")
      .values({
        tenant_id: base.tenant_id,
        org_id: base.org_id,
        username,
        real_name: username,
        mobile: null,
        email: null,
        password_hash: await hashPassword("Twin@123456"),
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  const roles = await db.selectFrom("account_role").select("role_id").where("account_id", "=", base.id).execute();
  await db
    .insertInto("account_role")
    .values(roles.map((r) => ({ account_id: id, role_id: r.role_id })))
    .execute();
  return id;
}

/** A bearer token issued at `now` through the console client (the token call's own code). */
export async function bearerFor(db: Kysely<Database>, accountId: number, now: Date): Promise<string> {
  return (await issueToken(db, accountId, "tsp-console", now)).access_token;
}

/** The principal the router would build for a seeded account (for calls below HTTP). */
export async function principalOf(db: Kysely<Database>, username: string): Promise<Principal> {
  const a = await accountOf(db, username);
  return {
    accountId: a.id,
    username,
    tenantId: a.tenant_id,
    tenantIds: [a.tenant_id],
    permissions: new Set(),
    clientId: "tsp-console",
  };
}
