import { createHash, timingSafeEqual } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database } from "../../db/schema";
import { OAuthError } from "./oauthErrors";
import type { OAuthClientTable } from "./tables";

export type OAuthClient = Selectable<OAuthClientTable>;

/** Client secrets are long random strings, so a SHA-256 hash is enough to store them. */
export function hashClientSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("base64url");
}

/** application/x-www-form-urlencoded decoding: "+" is a space (oauth4webapi and others encode so). */
const unform = (s: string) => decodeURIComponent(s.replace(/\+/g, " "));

/** The id and secret of an HTTP Basic header (RFC 6749 §2.3.1: each form-urlencoded), or null. */
export function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header) : null;
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 1) return null;
  try {
    return { id: unform(decoded.slice(0, colon)), secret: unform(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

/** Whether the secret is the client's (constant time); a public client has none to match. */
function secretMatches(client: OAuthClient, secret: string): boolean {
  if (client.secret_hash === null) return false;
  const a = Buffer.from(client.secret_hash);
  const b = Buffer.from(hashClientSecret(secret));
  return a.length === b.length && timingSafeEqual(a, b);
}

const MSG_CLIENT = "客户端认证失败";

/**
 * Authenticates the caller of the token or revocation endpoint (RFC 6749 §2.3): the Basic
 * header (client_secret_basic), client_id and client_secret in the body (client_secret_post),
 * or client_id alone for a public client ("none", which must then use PKCE). Using two
 * methods at once is invalid_request (§2.3); anything that does not authenticate is
 * invalid_client (401 with a Basic challenge, §5.2).
 */
export async function authenticateClient(
  db: Kysely<Database>,
  header: string | undefined,
  body: { client_id?: string | undefined; client_secret?: string | undefined },
): Promise<OAuthClient> {
  const hasHeader = header !== undefined && /^Basic\s/i.test(header);
  const bodyId = body.client_id || undefined;
  const bodySecret = body.client_secret || undefined;
  if (hasHeader && bodySecret !== undefined) {
    throw new OAuthError("invalid_request", "客户端认证方式只能选一种：Basic 请求头或请求体中的 client_secret");
  }
  if (hasHeader) {
    const credentials = basicCredentials(header);
    // A client_id in the body besides the header must name the same client.
    if (!credentials || (bodyId !== undefined && bodyId !== credentials.id)) {
      throw new OAuthError("invalid_client", MSG_CLIENT);
    }
    const client = await findClient(db, credentials.id);
    if (!client || !secretMatches(client, credentials.secret)) throw new OAuthError("invalid_client", MSG_CLIENT);
    return client;
  }
  if (bodyId === undefined) throw new OAuthError("invalid_client", MSG_CLIENT);
  const client = await findClient(db, bodyId);
  if (!client) throw new OAuthError("invalid_client", MSG_CLIENT);
  if (bodySecret === undefined ? client.secret_hash !== null : !secretMatches(client, bodySecret)) {
    throw new OAuthError("invalid_client", MSG_CLIENT);
  }
  return client;
}

/** Whether the client must send a PKCE challenge: when flagged, and always without a secret. */
export const mustUsePkce = (client: OAuthClient) => client.require_pkce || client.secret_hash === null;

/** An active (not revoked) client by id. */
export async function findClient(db: Kysely<Database>, clientId: string): Promise<OAuthClient | null> {
  const client = await db
    .selectFrom("oauth_client")
    .selectAll()
    .where("client_id", "=", clientId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return client ?? null;
}

/**
 * Whether the client may be sent back to this URI: one of its registered URIs exactly, or,
 * for loopback clients (the console in development and tests), any port of 127.0.0.1 /
 * localhost / [::1] (RFC 8252 §7.3). Fragments are never allowed (RFC 6749 §3.1.2).
 */
export function redirectAllowed(client: OAuthClient, uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  // `url.hash` is "" for a bare "#", so look at the text itself.
  if (uri.includes("#")) return false;
  if (client.redirect_uris.includes(uri)) return true;
  return client.allow_loopback && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
}
