import { constants, generateKeyPairSync, privateDecrypt } from "node:crypto";
import { existsSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { join, resolve } from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, sleep, startServer, type TestServer } from "./server";

/**
 * The SDK in a real browser (the machine's Chromium, as the e2e tests use it): the paths Node
 * cannot exercise — XHR upload progress, WebCrypto in a page, the localStorage token store.
 */
const sdkDir = resolve(import.meta.dirname, "..");
const chromiumPath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find(
  (p) => p && existsSync(p),
);
const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

let server: TestServer;
let browser: Browser;
let page: Page;
const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const put: { headers?: IncomingHttpHeaders; bytes: number } = { bytes: 0 };
/**
 * 32 MB: loopback sockets' buffers (tcp_wmem + tcp_rmem, autotuned) can swallow ~10 MB at once,
 * so a smaller file could be "sent" in one go and report only 100 %.
 */
const UPLOAD_BYTES = 32 * 1024 * 1024;

beforeAll(async () => {
  if (!chromiumPath) throw new Error("未找到 Chromium：安装 chromium 或设置 CHROMIUM_PATH（见 README“Requirements”）");
  server = await startServer();
  const bundle = await build({
    entryPoints: [join(sdkDir, "src/index.ts")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
  });
  const script = bundle.outputFiles[0]?.text ?? "";
  server.routes.set("GET /", (_req, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    // The page loads the bundle itself (an import() inside page.evaluate would be rewritten by Vitest).
    res.end(
      '<!doctype html><title>sdk</title><script type="module">import * as m from "/sdk.js"; window.sdk = m;</script>',
    );
  });
  server.routes.set("GET /sdk.js", (_req, res) => {
    res.setHeader("content-type", "text/javascript");
    res.end(script);
  });
  server.routes.set("POST /comm-saas-cloud/obs/getCommonFileUploadSigned", (_req, res) =>
    json(res, {
      code: 200,
      data: {
        url: "/obs/v.mp4?AccessKeyId=k&Expires=9&Signature=s",
        accessURL: "/obs/v.mp4",
        contentType: "video/mp4",
      },
    }),
  );
  // The store waits, then reads slowly (2 ms per chunk): the browser's send stalls part-way while
  // the socket buffers are full, so XHR reports progress below 100 % before the end.
  server.streamRoutes.set("PUT /obs/v.mp4", async (req, res) => {
    put.headers = req.headers;
    await sleep(300);
    for await (const chunk of req) {
      put.bytes += (chunk as Buffer).length;
      await sleep(2);
    }
    json(res, { code: 200, data: { objectKey: "v.mp4", size: put.bytes } });
  });
  server.routes.set("GET /b-iam-account/v1/account/getPubKey", (_req, res) =>
    json(res, {
      code: 200,
      // The server names OAEP, so the browser encrypts with WebCrypto (unnamed would mean PKCS#1 v1.5).
      data: {
        publicKey: publicKey.export({ type: "spki", format: "der" }).toString("base64"),
        algorithm: "RSA-OAEP-256",
      },
    }),
  );
  server.routes.set("POST /b-iam-account/users/web/modifyPassword", (req, res) => {
    const { oldPassword } = JSON.parse(req.body.toString()) as { oldPassword: string };
    const plain = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      Buffer.from(oldPassword, "base64"),
    );
    json(res, { code: 200, data: plain.toString("utf8") });
  });
  server.routes.set("GET /comm-inc-center/v1/web/home/user/myInfo", (_req, res) =>
    json(res, { code: 401, msg: "未登录" }, 401),
  );
  browser = await chromium.launch({ executablePath: chromiumPath, args: ARGS });
  page = await browser.newPage();
  await page.goto(`${server.baseUrl}/`);
  await page.waitForFunction(() => "sdk" in window);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("@tsp/sdk in Chromium", () => {
  it("uploads with XHR progress, keeps the token away from the store, encrypts with WebCrypto, uses localStorage", async () => {
    const out = await page.evaluate(async (size: number) => {
      // biome-ignore lint/suspicious/noExplicitAny: the bundle's exports, untyped inside the page.
      const m = (window as any).sdk;
      localStorage.setItem("wit-dashboard-token", "browser-token");
      const unauthorized: string[] = [];
      const sdk = m.createTspClient({
        baseUrl: location.origin,
        hooks: { onUnauthorized: (e: { msg: string }) => unauthorized.push(e.msg) },
      });
      const events: { loaded: number; total: number; percent: number }[] = [];
      const file = new Blob([new Uint8Array(size)], { type: "video/mp4" });
      const upload = await m.uploadSigned({
        sdk,
        file,
        sign: () =>
          sdk
            .raw("POST", "/comm-saas-cloud/obs/getCommonFileUploadSigned", {
              body: { objectKey: "v.mp4", contentType: "video/mp4" },
            })
            .then(m.unwrap),
        onProgress: (p: { loaded: number; total: number; percent: number }) => events.push(p),
      });
      const cipher = await m.createEncryptor(sdk).encrypt("Admin@123456");
      const decrypted = m.unwrap(
        await sdk.raw("POST", "/b-iam-account/users/web/modifyPassword", { body: { oldPassword: cipher } }),
      );
      const failed = await sdk.GET("/comm-inc-center/v1/web/home/user/myInfo").catch((e: { kind: string }) => e.kind);
      return {
        events,
        status: upload.status,
        objectUrl: upload.objectUrl,
        decrypted,
        failed,
        unauthorized,
        tokenAfter401: localStorage.getItem("wit-dashboard-token"),
      };
    }, UPLOAD_BYTES);
    expect(out.status).toBe(200);
    expect(out.objectUrl).toBe(`${server.baseUrl}/obs/v.mp4`);
    expect(put.bytes).toBe(UPLOAD_BYTES);
    expect(put.headers?.["content-type"]).toBe("video/mp4");
    expect(put.headers?.["x-obs-acl"]).toBe("public-read");
    expect(put.headers?.authorization).toBeUndefined();
    // The signing call is an API call and carried the token from localStorage.
    const signing = server.requests.find((r) => r.url.pathname.endsWith("getCommonFileUploadSigned"));
    expect(signing?.headers.authorization).toBe("Bearer browser-token");
    // XHR progress: intermediate events, then 100 %.
    expect(out.events.some((e) => e.loaded > 0 && e.loaded < UPLOAD_BYTES)).toBe(true);
    expect(out.events.at(-1)).toEqual({ loaded: UPLOAD_BYTES, total: UPLOAD_BYTES, percent: 100 });
    expect(out.decrypted).toBe("Admin@123456");
    // 401: the browser store is cleared and onUnauthorized heard about it.
    expect(out.failed).toBe("auth");
    expect(out.unauthorized).toEqual(["未登录"]);
    expect(out.tokenAfter401).toBeNull();
  }, 60_000);
});
