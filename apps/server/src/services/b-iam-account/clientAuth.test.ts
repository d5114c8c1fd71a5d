import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/schema";
import { authenticateClient, hashClientSecret } from "./clients";
import { OAuthError } from "./oauthErrors";

/**
 * Client authentication at the token and revocation endpoints (RFC 6749 §2.3), against an
 * in-memory oauth_client table shaped as migrations 0001 and 0020 leave it.
 */
let db: Kysely<Database>;
const SECRET = "s3cret:with colon+plus";
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;

beforeAll(async () => {
  db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: new PGlite() }) });
  await sql`create table oauth_client (
    client_id text primary key, name text not null, secret_hash text, require_pkce boolean not null default false,
    grant_types text[] not null, redirect_uris text[] not null, allow_loopback boolean not null default false,
    service_account_id integer, revoked_at timestamptz)`.execute(db);
  const row = { name: "n", grant_types: ["authorization_code"], redirect_uris: [], allow_loopback: false };
  await db
    .insertInto("oauth_client")
    .values([
      { ...row, client_id: "confidential", secret_hash: hashClientSecret(SECRET) },
      { ...row, client_id: "public", secret_hash: null },
      { ...row, client_id: "revoked", secret_hash: hashClientSecret(SECRET), revoked_at: new Date(0) },
    ])
    .execute();
});
afterAll(() => db.destroy());

/** The OAuth error code a call fails with, or the client id it authenticates. */
async function outcome(header: string | undefined, body: { client_id?: string; client_secret?: string }) {
  try {
    return (await authenticateClient(db, header, body)).client_id;
  } catch (e) {
    if (!(e instanceof OAuthError)) throw e;
    return `${e.error} ${e.status}`;
  }
}

describe("client authentication (RFC 6749 §2.3)", () => {
  it("accepts the Basic header (form-urlencoded id and secret), alone or with the same client_id in the body", async () => {
    expect(await outcome(basic("confidential", SECRET), {})).toBe("confidential");
    expect(await outcome(basic("confidential", SECRET).replace("Basic", "basic"), {})).toBe("confidential");
    expect(await outcome(basic("confidential", SECRET), { client_id: "confidential" })).toBe("confidential");
    expect(await outcome(basic("confidential", SECRET), { client_id: "", client_secret: "" })).toBe("confidential");
  });

  it("refuses a Basic header with the wrong secret, another client_id in the body, an unknown, revoked or public client", async () => {
    expect(await outcome(basic("confidential", "wrong"), {})).toBe("invalid_client 401");
    expect(await outcome(basic("confidential", SECRET), { client_id: "public" })).toBe("invalid_client 401");
    expect(await outcome(basic("nobody", SECRET), {})).toBe("invalid_client 401");
    expect(await outcome(basic("revoked", SECRET), {})).toBe("invalid_client 401");
    expect(await outcome(basic("public", ""), {})).toBe("invalid_client 401");
    expect(await outcome("Basic !!!", {})).toBe("invalid_client 401");
  });

  it("refuses two methods at once: a Basic header and a client_secret in the body", async () => {
    expect(await outcome(basic("confidential", SECRET), { client_secret: SECRET })).toBe("invalid_request 400");
  });

  it("accepts client_secret_post, and client_id alone for a public client only", async () => {
    expect(await outcome(undefined, { client_id: "confidential", client_secret: SECRET })).toBe("confidential");
    expect(await outcome(undefined, { client_id: "public" })).toBe("public");
    expect(await outcome(undefined, { client_id: "public", client_secret: "" })).toBe("public");
    // Not a Basic header: the body decides.
    expect(await outcome("Bearer abc", { client_id: "public" })).toBe("public");
  });

  it("refuses a body without client_id, a wrong or missing secret, a secret for a public client, an unknown or revoked client", async () => {
    expect(await outcome(undefined, {})).toBe("invalid_client 401");
    expect(await outcome(undefined, { client_id: "", client_secret: SECRET })).toBe("invalid_client 401");
    expect(await outcome(undefined, { client_id: "confidential" })).toBe("invalid_client 401");
    expect(await outcome(undefined, { client_id: "confidential", client_secret: "wrong" })).toBe("invalid_client 401");
    expect(await outcome(undefined, { client_id: "public", client_secret: SECRET })).toBe("invalid_client 401");
    expect(await outcome(undefined, { client_id: "nobody" })).toBe("invalid_client 401");
    expect(await outcome(undefined, { client_id: "revoked", client_secret: SECRET })).toBe("invalid_client 401");
  });
});
