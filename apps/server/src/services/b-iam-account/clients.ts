import { createHash, timingSafeEqual } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database } from "../../db/schema";
import type { OAuthClientTable } from "./tables";

export type OAuthClient = Selectable<OAuthClientTable>;

/** Client secrets are long random strings, so a SHA-256 hash is enough to store them. */
export function hashClientSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("base64url");
}

/** The client named by an HTTP Basic header (RFC 6749 §2.3.1), or null when it does not authenticate. */
export async function clientFromBasic(db: Kysely<Database>, header: string | undefined): Promise<OAuthClient | null> {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header) : null;
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 1) return null;
  let id: string;
  let secret: string;
  try {
    id = decodeURIComponent(decoded.slice(0, colon));
    secret = decodeURIComponent(decoded.slice(colon + 1));
  } catch {
    return null;
  }
  const client = await findClient(db, id);
  if (!client) return null;
  const a = Buffer.from(client.secret_hash);
  const b = Buffer.from(hashClientSecret(secret));
  return a.length === b.length && timingSafeEqual(a, b) ? client : null;
}

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
