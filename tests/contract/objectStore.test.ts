import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedUpload, signedObjectUrl } from "../../apps/server/src/services/object-store/signing";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { assertMatchesContract } from "./support/contract";
import { OBJECT_OPS } from "./support/owners";

const engine = testEngine();
let server: TestServer;
let base: string;
const ledger = new CallLedger(() => base);

/** A signed object URL as the SDK's call takes it: the key as path parameter, the signature as query. */
function signedParams(url: string) {
  const u = new URL(url, base);
  return {
    path: { objectKey: decodeURIComponent(u.pathname.replace(/^\/obs\//, "")) },
    query: Object.fromEntries(u.searchParams),
  };
}

const put = (url: string, body: string | Blob, contentType: string, acl?: string) =>
  fetch(new URL(url, base), {
    method: "PUT",
    headers: { "content-type": contentType, ...(acl ? { "x-obs-acl": acl } : {}) },
    body,
  });

describe.skipIf(engine.skip)(`object store behind signed URLs (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 1, journalPerVehicle: 1 } } });
    base = server.url;
  }, 120_000);
  afterAll(() => server?.stop());

  it("stores a file at a signed PUT URL and serves it back with its type, ETag and safe headers", async () => {
    const signed = createSignedUpload(server.ctx, {
      objectKey: "9e107d9d372bb6826bd81d3542a419d6.png",
      contentType: "image/png",
    });
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const res = await ledger.call("putObject", {
      ...signedParams(signed.url),
      headers: { "content-type": "image/png", "x-obs-acl": "public-read" },
      raw: bytes,
    });
    expect(res.status).toBe(200);
    const body = res.body as { data: { size: number; md5: string } };
    expect(body.data.size).toBe(7);
    const got = await ledger.call("getObject", signedParams(signed.accessURL));
    expect(got.status).toBe(200);
    expect(got.bytes).toEqual(bytes);
    expect(got.headers.get("content-type")).toBe("image/png");
    expect(got.headers.get("etag")).toBe(`"${body.data.md5}"`);
    expect(got.headers.get("x-content-type-options")).toBe("nosniff");
    expect(got.headers.get("content-security-policy")).toContain("sandbox");
  });

  it("serves anything that is not an image, video or pdf as an attachment, never as a page", async () => {
    const signed = createSignedUpload(server.ctx, { objectKey: "page.html", contentType: "text/html" });
    expect((await put(signed.url, "<script>alert(1)</script>", "text/html")).status).toBe(200);
    const got = await fetch(new URL(signed.accessURL, base));
    expect(got.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(got.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
  });

  it("refuses a PUT whose content type, key or expiry differs from what was signed (403), writing nothing", async () => {
    const signed = createSignedUpload(server.ctx, { objectKey: "a.jpg", contentType: "image/jpeg" });
    const wrongType = await ledger.call("putObject", {
      ...signedParams(signed.url),
      headers: { "content-type": "image/png" },
      raw: "x",
    });
    expect(wrongType.status).toBe(403);
    const otherKey = signed.url.replace("/obs/a.jpg", "/obs/b.jpg");
    expect((await put(otherKey, "x", "image/jpeg")).status).toBe(403);
    const expired = signedObjectUrl(
      server.ctx.secrets,
      "PUT",
      "c.jpg",
      "image/jpeg",
      Math.floor(Date.now() / 1000) - 1,
    );
    expect((await put(expired, "x", "image/jpeg")).status).toBe(403);
    const unsigned = await put("/obs/d.jpg", "x", "image/jpeg");
    expect(unsigned.status).toBe(400);
    assertMatchesContract("putObject", 400, await unsigned.json());
    expect((await fetch(new URL("/obs/a.jpg", base))).status).toBe(404);
  });

  it("refuses keys with .., slashes, absolute paths or control characters", async () => {
    // Encoded so the client does not normalise them away; the server decodes and refuses them.
    for (const key of ["..%2Fetc%2Fpasswd", "%2Fetc%2Fpasswd", "a%00b", "a%0Ab"]) {
      const res = await fetch(
        new URL(`/obs/${key}?AccessKeyId=tsp-console&Expires=9999999999&Signature=${"A".repeat(43)}`, base),
        {
          method: "PUT",
          headers: { "content-type": "image/png" },
          body: "x",
        },
      );
      expect(res.status, key).toBe(400);
      assertMatchesContract("putObject", 400, await res.json());
    }
  });

  it("enforces the size cap bound into the signature, and the signature covers the cap", async () => {
    const signed = createSignedUpload(server.ctx, {
      objectKey: "small.jpg",
      contentType: "image/jpeg",
      maxBytes: 1024 * 1024,
    });
    const big = await put(signed.url, new Blob([new Uint8Array(1024 * 1024 + 1)]), "image/jpeg");
    expect(big.status).toBe(413);
    const answer = assertMatchesContract("putObject", 413, await big.json()) as { msg: string };
    expect(answer.msg).toBe("上传文件不能超过1M");
    expect((await fetch(new URL("/obs/small.jpg", base))).status).toBe(404);
    const raised = signed.url.replace("MaxSize=1048576", "MaxSize=209715200");
    expect((await put(raised, "x", "image/jpeg")).status).toBe(403);
    expect((await put(signed.url, new Blob([new Uint8Array(1024 * 1024)]), "image/jpeg")).status).toBe(200);
  });

  it("reads private objects only with a GET signature", async () => {
    const signed = createSignedUpload(server.ctx, {
      objectKey: "id-card.pdf",
      contentType: "application/pdf",
      acl: "private",
    });
    expect((await put(signed.url, "%PDF-1.4", "application/pdf", "private")).status).toBe(200);
    const bare = await ledger.call("getObject", { path: { objectKey: "id-card.pdf" } });
    expect(bare.status).toBe(403);
    const withSignature = await fetch(new URL(signed.accessURL, base));
    expect(withSignature.status).toBe(200);
    expect(await withSignature.text()).toBe("%PDF-1.4");
  });

  it("called every operation it owns through @tsp/sdk with good and bad input", () => {
    ledger.expectCovered(OBJECT_OPS);
  });
});
