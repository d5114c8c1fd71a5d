import { constants, generateKeyPairSync, privateDecrypt } from "node:crypto";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import forge from "node-forge";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type ApiError,
  authorizeUrl,
  clientCredentials,
  createEncryptor,
  createPkce,
  createTspClient,
  DEFAULT_RSA_SCHEME,
  encryptValue,
  exchangeCode,
  localStorageTokenStore,
  memoryTokenStore,
  pkceChallenge,
  readTokenAnswer,
  revokeToken,
  schemeOf,
  signOut,
  TOKEN_STORAGE_KEY,
  ValueTooLongError,
} from "../src/index";
import { fileTokenStore } from "../src/node";
import { json, startServer, type TestServer } from "./server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.routes.clear();
  server.requests.length = 0;
});

const consoleClient = { clientId: "tsp-console", clientSecret: "tsp-console-secret" };
const basic = `Basic ${Buffer.from("tsp-console:tsp-console-secret").toString("base64")}`;

/** The token call: answers a token only for the right Basic header. */
function serveToken() {
  server.routes.set("POST /b-iam-account/oauth/token", (req, res) => {
    if (req.headers.authorization !== basic) return json(res, { code: 401, msg: "客户端认证失败" }, 401);
    const form = new URLSearchParams(req.body.toString());
    json(res, {
      code: 200,
      msg: "操作成功",
      data: { access_token: `tok-${form.get("grant_type")}`, token_type: "bearer", expires_in: 43200 },
    });
  });
}

describe("sign-in helpers", () => {
  it("builds the authorize URL of spec §8", () => {
    const url = new URL(
      authorizeUrl({
        baseUrl: "http://127.0.0.1:8080/",
        clientId: "tsp-console",
        redirectUri: "http://127.0.0.1:5173/",
        state: "s1",
      }),
    );
    expect(url.pathname).toBe("/b-iam-account/oauth/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "tsp-console",
      redirect_uri: "http://127.0.0.1:5173/",
      state: "s1",
    });
  });

  it("builds the authorize URL on an external sign-in page", () => {
    const url = authorizeUrl({
      endpoint: "https://iam.example.com/login?tenant=t1",
      clientId: "tsp-console",
      redirectUri: "https://tsp.example.com/",
    });
    expect(url).toBe(
      "https://iam.example.com/login?tenant=t1&response_type=code&client_id=tsp-console&redirect_uri=https%3A%2F%2Ftsp.example.com%2F",
    );
  });

  it("exchanges a code with the Basic client header, form-encoded, and stores the token", async () => {
    serveToken();
    const tokens = memoryTokenStore("old");
    const sdk = createTspClient({ baseUrl: server.baseUrl, tokenStore: tokens });
    const token = await exchangeCode(sdk, { ...consoleClient, code: "c0de", redirectUri: "http://127.0.0.1:5173/" });
    expect(token.access_token).toBe("tok-authorization_code");
    expect(await tokens.get()).toBe("tok-authorization_code");
    const seen = server.requests[0];
    expect(seen?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(seen?.body.toString()))).toEqual({
      grant_type: "authorization_code",
      code: "c0de",
      redirect_uri: "http://127.0.0.1:5173/",
    });
  });

  it("uses iam_sso_login when a state came back", async () => {
    serveToken();
    const sdk = createTspClient({ baseUrl: server.baseUrl, tokenStore: memoryTokenStore() });
    await exchangeCode(sdk, { ...consoleClient, code: "c", redirectUri: "http://x/", state: "st" });
    const form = new URLSearchParams(server.requests[0]?.body.toString());
    expect(form.get("grant_type")).toBe("iam_sso_login");
    expect(form.get("state")).toBe("st");
  });

  it("gets a script token with client_credentials; a wrong secret is an error, not a sign-in redirect", async () => {
    serveToken();
    const unauthorized: unknown[] = [];
    const errors: unknown[] = [];
    const operations = { getToken: { method: "POST", path: "/b-iam-account/oauth/token", public: true } };
    const sdk = createTspClient({
      baseUrl: server.baseUrl,
      operations,
      tokenStore: memoryTokenStore(),
      hooks: { onUnauthorized: (e) => unauthorized.push(e), onError: (e) => errors.push(e) },
    });
    expect((await clientCredentials(sdk, consoleClient)).access_token).toBe("tok-client_credentials");
    expect(await sdk.tokens.get()).toBe("tok-client_credentials");
    const failed = await clientCredentials(sdk, { ...consoleClient, clientSecret: "wrong" }).catch((e: unknown) => e);
    expect((failed as ApiError).msg).toBe("客户端认证失败");
    expect(unauthorized).toEqual([]);
    expect(errors).toEqual([failed]);
  });

  it("signs out at the server with the bearer token and forgets it, even when the server fails", async () => {
    server.routes.set("GET /b-iam-account/users/signOut", (_req, res) => json(res, { code: 200, msg: "已退出登录" }));
    const tokens = memoryTokenStore("tok-1");
    const sdk = createTspClient({ baseUrl: server.baseUrl, tokenStore: tokens });
    await signOut(sdk);
    expect(server.requests[0]?.headers.authorization).toBe("Bearer tok-1");
    expect(await tokens.get()).toBeNull();

    server.routes.set("GET /b-iam-account/users/signOut", (_req, res) =>
      json(res, { code: 500, msg: "服务异常" }, 500),
    );
    await tokens.set("tok-2");
    await expect(signOut(sdk)).rejects.toThrow("服务异常");
    expect(await tokens.get()).toBeNull();
  });
});

describe("token stores", () => {
  it("the browser store uses localStorage key wit-dashboard-token", () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    } as Storage;
    const store = localStorageTokenStore(storage);
    store.set("abc");
    expect(TOKEN_STORAGE_KEY).toBe("wit-dashboard-token");
    expect(data.get("wit-dashboard-token")).toBe("abc");
    expect(store.get()).toBe("abc");
    store.clear();
    expect(data.size).toBe(0);
  });

  it("the Node file store keeps the token in a 0600 file and a client reads it", async () => {
    const dir = await mkdtemp(join(tmpdir(), "sdk-token-"));
    try {
      const path = join(dir, "nested", "token");
      const store = fileTokenStore(path);
      expect(await store.get()).toBeNull();
      await store.set("file-tok");
      expect(await readFile(path, "utf8")).toBe("file-tok");
      expect((await stat(path)).mode & 0o777).toBe(0o600);
      server.routes.set("GET /x", (_req, res) => json(res, { code: 0 }));
      await createTspClient({ baseUrl: server.baseUrl, tokenStore: fileTokenStore(path) }).raw("GET", "/x");
      expect(server.requests[0]?.headers.authorization).toBe("Bearer file-tok");
      await store.clear();
      expect(await store.get()).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("RSA (RSA-OAEP SHA-256, key from getPubKey)", () => {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const spki = publicKey.export({ type: "spki", format: "der" }).toString("base64");
  const oaep = (v: string) => encryptValue(spki, v, "RSA-OAEP-256");

  beforeEach(() => {
    server.routes.set("GET /b-iam-account/v1/account/getPubKey", (_req, res) =>
      json(res, { code: 200, data: { publicKey: spki, algorithm: "RSA-OAEP-256" } }),
    );
    // The server side of the round trip: node:crypto decrypts what WebCrypto encrypted.
    server.routes.set("POST /b-iam-account/users/web/modifyPassword", (req, res) => {
      const { oldPassword } = JSON.parse(req.body.toString()) as { oldPassword: string };
      const plain = privateDecrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
        Buffer.from(oldPassword, "base64"),
      );
      json(res, { code: 200, data: plain.toString("utf8") });
    });
  });

  it("encrypts with the key from getPubKey and the server decrypts it", async () => {
    const sdk = createTspClient({ baseUrl: server.baseUrl, tokenStore: memoryTokenStore("t") });
    const encryptor = createEncryptor(sdk);
    for (const secret of ["Admin@123456", "密码✓Pa55"]) {
      const oldPassword = await encryptor.encrypt(secret);
      expect(oldPassword).not.toContain(secret);
      const { data } = await sdk.raw("POST", "/b-iam-account/users/web/modifyPassword", { body: { oldPassword } });
      expect((data as { data: string }).data).toBe(secret);
    }
    // The key is fetched once per client.
    expect(server.requests.filter((r) => r.url.pathname.endsWith("getPubKey"))).toHaveLength(1);
  });

  it("OAEP is randomised: the same value encrypts differently each time", async () => {
    expect(await encryptValue(spki, "x", "RSA-OAEP-256")).not.toBe(await encryptValue(spki, "x", "RSA-OAEP-256"));
  });

  it("refuses a value longer than one OAEP block with a typed error (bytes and the limit; the caller words it)", async () => {
    const error = await oaep("密".repeat(64)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValueTooLongError);
    expect(error).toMatchObject({ kind: "valueTooLong", bytes: 192, maxBytes: 190 });
    await expect(oaep("a".repeat(191))).rejects.toMatchObject({ bytes: 191, maxBytes: 190 });
    expect(await oaep("a".repeat(190))).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });
});

describe("RSA PKCS#1 v1.5 (what JSEncrypt-era servers decrypt; the default when getPubKey names no scheme)", () => {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const spki = publicKey.export({ type: "spki", format: "der" }).toString("base64");
  // Node refuses PKCS#1 v1.5 private decryption (CVE-2023-46809), so the server side is node-forge's.
  const forgeKey = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  const decrypt = (cipher: string) =>
    forge.util.decodeUtf8(forgeKey.decrypt(forge.util.decode64(cipher), "RSAES-PKCS1-V1_5"));

  it("uses PKCS#1 v1.5 when the answer names no scheme, or is the bare key", async () => {
    for (const answer of [{ publicKey: spki }, spki, { publicKey: spki, algorithm: "RSA-PKCS1-v1_5" }]) {
      server.routes.set("GET /b-iam-account/v1/account/getPubKey", (_req, res) =>
        json(res, { code: 200, data: answer }),
      );
      const encryptor = createEncryptor(createTspClient({ baseUrl: server.baseUrl, tokenStore: memoryTokenStore() }));
      for (const secret of ["Admin@123456", "密码✓Pa55"]) {
        const cipher = await encryptor.encrypt(secret);
        expect(Buffer.from(cipher, "base64")).toHaveLength(256);
        expect(decrypt(cipher)).toBe(secret);
      }
    }
  });

  it("pads randomly and fits at most 245 bytes in a 2048-bit block", async () => {
    expect(await encryptValue(spki, "x")).not.toBe(await encryptValue(spki, "x"));
    await expect(encryptValue(spki, "a".repeat(246))).rejects.toMatchObject({ bytes: 246, maxBytes: 245 });
    expect(decrypt(await encryptValue(spki, "a".repeat(245)))).toBe("a".repeat(245));
  });

  it("reads the scheme from algorithm (or scheme) and refuses one it does not speak", () => {
    expect(schemeOf({ algorithm: "RSA-OAEP-256" })).toBe("RSA-OAEP-256");
    expect(schemeOf({ scheme: "RSA-OAEP-256" })).toBe("RSA-OAEP-256");
    expect(schemeOf({})).toBe(DEFAULT_RSA_SCHEME);
    expect(schemeOf("MIIB…")).toBe("RSA-PKCS1-v1_5");
    expect(() => schemeOf({ algorithm: "SM2" })).toThrow("SM2");
  });
});

describe("standard OAuth answers (RFC 6749 §5.1, RFC 7636, RFC 7009)", () => {
  it("reads the token at the top level, and inside the platform envelope some deployments wrap it in", () => {
    const token = { access_token: "a", token_type: "Bearer", expires_in: 60 };
    expect(readTokenAnswer(token)).toEqual(token);
    expect(readTokenAnswer({ code: 200, msg: "操作成功", data: token })).toEqual(token);
    expect(() => readTokenAnswer({ code: 200, msg: "操作成功", data: null })).toThrow("access_token");
  });

  it("computes the S256 challenge of RFC 7636 Appendix B and makes fresh 43-character verifiers", async () => {
    expect(await pkceChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe(
      "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    );
    const a = await createPkce();
    const b = await createPkce();
    expect(a.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.verifier).not.toBe(b.verifier);
    expect(a.challenge).toBe(await pkceChallenge(a.verifier));
    expect(a.method).toBe("S256");
  });

  it("puts the challenge on the authorize URL and the verifier in the exchange; a public client sends its id in the body", async () => {
    const url = new URL(
      authorizeUrl({ baseUrl: "http://x/", clientId: "c", redirectUri: "http://r/", codeChallenge: "ch" }),
    );
    expect(url.searchParams.get("code_challenge")).toBe("ch");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    server.routes.set("POST /b-iam-account/oauth/token", (_req, res) =>
      json(res, { access_token: "std", token_type: "Bearer", expires_in: 60, scope: "all" }),
    );
    const sdk = createTspClient({ baseUrl: server.baseUrl, tokenStore: memoryTokenStore() });
    const token = await exchangeCode(sdk, { clientId: "pub", code: "c", redirectUri: "http://r/", codeVerifier: "v" });
    expect(token.access_token).toBe("std");
    expect(await sdk.tokens.get()).toBe("std");
    const seen = server.requests[0];
    expect(seen?.headers.authorization).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(seen?.body.toString()))).toEqual({
      grant_type: "authorization_code",
      code: "c",
      redirect_uri: "http://r/",
      code_verifier: "v",
      client_id: "pub",
    });
  });

  it("revokes a token as its client (RFC 7009) and forgets it when it is the stored one", async () => {
    server.routes.set("POST /b-iam-account/oauth/revoke", (_req, res) =>
      json(res, { code: 200, msg: "令牌已撤销", data: null }),
    );
    const sdk = createTspClient({ baseUrl: server.baseUrl, tokenStore: memoryTokenStore("held") });
    await revokeToken(sdk, consoleClient, "other");
    expect(await sdk.tokens.get()).toBe("held");
    await revokeToken(sdk, consoleClient, "held");
    expect(await sdk.tokens.get()).toBeNull();
    expect(server.requests[1]?.headers.authorization).toBe(basic);
    expect(new URLSearchParams(server.requests[1]?.body.toString()).get("token")).toBe("held");
  });
});
