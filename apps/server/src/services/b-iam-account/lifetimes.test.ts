import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twinAccount } from "../../testing/accounts";
import { startTestServer, type TestServer } from "../../testing/testServer";
import { MSG_BAD_CREDENTIALS, MSG_LOCKED } from "./signIn";

/**
 * The time rules of sign-in, through the real authorize form and token call with the server's
 * clock moved by the test: a code lives 5 minutes, a token 12 hours, five wrong passwords
 * within 15 minutes lock the account for 15 minutes. Each rule is checked on both sides of its
 * boundary (the last millisecond it holds and the first it does not).
 */
// The spec's figures (openapi submitAuthorizeForm, getToken), written out rather than imported,
// so a wrong constant in the server cannot move the test's boundaries along with it.
const CODE_TTL_MS = 5 * 60 * 1000;
const TOKEN_TTL_SECONDS = 12 * 3600;
const MAX_FAILURES = 5;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const LOCK_MS = 15 * 60 * 1000;
const START = new Date("2026-03-01T00:00:00Z");
let clock = START;
let server: TestServer;
const REDIRECT = "http://127.0.0.1:8080/";
const CONSOLE = `Basic ${Buffer.from("tsp-console:tsp-console-secret").toString("base64")}`;
const PASSWORD = "Twin@123456";
const after = (ms: number) => new Date(START.getTime() + ms);

const post = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(new URL(path, server.url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form),
    redirect: "manual",
  });

/** RFC 7636 Appendix B's verifier and its S256 challenge: tsp-console must send PKCE. */
const VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
const CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

/** One try of the authorize form: the code on success, else the message the page shows. */
async function authorize(username: string, password: string): Promise<{ code: string } | { page: string }> {
  const res = await post("/b-iam-account/oauth/authorize", {
    response_type: "code",
    client_id: "tsp-console",
    redirect_uri: REDIRECT,
    state: "s",
    code_challenge: CHALLENGE,
    code_challenge_method: "S256",
    username,
    password,
  });
  if (res.status === 302) return { code: new URL(res.headers.get("location") ?? "").searchParams.get("code") ?? "" };
  expect(res.status).toBe(200);
  return { page: await res.text() };
}

const exchange = (code: string) =>
  post(
    "/b-iam-account/oauth/token",
    { grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: VERIFIER },
    { authorization: CONSOLE },
  );

async function codeAt(when: Date, username = "admin", password = "Admin@123456"): Promise<string> {
  clock = when;
  const result = await authorize(username, password);
  if (!("code" in result)) throw new Error(`no code: ${result.page.slice(0, 200)}`);
  return result.code;
}

/** What the authorize form answers at `when`: "code", or the message shown on the page. */
async function outcome(when: Date, username: string, password: string): Promise<string> {
  clock = when;
  const result = await authorize(username, password);
  if ("code" in result) return "code";
  for (const msg of [MSG_LOCKED, MSG_BAD_CREDENTIALS]) if (result.page.includes(msg)) return msg;
  return result.page.slice(0, 200);
}

beforeAll(async () => {
  server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 1, journalPerVehicle: 1 } }, now: () => clock });
});
afterAll(() => server.stop());

describe("authorization codes", () => {
  it("redeem until 5 minutes after issue, and not from then on", async () => {
    const early = await codeAt(START);
    const late = await codeAt(START);
    clock = after(CODE_TTL_MS - 1);
    expect((await exchange(early)).status).toBe(200);
    clock = after(CODE_TTL_MS);
    const refused = await exchange(late);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { msg: string }).msg).toBe("授权码无效或已过期");
    // Much later too (a code that never expired would pass the boundary only by luck).
    clock = after(CODE_TTL_MS + 24 * 3600 * 1000);
    expect((await exchange(late)).status).toBe(400);
  });
});

describe("access tokens", () => {
  it("work for 12 hours from issue and answer 401 from then on", async () => {
    const code = await codeAt(START);
    const res = await exchange(code);
    const token = (await res.json()) as { access_token: string; expires_in: number };
    expect(token.expires_in).toBe(TOKEN_TTL_SECONDS);
    const me = () =>
      fetch(new URL("/comm-inc-center/v1/web/home/user/permissions", server.url), {
        headers: { authorization: `Bearer ${token.access_token}` },
      });
    clock = after(TOKEN_TTL_SECONDS * 1000 - 1);
    expect((await me()).status).toBe(200);
    clock = after(TOKEN_TTL_SECONDS * 1000);
    expect((await me()).status).toBe(401);
  });
});

describe("sign-in lockout", () => {
  it("after 5 wrong passwords refuses even the right one for 15 minutes, then lets it in", async () => {
    await twinAccount(server.db, "admin", "lock-duration");
    for (let i = 1; i < MAX_FAILURES; i++)
      expect(await outcome(after(i * 1000), "lock-duration", "wrong")).toBe(MSG_BAD_CREDENTIALS);
    const lockedAt = after(MAX_FAILURES * 1000);
    expect(await outcome(lockedAt, "lock-duration", "wrong")).toBe(MSG_LOCKED);
    const since = (ms: number) => new Date(lockedAt.getTime() + ms);
    expect(await outcome(since(0), "lock-duration", PASSWORD)).toBe(MSG_LOCKED);
    expect(await outcome(since(16_000), "lock-duration", PASSWORD)).toBe(MSG_LOCKED);
    expect(await outcome(since(LOCK_MS - 1), "lock-duration", PASSWORD)).toBe(MSG_LOCKED);
    expect(await outcome(since(LOCK_MS), "lock-duration", PASSWORD)).toBe("code");
  });

  it("counts failures within 15 minutes of the first: the 5th inside locks, one outside starts anew", async () => {
    await twinAccount(server.db, "admin", "lock-window-in");
    await twinAccount(server.db, "admin", "lock-window-out");
    for (const name of ["lock-window-in", "lock-window-out"])
      for (let i = 0; i < MAX_FAILURES - 1; i++)
        expect(await outcome(after(i), name, "wrong")).toBe(MSG_BAD_CREDENTIALS);
    expect(await outcome(after(FAILURE_WINDOW_MS - 1), "lock-window-in", "wrong")).toBe(MSG_LOCKED);
    expect(await outcome(after(FAILURE_WINDOW_MS), "lock-window-out", "wrong")).toBe(MSG_BAD_CREDENTIALS);
    // The late failure opened a new window of one: three more are not enough to lock.
    for (let i = 1; i < MAX_FAILURES - 1; i++)
      expect(await outcome(after(FAILURE_WINDOW_MS + i), "lock-window-out", "wrong")).toBe(MSG_BAD_CREDENTIALS);
    expect(await outcome(after(FAILURE_WINDOW_MS + MAX_FAILURES), "lock-window-out", PASSWORD)).toBe("code");
  });

  it("forgets earlier failures after a successful sign-in", async () => {
    await twinAccount(server.db, "admin", "lock-reset");
    for (let i = 0; i < MAX_FAILURES - 1; i++) await outcome(after(i), "lock-reset", "wrong");
    expect(await outcome(after(10), "lock-reset", PASSWORD)).toBe("code");
    for (let i = 0; i < MAX_FAILURES - 1; i++)
      expect(await outcome(after(20 + i), "lock-reset", "wrong")).toBe(MSG_BAD_CREDENTIALS);
    expect(await outcome(after(30), "lock-reset", PASSWORD)).toBe("code");
  });
});
