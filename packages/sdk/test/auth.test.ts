import { constants, generateKeyPairSync, privateDecrypt } from "node:crypto";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type ApiError,
  authorizeUrl,
  clientCredentials,
  createEncryptor,
  createTspClient,
  encryptValue,
  exchangeCode,
  localStorageTokenStore,
  memoryTokenStore,
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
    expect(await encryptValue(spki, "x")).not.toBe(await encryptValue(spki, "x"));
  });

  it("refuses a value longer than one OAEP block with a typed error (bytes and the limit; the caller words it)", async () => {
    const error = await encryptValue(spki, "密".repeat(64)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValueTooLongError);
    expect(error).toMatchObject({ kind: "valueTooLong", bytes: 192, maxBytes: 190 });
    await expect(encryptValue(spki, "a".repeat(191))).rejects.toMatchObject({ bytes: 191, maxBytes: 190 });
    expect(await encryptValue(spki, "a".repeat(190))).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });
});
