import { type Kysely, sql } from "kysely";
import type { Database } from "../../../apps/server/src/db/schema";
import { hashPassword } from "../../../apps/server/src/services/b-iam-account/passwords";
import { issueToken } from "../../../apps/server/src/services/b-iam-account/tokens";

/** The account id of a seeded username. */
export async function accountIdOf(db: Kysely<Database>, username: string): Promise<number> {
  const row = await db.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow();
  return row.id;
}

/** A token issued now for an account (as the token call would), through the console client. */
export async function tokenFor(db: Kysely<Database>, accountId: number, now = new Date()): Promise<string> {
  return (await issueToken(db, accountId, "tsp-console", now)).access_token;
}

/**
 * A token that was valid once and has expired: issued two days ago (tokens live 12 hours),
 * through the server's own issuing code, so only its age differs from a good one.
 */
export async function expiredTokenFor(db: Kysely<Database>, accountId: number): Promise<string> {
  return tokenFor(db, accountId, new Date(Date.now() - 2 * 24 * 3600 * 1000));
}

/**
 * An active account of tenant 1 with no role at all: signed in, but holding no button
 * permission, so every operation with `x-permission` must answer 403 and the others not.
 */
export async function accountWithoutPermissions(db: Kysely<Database>, username: string): Promise<number> {
  const admin = await db
    .selectFrom("account")
    .select(["tenant_id", "org_id"])
    .where("username", "=", "admin")
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto("account")
    .values({
      tenant_id: admin.tenant_id,
      org_id: admin.org_id,
      username,
      real_name: username,
      mobile: null,
      email: null,
      password_hash: await hashPassword("Nobody@123456"),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every identifier (VIN, ICCID, plate) of vehicles outside a tenant's subtree: what it must never see. */
export async function foreignIdentifiers(db: Kysely<Database>, tenantId: number): Promise<string[]> {
  const rows = await sql<{ vin: string; iccid: string | null; plate: string | null }>`
    with recursive sub(id) as (select id from tenant where id = ${tenantId} union select t.id from tenant t join sub on t.parent_id = sub.id)
    select vin, iccid, plate from vehicle where tenant_id not in (select id from sub)`.execute(db);
  return rows.rows
    .flatMap((r) => [r.vin, r.iccid, r.plate])
    .filter((x): x is string => typeof x === "string" && x.length >= 6);
}
