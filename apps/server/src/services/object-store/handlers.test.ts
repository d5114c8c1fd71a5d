import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../testing/testServer";
import {
  createSignedUpload,
  maxSizeOf,
  signedAclOf,
  signedObjectUrl,
  stringToSign,
  verifyObjectSignature,
} from "./signing";

/**
 * The object store's HTTP side with the server's clock under the test's control: a signed URL
 * works until the second it expires and not from then on, and what may be kept in a cache
 * depends on the object's ACL (a private object must never land in a shared cache, where the
 * next user of the proxy would get it without a signature).
 */
/** A signed URL lives 15 minutes unless the signer says otherwise (written out, not imported). */
const SIGNED_URL_TTL_SECONDS = 15 * 60;
const START = new Date("2026-03-01T00:00:00Z");
let clock = START;
let server: TestServer;
const nowSeconds = () => Math.floor(clock.getTime() / 1000);
const at = (path: string) => new URL(path, server.url);

const put = (url: string, contentType: string, body: string, acl?: "private" | "public-read") =>
  fetch(at(url), {
    method: "PUT",
    headers: { "content-type": contentType, ...(acl ? { "x-obs-acl": acl } : {}) },
    body,
  });

beforeAll(async () => {
  server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 1, journalPerVehicle: 1 } }, now: () => clock });
});
afterAll(() => server.stop());

describe("object store", () => {
  it("accepts a signed PUT until its expiry second and refuses it from then on", async () => {
    const upload = createSignedUpload(server.ctx, { objectKey: "clock-put.png", contentType: "image/png" });
    expect(upload.expiresAt).toBe((nowSeconds() + SIGNED_URL_TTL_SECONDS) * 1000);
    try {
      clock = new Date(upload.expiresAt - 1);
      const early = await put(upload.url, "image/png", "early");
      expect(early.status, await early.clone().text()).toBe(200);
      clock = new Date(upload.expiresAt);
      const late = await put(upload.url, "image/png", "late");
      expect(late.status).toBe(403);
      expect(((await late.json()) as { msg: string }).msg).toBe("签名无效或已过期");
      // The refused body was not stored: the object still holds what the early PUT wrote.
      clock = START;
      expect(await (await fetch(at(upload.accessURL))).text()).toBe("early");
    } finally {
      clock = START;
    }
  });

  it("serves a private object only with a GET signature that has not expired", async () => {
    const upload = createSignedUpload(server.ctx, {
      objectKey: "clock-private.pdf",
      contentType: "application/pdf",
      acl: "private",
      ttlSeconds: 60,
    });
    expect((await put(upload.url, "application/pdf", "secret", "private")).status).toBe(200);
    expect((await fetch(at("/obs/clock-private.pdf"))).status).toBe(403);
    try {
      clock = new Date(upload.expiresAt - 1);
      const ok = await fetch(at(upload.accessURL));
      expect(ok.status).toBe(200);
      expect(await ok.text()).toBe("secret");
      clock = new Date(upload.expiresAt);
      expect((await fetch(at(upload.accessURL))).status).toBe(403);
    } finally {
      clock = START;
    }
  });

  it("tells caches never to store a private object, and lets them keep a public one briefly", async () => {
    const privateUpload = createSignedUpload(server.ctx, {
      objectKey: "cache-private.png",
      contentType: "image/png",
      acl: "private",
    });
    expect((await put(privateUpload.url, "image/png", "p", "private")).status).toBe(200);
    const privateRes = await fetch(at(privateUpload.accessURL));
    expect(privateRes.status).toBe(200);
    await privateRes.arrayBuffer();
    const privateCache = privateRes.headers.get("cache-control") ?? "";
    expect(privateCache).toMatch(/\bno-store\b/);
    expect(privateCache).toMatch(/\bprivate\b/);
    expect(privateCache).not.toMatch(/public|max-age/);

    const publicUpload = createSignedUpload(server.ctx, { objectKey: "cache-public.png", contentType: "image/png" });
    expect((await put(publicUpload.url, "image/png", "q")).status).toBe(200);
    const publicRes = await fetch(at(publicUpload.accessURL));
    await publicRes.arrayBuffer();
    expect(publicRes.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("refuses a GET signature made for another key, and a PUT signature used to read", async () => {
    const upload = createSignedUpload(server.ctx, {
      objectKey: "cache-other.png",
      contentType: "image/png",
      acl: "private",
    });
    expect((await put(upload.url, "image/png", "o", "private")).status).toBe(200);
    const expires = nowSeconds() + 60;
    const forOtherKey = signedObjectUrl(server.ctx.secrets, "GET", "cache-private.png", "", expires).split("?")[1];
    expect((await fetch(at(`/obs/cache-other.png?${forOtherKey}`))).status).toBe(403);
    const putQuery = upload.url.split("?")[1];
    expect((await fetch(at(`/obs/cache-other.png?${putQuery}`))).status).toBe(403);
  });

  it("keeps an object private when its URL was signed private, whatever the uploader's header says", async () => {
    const upload = createSignedUpload(server.ctx, {
      objectKey: "acl-signed.pdf",
      contentType: "application/pdf",
      acl: "private",
    });
    expect(new URL(upload.url, server.url).searchParams.get("Acl")).toBe("private");
    // No header, then the header asking for public-read: stored private both times.
    for (const header of [undefined, "public-read"] as const) {
      const res = await put(upload.url, "application/pdf", `doc ${header}`, header);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(((await res.json()) as { data: { acl: string } }).data.acl).toBe("private");
      expect((await fetch(at("/obs/acl-signed.pdf"))).status).toBe(403);
    }
    expect(await (await fetch(at(upload.accessURL))).text()).toBe("doc public-read");
  });

  it("refuses an upload URL whose Acl was removed or added after signing, and stores nothing", async () => {
    const privateUpload = createSignedUpload(server.ctx, {
      objectKey: "acl-stripped.pdf",
      contentType: "application/pdf",
      acl: "private",
    });
    const stripped = new URL(privateUpload.url, server.url);
    stripped.searchParams.delete("Acl");
    expect((await put(stripped.pathname + stripped.search, "application/pdf", "leak")).status).toBe(403);
    const publicUpload = createSignedUpload(server.ctx, { objectKey: "acl-added.png", contentType: "image/png" });
    expect((await put(`${publicUpload.url}&Acl=private`, "image/png", "x")).status).toBe(403);
    for (const key of ["acl-stripped.pdf", "acl-added.png"]) {
      expect((await fetch(at(`/obs/${key}`))).status).toBe(404);
    }
  });

  it("lets the uploader make an object more private than its URL was signed for", async () => {
    const upload = createSignedUpload(server.ctx, { objectKey: "acl-upgrade.png", contentType: "image/png" });
    const res = await put(upload.url, "image/png", "u", "private");
    expect(((await res.json()) as { data: { acl: string } }).data.acl).toBe("private");
    expect((await fetch(at("/obs/acl-upgrade.png"))).status).toBe(403);
  });
});

/** A signed URL's query as the router hands it to the verifier (Expires a number). */
function query(url: string) {
  const q: Record<string, unknown> = Object.fromEntries(new URL(url, "http://x").searchParams);
  q.Expires = Number(q.Expires);
  return q;
}

/** Found by mutation testing (SECURITY.md): each line below failed to notice one changed rule of signing.ts. */
describe("signing rules", () => {
  it("signs the documented string: method, path, content type, expiry, then MaxSize and the private line", () => {
    expect(stringToSign("PUT", "k.png", "image/png", 100)).toBe("PUT\n/obs/k.png\nimage/png\n100");
    expect(stringToSign("PUT", "k.png", "image/png", 100, 2048)).toBe("PUT\n/obs/k.png\nimage/png\n100\n2048");
    expect(stringToSign("PUT", "k.png", "image/png", 100, undefined, "private")).toBe(
      "PUT\n/obs/k.png\nimage/png\n100\nx-obs-acl:private",
    );
    expect(stringToSign("GET", "k.png", "", 100, undefined, "public-read")).toBe("GET\n/obs/k.png\n\n100");
  });

  it("reads MaxSize as a positive safe integer, and Acl as private or absent only", () => {
    expect(maxSizeOf({})).toBeUndefined();
    expect(maxSizeOf({ MaxSize: "2048" })).toBe(2048);
    expect(maxSizeOf({ MaxSize: "1" })).toBe(1);
    for (const bad of ["0", "-1", "1.5", "abc", String(2 ** 53)]) expect(maxSizeOf({ MaxSize: bad }), bad).toBeNull();
    expect(signedAclOf({})).toBe("public-read");
    expect(signedAclOf({ Acl: "private" })).toBe("private");
    expect(signedAclOf({ Acl: "public-read" })).toBeNull();
  });

  it("verifies a signature only with the server's key id, a well-formed MaxSize and Acl, and no Acl on a GET", () => {
    const secrets = server.ctx.secrets;
    const now = clock.getTime();
    const expires = nowSeconds() + 60;
    const signedPut = query(signedObjectUrl(secrets, "PUT", "v.png", "image/png", expires, 10));
    expect(verifyObjectSignature(secrets, signedPut, "PUT", "v.png", "image/png", now)).toBe(true);
    expect(
      verifyObjectSignature(secrets, { ...signedPut, AccessKeyId: "other" }, "PUT", "v.png", "image/png", now),
    ).toBe(false);
    expect(verifyObjectSignature(secrets, { ...signedPut, MaxSize: "abc" }, "PUT", "v.png", "image/png", now)).toBe(
      false,
    );
    expect(verifyObjectSignature(secrets, { ...signedPut, MaxSize: "11" }, "PUT", "v.png", "image/png", now)).toBe(
      false,
    );
    const open = query(signedObjectUrl(secrets, "PUT", "v.png", "image/png", expires));
    expect(verifyObjectSignature(secrets, { ...open, Acl: "bogus" }, "PUT", "v.png", "image/png", now)).toBe(false);
    // A GET is always signed as public-read, whatever ACL its caller passes.
    const get = query(signedObjectUrl(secrets, "GET", "v.png", "", expires, undefined, "private"));
    expect(get.Acl).toBeUndefined();
    expect(verifyObjectSignature(secrets, get, "GET", "v.png", "", now)).toBe(true);
  });

  it("gives a public upload a plain access URL, without a signature", () => {
    const upload = createSignedUpload(server.ctx, { objectKey: "plain public.png", contentType: "image/png" });
    expect(upload.accessURL).toBe("/obs/plain%20public.png");
  });
});
