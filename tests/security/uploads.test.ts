import { readdir } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_OBJECT_BYTES } from "../../apps/server/src/services/object-store/handlers";
import { signedObjectUrl } from "../../apps/server/src/services/object-store/signing";
import { type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { adminToken, startSmallServer } from "../robustness/support/fuzzServer";

/**
 * Uploads through signed URLs (issue 9): an expired or tampered signature, a key that would
 * leave the store's folder, a content type other than the signed one and an oversize body
 * are refused and store nothing; HTML and SVG with script are served back inert (attachment,
 * sandboxing CSP, nosniff).
 */
const engine = testEngine();
let server: TestServer;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A signed PUT URL made by the server's own signing code (what getTempPutUrl hands out). */
const signedPut = (key: string, contentType: string, expires = nowSeconds() + 600) =>
  new URL(signedObjectUrl(server.ctx.secrets, "PUT", key, contentType, expires), server.url);

const put = (url: URL | string, contentType: string, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "PUT",
    headers: { "content-type": contentType, ...headers },
    body,
    duplex: "half",
  } as RequestInit);

/**
 * Streams `bytes` zero bytes as a PUT on a connection of its own (node:http, no agent): a
 * refused upload whose body is still flowing must not stall the pooled connections the other
 * tests use. Answers the status, or -1 when the server closed the socket first.
 */
function oversizePut(url: URL, bytes: number): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: "PUT",
      agent: false,
      headers: { "content-type": "application/octet-stream" },
    });
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on("error", () => resolve(-1));
    const chunk = Buffer.alloc(1024 * 1024);
    let sent = 0;
    const pump = () => {
      while (sent < bytes && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!req.destroyed) req.end();
    };
    pump();
  });
}

async function storedFiles(): Promise<string[]> {
  return (await readdir(server.ctx.objects.root, { recursive: true }).catch(() => [] as string[])).toSorted();
}

describe.skipIf(engine.skip)(`signed uploads (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startSmallServer();
  }, 180_000);
  afterAll(() => server?.stop());

  it("stores a correctly signed PUT (the baseline every refusal below differs from by one thing)", async () => {
    const res = await put(signedPut("baseline.png", "image/png"), "image/png", new Uint8Array([137, 80, 78, 71]));
    expect(res.status).toBe(200);
    expect(await storedFiles()).toContain("baseline.png");
  });

  it("refuses an expired or tampered signature with 403 and stores nothing", async () => {
    const before = await storedFiles();
    const good = signedPut("tamper.png", "image/png");
    const variants: [string, URL][] = [];
    variants.push(["expired", signedPut("tamper.png", "image/png", nowSeconds() - 1)]);
    const flipped = new URL(good);
    const sig = flipped.searchParams.get("Signature") ?? "";
    flipped.searchParams.set("Signature", `${sig[0] === "A" ? "B" : "A"}${sig.slice(1)}`);
    variants.push(["one character of the signature changed", flipped]);
    const truncated = new URL(good);
    truncated.searchParams.set("Signature", sig.slice(0, -2));
    variants.push(["truncated signature", truncated]);
    const extended = new URL(good);
    extended.searchParams.set("Expires", String(Number(good.searchParams.get("Expires")) + 3600));
    variants.push(["expiry pushed later", extended]);
    const otherKeyId = new URL(good);
    otherKeyId.searchParams.set("AccessKeyId", "someone-else");
    variants.push(["another access key id", otherKeyId]);
    const otherKey = new URL(good);
    otherKey.pathname = "/obs/other.png";
    variants.push(["signature of another key", otherKey]);
    const unsigned = new URL(good);
    unsigned.search = "";
    variants.push(["no signature", unsigned]);
    for (const [name, url] of variants) {
      const res = await put(url, "image/png", new Uint8Array([1, 2, 3]));
      expect([400, 403], name).toContain(res.status);
      expect(((await res.json()) as { msg: string }).msg, name).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses keys with .., absolute paths, backslashes or control characters, even when signed", async () => {
    const before = await storedFiles();
    const parent = path.dirname(server.ctx.objects.root);
    const parentBefore = await readdir(parent);
    for (const key of [
      "../escape.png",
      "a/../../escape.png",
      "/etc/passwd",
      "C:/x.png",
      "a\\..\\x.png",
      "a\u0000.png",
      "a\r\nx-injected: 1",
      "a/./b.png",
      "a//b.png",
      "",
    ]) {
      // Signed by the server's key, so only the key's shape can be what refuses it.
      const url = new URL(`/obs/${encodeURIComponent(key)}${signedPut("x.png", "image/png").search}`, server.url);
      const res = await put(url, "image/png", new Uint8Array([1]));
      expect([400, 403, 404], JSON.stringify(key)).toContain(res.status);
      const got = await fetch(new URL(`/obs/${encodeURIComponent(key)}`, server.url));
      expect([400, 404], JSON.stringify(key)).toContain(got.status);
    }
    expect(await storedFiles()).toEqual(before);
    expect(await readdir(parent)).toEqual(parentBefore);
    // The signing call itself refuses such keys (validated against openapi/ before any handler).
    const token = await adminToken(server.url);
    for (const key of ["../x.png", "/abs.png", "a\u0000b"]) {
      const res = await fetch(
        new URL(`/transfer/obs/getTempPutURL?objectKey=${encodeURIComponent(key)}&contentType=image/png`, server.url),
        { headers: { authorization: `Bearer ${token}` } },
      );
      expect(res.status, key).toBe(400);
    }
  });

  it("refuses a content type other than the signed one", async () => {
    const before = await storedFiles();
    const url = signedPut("typed.png", "image/png");
    for (const type of [
      "text/html",
      "image/svg+xml",
      "image/png; charset=utf-8",
      "IMAGE/PNG",
      "application/octet-stream",
    ]) {
      const res = await put(url, type, "<script>alert(1)</script>");
      expect(res.status, type).toBe(403);
    }
    expect(await storedFiles()).toEqual(before);
  });

  it(`refuses a body over ${MAX_OBJECT_BYTES / 1024 / 1024} MB with 413 and leaves no partial file`, async () => {
    const before = await storedFiles();
    const status = await oversizePut(
      signedPut("huge.bin", "application/octet-stream"),
      MAX_OBJECT_BYTES + 2 * 1024 * 1024,
    );
    // The server may cut the connection once it has answered; either way nothing is kept.
    if (status !== -1) expect(status).toBe(413);
    expect(await storedFiles()).toEqual(before);
    expect((await storedFiles()).some((f) => f.includes("partial"))).toBe(false);
  }, 120_000);

  it("serves uploaded HTML and SVG with script inert: attachment, sandboxing CSP, nosniff", async () => {
    const payloads: [string, string, string][] = [
      ["page.html", "text/html", "<html><body><script>alert(1)</script></body></html>"],
      [
        "pic.svg",
        "image/svg+xml",
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
      ],
      ["fake.png", "image/png", "<script>alert(3)</script>"],
    ];
    for (const [key, type, content] of payloads) {
      expect((await put(signedPut(key, type), type, content)).status, key).toBe(200);
      const res = await fetch(new URL(`/obs/${key}`, server.url));
      expect(res.status).toBe(200);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toMatch(/sandbox/);
      expect(res.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
      if (type !== "image/png") expect(res.headers.get("content-disposition")).toMatch(/^attachment/);
    }
  });

  it("refuses to read a private object without a GET signature", async () => {
    const url = signedPut("secret.pdf", "application/pdf");
    expect((await put(url, "application/pdf", "%PDF-1.4", { "x-obs-acl": "private" })).status).toBe(200);
    expect((await fetch(new URL("/obs/secret.pdf", server.url))).status).toBe(403);
    const signedGet = signedObjectUrl(server.ctx.secrets, "GET", "secret.pdf", "", nowSeconds() + 60);
    expect((await fetch(new URL(signedGet, server.url))).status).toBe(200);
    const expiredGet = signedObjectUrl(server.ctx.secrets, "GET", "secret.pdf", "", nowSeconds() - 1);
    expect((await fetch(new URL(expiredGet, server.url))).status).toBe(403);
  });
});
