import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { hashToken } from "../../platform/auth";

/** Access tokens live 12 hours (openapi getToken); no refresh token: sign in again on 401. */
export const TOKEN_TTL_SECONDS = 12 * 3600;
/** Authorization codes live 5 minutes and work once (openapi submitAuthorizeForm). */
export const CODE_TTL_MS = 5 * 60 * 1000;

/** A new opaque random value (256 bits, base64url). */
export const randomToken = () => randomBytes(32).toString("base64url");

/** Issues an access token for the account; only its hash is stored. */
export async function issueToken(db: Kysely<Database>, accountId: number, clientId: string, now: Date) {
  const token = randomToken();
  await db
    .insertInto("access_token")
    .values({
      token_hash: hashToken(token),
      account_id: accountId,
      client_id: clientId,
      created_at: now,
      expires_at: new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000),
    })
    .execute();
  return { access_token: token, token_type: "bearer" as const, expires_in: TOKEN_TTL_SECONDS, scope: "all" };
}

/** Issues a single-use authorization code bound to client, redirect URI and state. */
export async function issueCode(
  db: Kysely<Database>,
  input: { clientId: string; redirectUri: string; state: string | null; accountId: number },
  now: Date,
): Promise<string> {
  const code = randomToken();
  await db
    .insertInto("auth_code")
    .values({
      code_hash: hashToken(code),
      client_id: input.clientId,
      redirect_uri: input.redirectUri,
      state: input.state,
      account_id: input.accountId,
      expires_at: new Date(now.getTime() + CODE_TTL_MS),
    })
    .execute();
  return code;
}

/**
 * Redeems a code once: it must belong to the client, carry the same redirect URI (and state,
 * when one is required), be unexpired and unused. The update is atomic, so two redemptions
 * of one code cannot both succeed. Returns the account id or null.
 */
export async function redeemCode(
  db: Kysely<Database>,
  input: { code: string; clientId: string; redirectUri: string; state: string | undefined },
  now: Date,
): Promise<number | null> {
  let q = db
    .updateTable("auth_code")
    .set({ used_at: now })
    .where("code_hash", "=", hashToken(input.code))
    .where("client_id", "=", input.clientId)
    .where("redirect_uri", "=", input.redirectUri)
    .where("used_at", "is", null)
    .where("expires_at", ">", now);
  if (input.state !== undefined) q = q.where("state", "=", input.state);
  const row = await q.returning("account_id").executeTakeFirst();
  return row?.account_id ?? null;
}

/** Revokes one token (sign-out). */
export async function revokeToken(db: Kysely<Database>, token: string, now: Date): Promise<void> {
  await db
    .updateTable("access_token")
    .set({ revoked_at: now })
    .where("token_hash", "=", hashToken(token))
    .where("revoked_at", "is", null)
    .execute();
}
