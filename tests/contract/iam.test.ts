import { clientCredentials, encryptValue, signOut } from "@tsp/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../apps/server/src/services/b-iam-account/passwords";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { AUTOMATION_CLIENT, call, operations, sdkFor, signIn, textOf } from "./support/contract";
import { IAM_OPS } from "./support/owners";

const engine = testEngine();
let server: TestServer;
let base: string;
const ledger = new CallLedger(() => base);

/** A throwaway account of tenant 1 (lockout and password tests must not disturb the demo accounts). */
async function makeAccount(username: string, password: string) {
  const admin = await server.db
    .selectFrom("account")
    .select(["tenant_id", "org_id"])
    .where("username", "=", "admin")
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto("account")
    .values({
      tenant_id: admin.tenant_id,
      org_id: admin.org_id,
      username,
      real_name: username,
      mobile: null,
      email: null,
      password_hash: await hashPassword(password),
    })
    .execute();
}

/** RFC 7636 Appendix B's verifier and its S256 challenge: tsp-console must send PKCE. */
const VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
const PKCE = { code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", code_challenge_method: "S256" };

/** The sign-in form and the token call take form bodies; both go through the SDK like every call. */
const postForm = (
  operationId: "submitAuthorizeForm" | "getToken",
  form: Record<string, string>,
  headers: Record<string, string> = {},
) => ledger.call(operationId, { form, headers });

describe.skipIf(engine.skip)(`b-iam-account and comm-inc-center contract (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer();
    base = server.url;
  }, 120_000);
  afterAll(() => server?.stop());

  it("renders the Chinese sign-in page with the platform name for a known client and redirect URI", async () => {
    const res = await ledger.call("getAuthorizePage", {
      query: {
        response_type: "code",
        client_id: "tsp-console",
        redirect_uri: "http://127.0.0.1:8080/",
        state: "abc",
        ...PKCE,
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = textOf(res);
    expect(html).toContain("车联网运营管理系统");
    expect(html).toContain("用户名");
    expect(html).toContain('name="state" value="abc"');
    expect(html).toContain(`name="code_challenge" value="${PKCE.code_challenge}"`);
    // Without PKCE (or with plain) tsp-console is sent back with invalid_request (RFC 7636 §4.4.1).
    for (const pkce of [{}, { code_challenge: PKCE.code_challenge, code_challenge_method: "plain" }]) {
      const refused = await ledger.call("getAuthorizePage", {
        query: {
          response_type: "code",
          client_id: "tsp-console",
          redirect_uri: "http://127.0.0.1:8080/",
          state: "abc",
          ...pkce,
        },
      });
      expect(refused.status).toBe(302);
      const back = new URL(refused.headers.get("location") ?? "");
      expect(back.origin + back.pathname).toBe("http://127.0.0.1:8080/");
      expect(back.searchParams.get("error")).toBe("invalid_request");
      expect(back.searchParams.get("state")).toBe("abc");
      expect(back.searchParams.get("code")).toBeNull();
    }
  });

  it("refuses an unknown client or a foreign redirect URI with 400 and never redirects", async () => {
    for (const [client, redirect] of [
      ["nobody", "http://127.0.0.1:8080/"],
      ["tsp-console", "https://evil.example/"],
    ]) {
      const { status, body } = await ledger.call("getAuthorizePage", {
        query: { response_type: "code", client_id: client, redirect_uri: redirect },
      });
      expect(status).toBe(400);
      expect(body.data.failDetail[0].field).toMatch(/client_id|redirect_uri/);
    }
    const missing = await ledger.call("getAuthorizePage", { query: { client_id: "tsp-console" } });
    expect(missing.status).toBe(400);
  });

  it("signs in with the authorization code and state (iam_sso_login), then answers myInfo and permissions", async () => {
    const { sdk, token } = await signIn(base, "admin", "Admin@123456");
    expect(await sdk.tokens.get()).toBe(token);
    const me = await ledger.call("getMyInfo", { token });
    expect(me.body.data).toMatchObject({ username: "admin", realName: "系统管理员", tenantName: "演示运营有限公司" });
    expect(typeof me.body.data.lastLoginAt).toBe("number");
    const perms = await ledger.call("getPermissions", { token });
    expect(perms.body.data.menuApis).toEqual(
      expect.arrayContaining(["/dataHome", "/tbox", "/tbox/loginJournal", "/exportFile"]),
    );
    expect(perms.body.data.buttonApis).toContain("/tbox/loginJournal/loginLog/export");
  });

  it("gives the operator every menu but no export button", async () => {
    const { token } = await signIn(base, "operator", "Operator@123456");
    const perms = await ledger.call("getPermissions", { token });
    expect(perms.body.data.menuApis).toContain("/tbox/loginJournal");
    expect(perms.body.data.buttonApis.filter((b: string) => /export/i.test(b))).toEqual([]);
  });

  it("uses a code once, only with its own redirect URI and state", async () => {
    const redirectUri = "http://127.0.0.1:5173/";
    const res = await postForm("submitAuthorizeForm", {
      response_type: "code",
      client_id: "tsp-console",
      redirect_uri: redirectUri,
      state: "st",
      ...PKCE,
      username: "admin",
      password: "Admin@123456",
    });
    expect(res.status).toBe(302);
    const code = new URL(res.headers.get("location") ?? "").searchParams.get("code") ?? "";
    const basic = `Basic ${Buffer.from("tsp-console:tsp-console-secret").toString("base64")}`;
    const token = (form: Record<string, string>) =>
      postForm("getToken", { ...form, code_verifier: VERIFIER }, { authorization: basic });
    const wrongState = await token({ grant_type: "iam_sso_login", code, redirect_uri: redirectUri, state: "other" });
    expect(wrongState.status).toBe(400);
    const wrongRedirect = await token({
      grant_type: "iam_sso_login",
      code,
      redirect_uri: "http://127.0.0.1:9999/",
      state: "st",
    });
    expect(wrongRedirect.status).toBe(400);
    const good = await token({ grant_type: "iam_sso_login", code, redirect_uri: redirectUri, state: "st" });
    expect(good.status).toBe(200);
    // RFC 6749 §5.1 at the top level, not the envelope.
    expect(good.body).toMatchObject({ token_type: "Bearer", expires_in: 43200, scope: "all" });
    expect(good.headers.get("cache-control")).toBe("no-store");
    const again = await token({ grant_type: "iam_sso_login", code, redirect_uri: redirectUri, state: "st" });
    expect(again.status).toBe(400);
    // §5.2 error with the envelope beside it.
    expect(again.body).toMatchObject({ error: "invalid_grant", msg: "授权码无效或已过期", code: 400 });
  });

  it("answers a malformed sign-in form with a 400 envelope and an unknown client without redirecting", async () => {
    const missing = await postForm("submitAuthorizeForm", {
      response_type: "code",
      client_id: "tsp-console",
    });
    expect(missing.status).toBe(400);
    expect(missing.body.data.failDetail.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(["redirect_uri", "username", "password"]),
    );
    const foreign = await postForm("submitAuthorizeForm", {
      response_type: "code",
      client_id: "tsp-console",
      redirect_uri: "https://evil.example/",
      username: "admin",
      password: "Admin@123456",
    });
    expect(foreign.status).toBe(400);
    expect(foreign.headers.get("location")).toBeNull();
  });

  it("checks the client by its Basic header", async () => {
    const bad = await postForm(
      "getToken",
      { grant_type: "client_credentials" },
      {
        authorization: `Basic ${Buffer.from("tsp-automation:wrong").toString("base64")}`,
      },
    );
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ error: "invalid_client", msg: "客户端认证失败" });
    expect(bad.headers.get("www-authenticate")).toMatch(/^Basic /);
    const none = await postForm("getToken", { grant_type: "client_credentials" });
    expect(none.status).toBe(401);
    // The console client may not use client_credentials.
    const wrongGrant = await postForm(
      "getToken",
      { grant_type: "client_credentials" },
      {
        authorization: `Basic ${Buffer.from("tsp-console:tsp-console-secret").toString("base64")}`,
      },
    );
    expect(wrongGrant.status).toBe(400);
    expect(wrongGrant.body).toMatchObject({ error: "unauthorized_client" });
    const badGrant = await postForm(
      "getToken",
      { grant_type: "password" },
      {
        authorization: `Basic ${Buffer.from("tsp-console:tsp-console-secret").toString("base64")}`,
      },
    );
    expect(badGrant.status).toBe(400);
    expect(badGrant.body).toMatchObject({ error: "unsupported_grant_type" });
  });

  it("gives automation scripts a token for the bound service account (client_credentials through the SDK)", async () => {
    const sdk = sdkFor(base);
    const answer = await clientCredentials(sdk, AUTOMATION_CLIENT);
    const me = await ledger.call("getMyInfo", { token: answer.access_token });
    expect(me.body.data.username).toBe("admin");
  });

  it("re-renders the page on a wrong password and locks the account after 5 failures for 15 minutes", async () => {
    await makeAccount("lockme", "Lockme@123456");
    const attempt = (password: string) =>
      postForm("submitAuthorizeForm", {
        response_type: "code",
        client_id: "tsp-console",
        redirect_uri: "http://127.0.0.1:8080/",
        ...PKCE,
        username: "lockme",
        password,
      });
    for (let i = 0; i < 4; i++) {
      const res = await attempt("wrong");
      expect(res.status).toBe(200);
      expect(textOf(res)).toContain("用户名或密码错误");
    }
    expect(textOf(await attempt("wrong"))).toContain("账号已锁定，请15分钟后再试");
    // Even the right password is refused while locked.
    const locked = await attempt("Lockme@123456");
    expect(locked.status).toBe(200);
    expect(textOf(locked)).toContain("账号已锁定");
    // Unknown users get the same answer as a wrong password.
    const unknown = await postForm("submitAuthorizeForm", {
      response_type: "code",
      client_id: "tsp-console",
      redirect_uri: "http://127.0.0.1:8080/",
      ...PKCE,
      username: "nobody",
      password: "x",
    });
    expect(textOf(unknown)).toContain("用户名或密码错误");
  });

  it("changes a password sent RSA-OAEP encrypted, checking the old one, and revokes the other sessions", async () => {
    await makeAccount("changer", "Changer@123456");
    const first = await signIn(base, "changer", "Changer@123456");
    const other = await signIn(base, "changer", "Changer@123456");
    const key = await ledger.call("getPubKey");
    expect(key.body.data.algorithm).toBe("RSA-OAEP-256");
    const enc = (v: string) => encryptValue(key.body.data.publicKey, v, key.body.data.algorithm);
    const wrongOld = await ledger.call("modifyPassword", {
      token: first.token,
      body: { oldPassword: await enc("Nope@123456"), newPassword: await enc("Better@2025x") },
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.data.failDetail[0].msg).toContain("原密码不正确");
    const weak = await ledger.call("modifyPassword", {
      token: first.token,
      body: { oldPassword: await enc("Changer@123456"), newPassword: await enc("short") },
    });
    expect(weak.status).toBe(400);
    const notEncrypted = await ledger.call("modifyPassword", {
      token: first.token,
      body: { oldPassword: "bm90IGVuY3J5cHRlZA==", newPassword: "bm90IGVuY3J5cHRlZA==" },
    });
    expect(notEncrypted.body.data.failDetail[0].msg).toContain("密码解密失败");
    const missing = await ledger.call("modifyPassword", { token: first.token, body: { oldPassword: "x" } });
    expect(missing.status).toBe(400);
    const done = await ledger.call("modifyPassword", {
      token: first.token,
      body: { oldPassword: await enc("Changer@123456"), newPassword: await enc("Better@2025x") },
    });
    expect(done).toMatchObject({ status: 200, body: { msg: "密码修改成功" } });
    expect((await ledger.call("getMyInfo", { token: other.token })).status).toBe(401);
    expect((await ledger.call("getMyInfo", { token: first.token })).status).toBe(200);
    await expect(signIn(base, "changer", "Changer@123456")).rejects.toThrow();
    await signIn(base, "changer", "Better@2025x");
  });

  it("signs out: the token is revoked", async () => {
    const { sdk, token } = await signIn(base, "admin", "Admin@123456");
    await signOut(sdk);
    expect(await sdk.tokens.get()).toBeNull();
    expect((await ledger.call("getMyInfo", { token })).status).toBe(401);
    expect((await ledger.call("signOut", { token })).status).toBe(401);
    // The same through the bare call: 200, then the token is dead.
    const second = await signIn(base, "admin", "Admin@123456");
    const out = await ledger.call("signOut", { token: second.token });
    expect(out.status).toBe(200);
    expect((await ledger.call("getPermissions", { token: second.token })).status).toBe(401);
  });

  it("answers 401 without a token on every protected operation of openapi/", async () => {
    const protectedOps = operations.filter((o) => o.requiresAuth);
    expect(protectedOps.length).toBeGreaterThan(5);
    for (const op of protectedOps) {
      // Through the SDK with an empty token store; `call` validates the 401 against openapi/.
      const res = await call(base, op.operationId);
      expect(res.status, `${op.operationId} without a token`).toBe(401);
      expect(res.body).toMatchObject({ code: 401, data: null });
    }
  });

  it("answers 403 to the operator on every operation behind an export permission", async () => {
    const { token } = await signIn(base, "operator", "Operator@123456");
    // Every export call is behind a button permission, and every such permission names "export".
    expect(operations.filter((o) => o.operationId.startsWith("export") && !/export/i.test(o.permission ?? ""))).toEqual(
      [],
    );
    const exportOps = operations.filter((o) => o.permission && /export/i.test(o.permission));
    expect(exportOps.length).toBeGreaterThanOrEqual(2);
    for (const op of exportOps) {
      const res = await call(base, op.operationId, { token });
      expect(res.status, `${op.operationId} as operator`).toBe(403);
    }
  });

  it("answers the home overview for the signed-in account", async () => {
    const { token } = await signIn(base, "admin", "Admin@123456");
    const overview = await ledger.call("getHomeOverview", { token });
    expect(overview.status).toBe(200);
    expect((await ledger.call("getHomeOverview", { token: "forged-token" })).status).toBe(401);
    expect(overview.body.data.vehicleCount).toBeGreaterThan(0);
    const week = overview.body.data.journalActivity as { logins: number }[];
    expect(week.reduce((n, d) => n + d.logins, 0)).toBeGreaterThan(0);
  });

  it("called every operation it owns through @tsp/sdk with good and bad input", () => {
    ledger.expectCovered(IAM_OPS);
  });
});
