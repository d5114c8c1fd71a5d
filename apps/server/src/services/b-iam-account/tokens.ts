import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { hashToken } from "../../platform/auth";
import { s256 } from "./pkce";

/** Access tokens live 12 hours (openapi getToken); no refresh token: sign in again on 401. */
export const TOKEN_TTL_SECONDS = 12 * 3600;
/** Authorization codes live 5 minutes and work once (openapi submitAuthorizeForm). */
export const CODE_TTL_MS = 5 * 60 * 1000;

/** A new opaque random value (256 bits, base64url). */
export const randomToken = () => randomBytes(32).toString("base64url");

/** The one scope this server grants: everything the account's roles allow. */
export const SCOPE = "all";

/** The token answer of RFC 6749 §5.1 (token_type is case-insensitive, §7.1; "Bearer" as RFC 6750 writes it). */
export interface TokenAnswer {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  scope: string;
}

/**
 * Issues an access token for the account; only its hash is stored, with the hash of the code
 * it was issued from (if any), so a replay of that code can revoke it.
 */
export async function issueToken(
  db: Kysely<Database>,
  accountId: number,
  clientId: string,
  now: Date,
  fromCodeHash: string | null = null,
): Promise<TokenAnswer> {
  const token = randomToken();
  await db
    .insertInto("access_token")
    .values({
      token_hash: hashToken(token),
      account_id: accountId,
      client_id: clientId,
      created_at: now,
      expires_at: new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000),
      code_hash: fromCodeHash,
    })
    .execute();
  return { access_token: token, token_type: "Bearer", expires_in: TOKEN_TTL_SECONDS, scope: SCOPE };
}

/** Issues a single-use authorization code bound to client, redirect URI and state. */
export async function issueCode(
  db: Kysely<Database>,
  input: {
    clientId: string;
    redirectUri: string;
    state: string | null;
    accountId: number;
    codeChallenge: string | null;
  },
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
      code_challenge: input.codeChallenge,
    })
    .execute();
  return code;
}

/**
 * Redeems a code once: it must belong to the client, carry the same redirect URI (and state,
 * when one is required), be unexpired and unused, and — when the authorize request had a PKCE
 * challenge — come with the verifier that hashes to it (none when it had none). The update is
 * atomic, so two redemptions of one code cannot both succeed; a refusal for another reason
 * does not spend the code. A code that was already used revokes every token issued from it
 * (RFC 6749 §4.1.2: it has probably leaked). Returns the account id and the code's hash, or null.
 */
export async function redeemCode(
  db: Kysely<Database>,
  input: {
    code: string;
    clientId: string;
    redirectUri: string;
    state: string | undefined;
    codeVerifier: string | undefined;
  },
  now: Date,
): Promise<{ accountId: number; codeHash: string } | null> {
  const codeHash = hashToken(input.code);
  let q = db
    .updateTable("auth_code")
    .set({ used_at: now })
    .where("code_hash", "=", codeHash)
    .where("client_id", "=", input.clientId)
    .where("redirect_uri", "=", input.redirectUri)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .where(
      "code_challenge",
      input.codeVerifier === undefined ? "is" : "=",
      input.codeVerifier === undefined ? null : s256(input.codeVerifier),
    );
  if (input.state !== undefined) q = q.where("state", "=", input.state);
  const row = await q.returning("account_id").executeTakeFirst();
  if (row) return { accountId: row.account_id, codeHash };
  const used = await db
    .selectFrom("auth_code")
    .select("used_at")
    .where("code_hash", "=", codeHash)
    .where("used_at", "is not", null)
    .executeTakeFirst();
  if (used) {
    await db
      .updateTable("access_token")
      .set({ revoked_at: now })
      .where("code_hash", "=", codeHash)
      .where("revoked_at", "is", null)
      .execute();
  }
  return null;
}

/**
 * Revokes one token (sign-out; the revocation endpoint passes its client, so a client can
 * revoke only tokens issued to it, RFC 7009 §2.1).
 */
export async function revokeToken(db: Kysely<Database>, token: string, now: Date, clientId?: string): Promise<void> {
  let q = db
    .updateTable("access_token")
    .set({ revoked_at: now })
    .where("token_hash", "=", hashToken(token))
    .where("revoked_at", "is", null);
  if (clientId !== undefined) q = q.where("client_id", "=", clientId);
  await q.execute();
}
