import { type Kysely, sql } from "kysely";

/**
 * Standards-conformant sign-in (issue 15): PKCE (RFC 7636) stored with each code, clients that
 * must use it, public clients without a secret, and the code each token was issued from, so a
 * code used twice can revoke its tokens (RFC 6749 §4.1.2).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("oauth_client")
    .addColumn("require_pkce", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  // A public client (token_endpoint_auth_method "none") has no secret; it must use PKCE.
  await sql`alter table oauth_client alter column secret_hash drop not null`.execute(db);
  await db.schema.alterTable("auth_code").addColumn("code_challenge", "text").execute();
  await db.schema.alterTable("access_token").addColumn("code_hash", "text").execute();
  await db.schema.createIndex("access_token_code_idx").on("access_token").column("code_hash").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("access_token_code_idx").execute();
  await db.schema.alterTable("access_token").dropColumn("code_hash").execute();
  await db.schema.alterTable("auth_code").dropColumn("code_challenge").execute();
  await sql`alter table oauth_client alter column secret_hash set not null`.execute(db);
  await db.schema.alterTable("oauth_client").dropColumn("require_pkce").execute();
}
