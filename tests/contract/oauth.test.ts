import { clientCredentials, revokeToken } from "@tsp/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { AUTOMATION_CLIENT, sdkFor } from "./support/contract";
import { OAUTH_OPS } from "./support/owners";

/**
 * The authorization server's standard endpoints through @tsp/sdk: RFC 8414 metadata and RFC
 * 7009 revocation (the token endpoint's answers are in iam.test.ts; a standard OAuth library
 * drives all of them in tests/security/oauthLibrary.test.ts).
 */
const engine = testEngine();
let server: TestServer;
let base: string;
const ledger = new CallLedger(() => base);
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
const AUTOMATION_BASIC = basic(AUTOMATION_CLIENT.clientId, AUTOMATION_CLIENT.clientSecret);

describe.skipIf(engine.skip)(`OAuth metadata and revocation contract (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer();
    base = server.url;
  }, 120_000);
  afterAll(() => server?.stop());

  it("describes the server at /.well-known/oauth-authorization-server, issuer = the origin it was reached at", async () => {
    const res = await ledger.call("getAuthorizationServerMetadata");
    expect(res.status).toBe(200);
    const issuer = new URL(base).origin;
    expect(res.body).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/b-iam-account/oauth/authorize`,
      token_endpoint: `${issuer}/b-iam-account/oauth/token`,
      revocation_endpoint: `${issuer}/b-iam-account/oauth/revoke`,
      code_challenge_methods_supported: ["S256"],
      response_types_supported: ["code"],
    });
    const metadata = res.body as unknown as Record<string, string[]>;
    expect(metadata.grant_types_supported).toEqual(["authorization_code", "iam_sso_login", "client_credentials"]);
    expect(metadata.token_endpoint_auth_methods_supported).toEqual([
      "client_secret_basic",
      "client_secret_post",
      "none",
    ]);
  });

  it("revokes a token of the client (RFC 7009); the token then answers 401", async () => {
    const sdk = sdkFor(base);
    const { access_token } = await clientCredentials(sdk, AUTOMATION_CLIENT);
    expect((await ledger.call("getMyInfo", { token: access_token })).status).toBe(200);
    const res = await ledger.call("revokeOAuthToken", {
      form: { token: access_token, token_type_hint: "access_token" },
      headers: { authorization: AUTOMATION_BASIC },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const after = await ledger.call("getMyInfo", { token: access_token });
    expect(after.status).toBe(401);
    // The same through the SDK helper, which also forgets the stored token.
    const second = await clientCredentials(sdk, AUTOMATION_CLIENT);
    await revokeToken(sdk, AUTOMATION_CLIENT, second.access_token);
    expect(await sdk.tokens.get()).toBeNull();
    expect((await ledger.call("getMyInfo", { token: second.access_token })).status).toBe(401);
  });

  it("answers 200 for an unknown token and leaves another client's token alone (§2.2: nothing revealed)", async () => {
    const unknown = await ledger.call("revokeOAuthToken", {
      form: { token: "no-such-token" },
      headers: { authorization: AUTOMATION_BASIC },
    });
    expect(unknown.status).toBe(200);
    const { access_token } = await clientCredentials(sdkFor(base), AUTOMATION_CLIENT);
    const foreign = await ledger.call("revokeOAuthToken", {
      form: { token: access_token },
      headers: { authorization: basic("tsp-console", "tsp-console-secret") },
    });
    expect(foreign.status).toBe(200);
    expect((await ledger.call("getMyInfo", { token: access_token })).status).toBe(200);
  });

  it("refuses a request without a token (invalid_request) or without client authentication (invalid_client, Basic challenge)", async () => {
    const noToken = await ledger.call("revokeOAuthToken", { form: {}, headers: { authorization: AUTOMATION_BASIC } });
    expect(noToken.status).toBe(400);
    expect(noToken.body).toMatchObject({ error: "invalid_request", code: 400 });
    expect(noToken.headers.get("cache-control")).toBe("no-store");
    const noClient = await ledger.call("revokeOAuthToken", { form: { token: "x" } });
    expect(noClient.status).toBe(401);
    expect(noClient.body).toMatchObject({ error: "invalid_client", msg: "客户端认证失败" });
    expect(noClient.headers.get("www-authenticate")).toMatch(/^Basic realm=/);
    const wrong = await ledger.call("revokeOAuthToken", {
      form: { token: "x" },
      headers: { authorization: basic(AUTOMATION_CLIENT.clientId, "wrong") },
    });
    expect(wrong.status).toBe(401);
  });

  it("called every operation it owns through @tsp/sdk with good and bad input", () => {
    ledger.expectCovered(OAUTH_OPS);
  });
});
