import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashClientSecret } from "../../apps/server/src/services/b-iam-account/clients";
import { type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CONSOLE_CLIENT } from "../contract/support/contract";
import { startSmallServer } from "../robustness/support/fuzzServer";
import { accountWithoutPermissions } from "./support/identities";

/**
 * Sign-in attacks (issue 9), each refused: code reuse, a code redeemed by another client or
 * for another redirect URI, a tampered state, password guessing (lockout), tokens in a query
 * string, open redirects through redirect_uri, and markup injected through the authorize
 * page's parameters.
 */
const engine = testEngine();
let server: TestServer;
const REDIRECT = "http://127.0.0.1:5173/";
const OTHER_CLIENT = { clientId: "attacker-app", clientSecret: "attacker-app-secret" };

/** RFC 7636 Appendix B's verifier and its S256 challenge: tsp-console must send PKCE. */
const VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
const PKCE = { code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", code_challenge_method: "S256" };

const basic = (c: { clientId: string; clientSecret: string }) =>
  `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString("base64")}`;

async function postForm(path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(new URL(path, server.url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
}

/** Signs in through the authorize form; returns the code the 302 carries. */
async function codeFor(username: string, password: string, redirectUri = REDIRECT, state = "st-1"): Promise<string> {
  const res = await postForm("/b-iam-account/oauth/authorize", {
    response_type: "code",
    client_id: CONSOLE_CLIENT.clientId,
    redirect_uri: redirectUri,
    state,
    ...PKCE,
    username,
    password,
  });
  expect(res.status).toBe(302);
  const code = new URL(res.headers.get("location") ?? "").searchParams.get("code");
  if (!code) throw new Error("no code");
  return code;
}

const exchange = (form: Record<string, string>, client = CONSOLE_CLIENT) =>
  postForm("/b-iam-account/oauth/token", { code_verifier: VERIFIER, ...form }, { authorization: basic(client) });

/** A token request with the given form and headers only (no client added). */
const tokenRequest = (form: Record<string, string>, headers: Record<string, string> = {}) =>
  postForm("/b-iam-account/oauth/token", form, headers);

/** One try of the authorize form with a username and password. */
const attempt = (username: string, password: string) =>
  postForm("/b-iam-account/oauth/authorize", {
    response_type: "code",
    client_id: CONSOLE_CLIENT.clientId,
    redirect_uri: REDIRECT,
    state: "s",
    ...PKCE,
    username,
    password,
  });

describe.skipIf(engine.skip)(`sign-in attacks (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startSmallServer();
    // A second client allowed the code grant with its own redirect URI: the code thief.
    await server.db
      .insertInto("oauth_client")
      .values({
        client_id: OTHER_CLIENT.clientId,
        name: "attacker",
        secret_hash: hashClientSecret(OTHER_CLIENT.clientSecret),
        grant_types: ["authorization_code", "iam_sso_login"],
        redirect_uris: [REDIRECT],
        allow_loopback: true,
        service_account_id: null,
        revoked_at: null,
      })
      .execute();
  }, 180_000);
  afterAll(() => server?.stop());

  it("redeems a code once: a replay is refused with invalid_grant and revokes the token the code gave (RFC 6749 §4.1.2)", async () => {
    const code = await codeFor("admin", "Admin@123456");
    const form = { grant_type: "authorization_code", code, redirect_uri: REDIRECT };
    const first = await exchange(form);
    expect(first.status).toBe(200);
    const { access_token } = (await first.json()) as { access_token: string };
    const myInfo = () =>
      fetch(new URL("/comm-inc-center/v1/web/home/user/myInfo", server.url), {
        headers: { authorization: `Bearer ${access_token}` },
      });
    expect((await myInfo()).status).toBe(200);
    const replay = await exchange(form);
    expect(replay.status).toBe(400);
    const body = (await replay.json()) as { error: string; msg: string };
    expect(body.error).toBe("invalid_grant");
    expect(body.msg).toMatch(/[\u4e00-\u9fff]/);
    const after = await myInfo();
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("refuses a code redeemed by another client, even one registered for the same redirect URI", async () => {
    const code = await codeFor("admin", "Admin@123456");
    const stolen = await exchange({ grant_type: "authorization_code", code, redirect_uri: REDIRECT }, OTHER_CLIENT);
    expect(stolen.status).toBe(400);
    // The code was not spent by the refusal: its owner can still redeem it.
    expect((await exchange({ grant_type: "authorization_code", code, redirect_uri: REDIRECT })).status).toBe(200);
  });

  it("refuses a code redeemed for another redirect URI, or with a wrong client secret", async () => {
    const code = await codeFor("admin", "Admin@123456");
    for (const redirect of ["http://127.0.0.1:5174/", "http://127.0.0.1:5173/other", "http://localhost:5173/"]) {
      expect((await exchange({ grant_type: "authorization_code", code, redirect_uri: redirect })).status).toBe(400);
    }
    const wrongSecret = await exchange(
      { grant_type: "authorization_code", code, redirect_uri: REDIRECT },
      { clientId: CONSOLE_CLIENT.clientId, clientSecret: "guess" },
    );
    expect(wrongSecret.status).toBe(401);
    expect((await exchange({ grant_type: "authorization_code", code, redirect_uri: REDIRECT })).status).toBe(200);
  });

  it("authenticates the client one way only, ignores unknown parameters and refuses unknown scopes (RFC 6749 §2.3, §3.2, §5.2)", async () => {
    const automation = { clientId: "tsp-automation", clientSecret: "tsp-automation-secret" };
    const both = await tokenRequest(
      { grant_type: "client_credentials", client_id: automation.clientId, client_secret: automation.clientSecret },
      { authorization: basic(automation) },
    );
    expect(both.status).toBe(400);
    expect(await both.json()).toMatchObject({ error: "invalid_request", code: 400 });
    const post = await tokenRequest({
      grant_type: "client_credentials",
      client_id: automation.clientId,
      client_secret: automation.clientSecret,
      resource: "https://ignored.example/",
      foo: "bar",
    });
    expect(post.status).toBe(200);
    expect(post.headers.get("pragma")).toBe("no-cache");
    expect(await post.json()).toMatchObject({ token_type: "Bearer", scope: "all" });
    // A confidential client cannot pass as a public one by leaving its secret out.
    const noSecret = await tokenRequest({ grant_type: "client_credentials", client_id: automation.clientId });
    expect(noSecret.status).toBe(401);
    expect(noSecret.headers.get("www-authenticate")).toMatch(/^Basic /);
    const scope = await tokenRequest(
      { grant_type: "client_credentials", scope: "admin" },
      { authorization: basic(automation) },
    );
    expect(await scope.json()).toMatchObject({ error: "invalid_scope" });
    // Refusals made before the handler (here: validation of an over-long value) carry an error code too.
    const long = await tokenRequest({ grant_type: "x".repeat(65) }, { authorization: basic(automation) });
    expect(long.status).toBe(400);
    expect(long.headers.get("cache-control")).toBe("no-store");
    expect(await long.json()).toMatchObject({ error: "invalid_request", code: 400 });
  });

  it("refuses a tampered or missing state on the SSO exchange", async () => {
    const code = await codeFor("admin", "Admin@123456", REDIRECT, "state-issued");
    for (const state of ["state-issued2", "STATE-ISSUED", "state-issue", "x"]) {
      expect((await exchange({ grant_type: "iam_sso_login", code, redirect_uri: REDIRECT, state })).status).toBe(400);
    }
    expect((await exchange({ grant_type: "iam_sso_login", code, redirect_uri: REDIRECT })).status).toBe(400);
    expect(
      (await exchange({ grant_type: "iam_sso_login", code, redirect_uri: REDIRECT, state: "state-issued" })).status,
    ).toBe(200);
  });

  it("locks an account after 5 wrong passwords: even the right one is refused, and unknown names answer alike", async () => {
    await accountWithoutPermissions(server.db, "guess-target");
    const unknown = await (await attempt("no-such-user", "Wrong@123456")).text();
    for (let i = 0; i < 5; i++) {
      const res = await attempt("guess-target", `Wrong@${i}`);
      expect(res.status).toBe(200); // the page again, no redirect, no code
      const html = await res.text();
      if (i < 4) expect(html).toContain("用户名或密码错误");
    }
    const right = await attempt("guess-target", "Nobody@123456");
    expect(right.status).toBe(200);
    expect(right.headers.get("location")).toBeNull();
    expect(await right.text()).toContain("账号已锁定");
    expect(unknown).toContain("用户名或密码错误");
    const row = await server.db
      .selectFrom("account")
      .select("locked_until")
      .where("username", "=", "guess-target")
      .executeTakeFirstOrThrow();
    expect(row.locked_until).not.toBeNull();
  });

  it("never accepts a token from the query string", async () => {
    const code = await codeFor("admin", "Admin@123456");
    const token = (
      (await (await exchange({ grant_type: "authorization_code", code, redirect_uri: REDIRECT })).json()) as {
        access_token: string;
      }
    ).access_token;
    for (const name of ["access_token", "token", "authorization", "Authorization"]) {
      const res = await fetch(
        new URL(`/comm-inc-center/v1/web/home/user/myInfo?${name}=${encodeURIComponent(token)}`, server.url),
      );
      expect(res.status, name).toBe(401);
    }
    const ok = await fetch(new URL("/comm-inc-center/v1/web/home/user/myInfo", server.url), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ok.status).toBe(200);
  });

  it("never redirects to a URI the client did not register (open redirect), before or after the password", async () => {
    const foreign = [
      "https://evil.example/",
      "//evil.example/",
      "http://127.0.0.1.evil.example/",
      "http://localhost.evil.example:5173/",
      "http://evil.example@127.0.0.1.evil.example/",
      "http://127.0.0.1:5173@evil.example/",
      "javascript:alert(document.cookie)",
      "data:text/html,<script>alert(1)</script>",
      "HTTPS://EVIL.EXAMPLE/",
      "http://evil.example/\\@127.0.0.1/",
      "/relative/path",
      "",
    ];
    for (const redirect of foreign) {
      const query = new URLSearchParams({
        response_type: "code",
        client_id: CONSOLE_CLIENT.clientId,
        redirect_uri: redirect,
        state: "s",
      });
      const page = await fetch(new URL(`/b-iam-account/oauth/authorize?${query}`, server.url), { redirect: "manual" });
      expect(page.status, redirect).toBe(400);
      expect(page.headers.get("location"), redirect).toBeNull();
      const post = await postForm("/b-iam-account/oauth/authorize", {
        response_type: "code",
        client_id: CONSOLE_CLIENT.clientId,
        redirect_uri: redirect,
        state: "s",
        username: "admin",
        password: "Admin@123456",
      });
      expect(post.status, redirect).toBe(400);
      expect(post.headers.get("location"), redirect).toBeNull();
    }
    // An unknown client never gets a page, whatever its redirect URI.
    const unknown = new URLSearchParams({
      response_type: "code",
      client_id: "nobody",
      redirect_uri: REDIRECT,
      state: "s",
    });
    expect(
      (await fetch(new URL(`/b-iam-account/oauth/authorize?${unknown}`, server.url), { redirect: "manual" })).status,
    ).toBe(400);
  });

  it("renders injected markup in the authorize page's parameters as text, under a script-free CSP", async () => {
    const payload = `"><script>alert(1)</script><img src=x onerror=alert(2)>`;
    const query = new URLSearchParams({
      response_type: "code",
      client_id: CONSOLE_CLIENT.clientId,
      redirect_uri: REDIRECT,
      state: payload,
      ...PKCE,
    });
    const page = await fetch(new URL(`/b-iam-account/oauth/authorize?${query}`, server.url));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;");
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("script-src");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    // The username echoed after a failed attempt is escaped too.
    const failed = await postForm("/b-iam-account/oauth/authorize", {
      response_type: "code",
      client_id: CONSOLE_CLIENT.clientId,
      redirect_uri: REDIRECT,
      state: "s",
      ...PKCE,
      username: payload,
      password: "x",
    });
    const failedHtml = await failed.text();
    expect(failedHtml).not.toContain("<script>alert(1)</script>");
    expect(failedHtml).toContain("&lt;script&gt;");
  });
});
