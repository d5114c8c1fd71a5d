import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { AUTOMATION_CLIENT, CONSOLE_CLIENT } from "../contract/support/contract";
import { startSmallServer } from "../robustness/support/fuzzServer";

/**
 * Issue 15 "Done when": an ordinary OAuth 2.0 client library (oauth4webapi) discovers the
 * reference server through its RFC 8414 metadata, completes the authorization-code flow with
 * PKCE (the sign-in page driven over HTTP: get the form, post the credentials, read the code
 * from the redirect) and the client-credentials flow, calls the API with the token and revokes
 * it (RFC 7009) — the API then answers 401 with a Bearer challenge (RFC 6750). Nothing here is
 * written for this server: every request and every check on the answers is the library's.
 */
const engine = testEngine();
let server: TestServer;
let as: oauth.AuthorizationServer;
const REDIRECT = "http://127.0.0.1:5173/";
const PUBLIC_CLIENT = "tsp-public-script";

/** Every answer of the token and revocation endpoints the library received, for the no-store check. */
const answers: { url: string; status: number; cacheControl: string | null; pragma: string | null }[] = [];
const recordingFetch = (async (url: string, init: RequestInit) => {
  const res = await fetch(url, init);
  if (/\/oauth\/(token|revoke)$/.test(new URL(url).pathname)) {
    answers.push({
      url,
      status: res.status,
      cacheControl: res.headers.get("cache-control"),
      pragma: res.headers.get("pragma"),
    });
  }
  return res;
}) as typeof fetch;
/** The reference server runs on plain HTTP on 127.0.0.1 in tests; the library insists on HTTPS otherwise. */
const options = { [oauth.allowInsecureRequests]: true, [oauth.customFetch]: recordingFetch };

const consoleClient: oauth.Client = { client_id: CONSOLE_CLIENT.clientId };
const consoleAuth = oauth.ClientSecretBasic(CONSOLE_CLIENT.clientSecret);

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };
/** Text of an HTML attribute value as the sign-in page escapes it. */
const htmlText = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (whole, e: string) => ENTITIES[e] ?? whole);

/** The hidden fields of the sign-in page's form. */
function hiddenFields(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, k, v]) => [
      k,
      htmlText(v ?? ""),
    ]),
  );
}

/**
 * A person signing in: the library builds the authorize URL, the page is fetched, its form
 * posted with the credentials, and the redirect back carries the code. Answers the callback URL.
 */
async function signInThroughPage(params: Record<string, string>, username = "admin", password = "Admin@123456") {
  const url = new URL(as.authorization_endpoint ?? "");
  for (const [k, v] of Object.entries({ response_type: "code", redirect_uri: REDIRECT, ...params })) {
    url.searchParams.set(k, v);
  }
  const page = await fetch(url, { redirect: "manual" });
  expect(page.status).toBe(200);
  const form = hiddenFields(await page.text());
  const posted = await fetch(url.origin + url.pathname, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...form, username, password }),
    redirect: "manual",
  });
  expect(posted.status).toBe(302);
  return new URL(posted.headers.get("location") ?? "");
}

/** A code for the console client bound to a fresh PKCE verifier. */
async function consoleCode() {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const callback = await signInThroughPage({
    client_id: consoleClient.client_id,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  });
  const params = oauth.validateAuthResponse(as, consoleClient, callback, state);
  return { params, verifier };
}

const myInfo = (token: string) =>
  oauth.protectedResourceRequest(
    token,
    "GET",
    new URL("/comm-inc-center/v1/web/home/user/myInfo", server.url),
    undefined,
    undefined,
    { [oauth.allowInsecureRequests]: true },
  );

/** The error a library call was refused with (RFC 6749 §5.2 body or a WWW-Authenticate challenge). */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).not.toBeNull();
  return error as oauth.ResponseBodyError | oauth.WWWAuthenticateChallengeError;
}

describe.skipIf(engine.skip)(
  `a standard OAuth 2.0 client library against the reference server (${engine.kind})`,
  () => {
    beforeAll(async () => {
      server = await startSmallServer();
      // A public client (no secret, token_endpoint_auth_method "none"): a script on a person's machine.
      await server.db
        .insertInto("oauth_client")
        .values({
          client_id: PUBLIC_CLIENT,
          name: "public script",
          secret_hash: null,
          grant_types: ["authorization_code"],
          redirect_uris: [REDIRECT],
          allow_loopback: false,
          service_account_id: null,
          revoked_at: null,
        })
        .execute();
      const issuer = new URL(server.url);
      as = await oauth.processDiscoveryResponse(
        issuer,
        await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...options }),
      );
    }, 180_000);
    afterAll(() => server?.stop());

    it("discovers the endpoints, grants, PKCE method and client authentication methods from the metadata", () => {
      expect(as.token_endpoint).toBe(new URL("/b-iam-account/oauth/token", server.url).href);
      expect(as.revocation_endpoint).toBe(new URL("/b-iam-account/oauth/revoke", server.url).href);
      expect(as.code_challenge_methods_supported).toEqual(["S256"]);
      expect(as.grant_types_supported).toEqual(
        expect.arrayContaining(["authorization_code", "client_credentials", "iam_sso_login"]),
      );
      expect(as.token_endpoint_auth_methods_supported).toEqual(
        expect.arrayContaining(["client_secret_basic", "client_secret_post", "none"]),
      );
    });

    it("completes the authorization-code flow with PKCE, calls the API, revokes the token, and the API answers 401 with a Bearer challenge", async () => {
      const { params, verifier } = await consoleCode();
      const tokens = await oauth.processAuthorizationCodeResponse(
        as,
        consoleClient,
        await oauth.authorizationCodeGrantRequest(as, consoleClient, consoleAuth, params, REDIRECT, verifier, options),
      );
      expect(tokens.token_type).toBe("bearer"); // the library lower-cases it
      expect(tokens.expires_in).toBe(43200);
      expect(tokens.scope).toBe("all");
      const me = await myInfo(tokens.access_token);
      expect(me.status).toBe(200);
      expect(((await me.json()) as { data: { username: string } }).data.username).toBe("admin");

      await oauth.processRevocationResponse(
        await oauth.revocationRequest(as, consoleClient, consoleAuth, tokens.access_token, options),
      );
      const after = await refusal(myInfo(tokens.access_token));
      expect(after).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
      const challenge = (after as oauth.WWWAuthenticateChallengeError).cause[0];
      expect(challenge?.scheme).toBe("bearer");
      expect(challenge?.parameters.error).toBe("invalid_token");
      expect((after as oauth.WWWAuthenticateChallengeError).response.status).toBe(401);
    });

    it("completes the client-credentials flow (client_secret_basic and client_secret_post) and revokes the token", async () => {
      const automation: oauth.Client = { client_id: AUTOMATION_CLIENT.clientId };
      for (const auth of [
        oauth.ClientSecretBasic(AUTOMATION_CLIENT.clientSecret),
        oauth.ClientSecretPost(AUTOMATION_CLIENT.clientSecret),
      ]) {
        const tokens = await oauth.processClientCredentialsResponse(
          as,
          automation,
          await oauth.clientCredentialsGrantRequest(as, automation, auth, new URLSearchParams(), options),
        );
        expect((await myInfo(tokens.access_token)).status).toBe(200);
        await oauth.processRevocationResponse(
          await oauth.revocationRequest(as, automation, auth, tokens.access_token, options),
        );
        expect(await refusal(myInfo(tokens.access_token))).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
      }
    });

    it("lets a public client (no secret) sign in with PKCE, and refuses it without", async () => {
      const client: oauth.Client = { client_id: PUBLIC_CLIENT, token_endpoint_auth_method: "none" };
      const verifier = oauth.generateRandomCodeVerifier();
      const callback = await signInThroughPage({
        client_id: PUBLIC_CLIENT,
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
      });
      const params = oauth.validateAuthResponse(as, client, callback, oauth.expectNoState);
      const tokens = await oauth.processAuthorizationCodeResponse(
        as,
        client,
        await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, options),
      );
      expect((await myInfo(tokens.access_token)).status).toBe(200);
      // Without a challenge the authorize page sends the browser back with invalid_request (RFC 7636 §4.4.1).
      const page = new URL(as.authorization_endpoint ?? "");
      page.search = new URLSearchParams({
        response_type: "code",
        client_id: PUBLIC_CLIENT,
        redirect_uri: REDIRECT,
      }).toString();
      const refused = await fetch(page, { redirect: "manual" });
      expect(refused.status).toBe(302);
      const back = new URL(refused.headers.get("location") ?? "");
      expect(() => oauth.validateAuthResponse(as, client, back, oauth.expectNoState)).toThrow(
        oauth.AuthorizationResponseError,
      );
      expect(back.searchParams.get("error")).toBe("invalid_request");
    });

    it("refuses a code used twice with invalid_grant and revokes the token it gave (RFC 6749 §4.1.2)", async () => {
      const { params, verifier } = await consoleCode();
      const redeem = async () =>
        oauth.processAuthorizationCodeResponse(
          as,
          consoleClient,
          await oauth.authorizationCodeGrantRequest(
            as,
            consoleClient,
            consoleAuth,
            params,
            REDIRECT,
            verifier,
            options,
          ),
        );
      const first = await redeem();
      expect((await myInfo(first.access_token)).status).toBe(200);
      const second = await refusal(redeem());
      expect(second).toBeInstanceOf(oauth.ResponseBodyError);
      expect((second as oauth.ResponseBodyError).error).toBe("invalid_grant");
      expect((second as oauth.ResponseBodyError).error_description).toMatch(/[\u4e00-\u9fff]/);
      expect(await refusal(myInfo(first.access_token))).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    });

    it("refuses a wrong client secret with 401 invalid_client and a Basic challenge", async () => {
      const { params, verifier } = await consoleCode();
      const wrong = await refusal(
        oauth
          .authorizationCodeGrantRequest(
            as,
            consoleClient,
            oauth.ClientSecretBasic("not-the-secret"),
            params,
            REDIRECT,
            verifier,
            options,
          )
          .then((res) => oauth.processAuthorizationCodeResponse(as, consoleClient, res)),
      );
      expect(wrong).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
      const challenge = wrong as oauth.WWWAuthenticateChallengeError;
      expect(challenge.response.status).toBe(401);
      expect(challenge.cause[0]?.scheme).toBe("basic");
      expect(((await challenge.response.json()) as { error: string }).error).toBe("invalid_client");
    });

    it("refuses a missing or wrong PKCE verifier with invalid_grant, without spending the code", async () => {
      const { params, verifier } = await consoleCode();
      const tryWith = async (v: string | typeof oauth.nopkce) =>
        oauth.processAuthorizationCodeResponse(
          as,
          consoleClient,
          await oauth.authorizationCodeGrantRequest(as, consoleClient, consoleAuth, params, REDIRECT, v, options),
        );
      const wrong: (string | typeof oauth.nopkce)[] = [
        oauth.nopkce,
        oauth.generateRandomCodeVerifier(),
        `${verifier.slice(0, -1)}x`,
      ];
      for (const v of wrong) {
        const refused = await refusal(tryWith(v));
        expect(refused).toBeInstanceOf(oauth.ResponseBodyError);
        expect((refused as oauth.ResponseBodyError).error).toBe("invalid_grant");
      }
      expect((await tryWith(verifier)).access_token).toBeTruthy();
    });

    it("answered every token and revocation request with Cache-Control: no-store and Pragma: no-cache", () => {
      expect(answers.length).toBeGreaterThan(10);
      expect(answers.some((a) => a.status >= 400)).toBe(true);
      expect(answers.filter((a) => a.cacheControl !== "no-store" || a.pragma !== "no-cache")).toEqual([]);
    });
  },
);
