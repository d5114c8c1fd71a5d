import { createHash } from "node:crypto";
import { createTspClient, memoryTokenStore, type TspClient, unwrap, uploadSigned } from "@tsp/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { postFile } from "./business-sheets";
import { signIn } from "./support/contract";
import { FILE_OPS } from "./support/owners";

/**
 * Contract of the signed uploads (transfer, comm-saas-cloud) and the OTA file upload
 * (tsp-ota): the signing calls hand out PUT URLs the object store honours, real-name
 * material stays private, the OTA upload stores by MD5 and caps at 2 MB.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;
/** A typed SDK client (every path of openapi/) holding the admin's token. */
let adminSdk: TspClient;
const ledger = new CallLedger(() => server.url);

const put = (url: string, bytes: Buffer, contentType: string, acl?: string) =>
  fetch(new URL(url, server.url), {
    method: "PUT",
    headers: { "content-type": contentType, ...(acl ? { "x-obs-acl": acl } : {}) },
    body: new Uint8Array(bytes),
  });

describe.skipIf(engine.skip)(`business signed uploads and OTA upload contract (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer();
    const signedIn = await signIn(server.url, "admin", "Admin@123456");
    admin = signedIn.token;
    adminSdk = createTspClient({ baseUrl: server.url.replace(/\/$/, ""), tokenStore: memoryTokenStore(admin) });
  }, 120_000);
  afterAll(() => server?.stop());

  it("signs a temporary PUT whose object is then readable at accessURL", async () => {
    const bytes = Buffer.from("PNG-ish bytes of a picture");
    // Keys carry the caller's tenant prefix (admin's tenant T0001 is the first tenant: id 1).
    const key = `t1-${createHash("md5").update(bytes).digest("hex")}.png`;
    const signed = await ledger.call("getTempPutUrl", {
      token: admin,
      query: { objectKey: key, contentType: "image/png" },
    });
    expect(signed.body.data).toMatchObject({ objectKey: key, contentType: "image/png", acl: "public-read" });
    expect(signed.body.data.expiresAt).toBeGreaterThan(Date.now());
    expect((await put(signed.body.data.url, bytes, "image/png", "public-read")).status).toBe(200);
    const got = await fetch(new URL(signed.body.data.accessURL, server.url));
    expect(Buffer.from(await got.arrayBuffer())).toEqual(bytes);
    // The signature binds the content type: another type is refused.
    expect((await put(signed.body.data.url, bytes, "text/html")).status).toBe(403);
    expect(
      (await ledger.call("getTempPutUrl", { token: admin, query: { objectKey: "../etc", contentType: "image/png" } }))
        .status,
    ).toBe(400);
    expect(
      (await ledger.call("getTempPutUrl", { token: admin, query: { objectKey: "a.png", contentType: "png" } })).status,
    ).toBe(400);
    expect(
      (await ledger.call("getTempPutUrl", { query: { objectKey: "a.png", contentType: "image/png" } })).status,
    ).toBe(401);
  });

  it("signs common files public-read and real-name material private", async () => {
    const common = await ledger.call("getCommonFileUploadSigned", {
      token: admin,
      body: { objectKey: "doc-1.pdf", contentType: "application/pdf" },
    });
    expect(common.body.data).toMatchObject({ acl: "public-read", accessURL: "/obs/doc-1.pdf" });
    const secret = await ledger.call("getRealNamedFileUploadSigned", {
      token: admin,
      body: { objectKey: "id-card-1.jpg", contentType: "image/jpeg" },
    });
    expect(secret.body.data.acl).toBe("private");
    expect(secret.body.data.accessURL).toContain("Signature=");
    const photo = Buffer.from("an identity card photo");
    expect((await put(secret.body.data.url, photo, "image/jpeg", "private")).status).toBe(200);
    expect((await fetch(new URL("/obs/id-card-1.jpg", server.url))).status).toBe(403);
    const signedGet = await fetch(new URL(secret.body.data.accessURL, server.url));
    expect(Buffer.from(await signedGet.arrayBuffer())).toEqual(photo);
    for (const id of ["getCommonFileUploadSigned", "getRealNamedFileUploadSigned"]) {
      expect(
        (await ledger.call(id, { token: admin, body: { objectKey: "a/b.jpg", contentType: "image/jpeg" } })).status,
        id,
      ).toBe(400);
      expect((await ledger.call(id, { token: admin, body: { objectKey: "b.jpg" } })).status, id).toBe(400);
    }
  });

  it("uploads through @tsp/sdk's uploadSigned with a URL from the signing call", async () => {
    const bytes = new TextEncoder().encode("a video poster");
    const result = await uploadSigned({
      sdk: adminSdk,
      sign: () =>
        adminSdk
          .POST("/comm-saas-cloud/obs/getCommonFileUploadSigned", {
            body: { objectKey: "poster-1.webp", contentType: "image/webp" },
          })
          .then(unwrap),
      file: bytes,
      contentType: "image/webp",
    });
    const got = await fetch(result.objectUrl);
    expect(got.headers.get("content-type")).toBe("image/webp");
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes);
  });

  it("stores an OTA file by its MD5 and answers its address; caps at 2 MB", async () => {
    const bytes = Buffer.from("OTA package v2.1.0");
    const md5 = createHash("md5").update(bytes).digest("hex");
    const path = "/tsp-ota/v1/web/boxEv/ftp";
    const res = await postFile(server.url, "uploadBoxEvFile", path, { name: "tbox-v2.1.0.bin", bytes }, admin);
    ledger.record("uploadBoxEvFile", res.status);
    expect(res.body.data).toBe(`/obs/${md5}.bin`);
    const again = await postFile(server.url, "uploadBoxEvFile", path, { name: "copy.BIN", bytes }, admin);
    expect(again.body.data).toBe(res.body.data);
    const got = await fetch(new URL(res.body.data, server.url));
    expect(Buffer.from(await got.arrayBuffer())).toEqual(bytes);
    const big = await postFile(
      server.url,
      "uploadBoxEvFile",
      path,
      { name: "big.bin", bytes: Buffer.alloc(2 * 1024 * 1024 + 1, 1) },
      admin,
    );
    ledger.record("uploadBoxEvFile", big.status);
    expect(big.status).toBe(413);
    expect(big.body.msg).toBe("上传文件不能超过2M");
    const empty = await postFile(
      server.url,
      "uploadBoxEvFile",
      path,
      { name: "empty.bin", bytes: Buffer.alloc(0) },
      admin,
    );
    ledger.record("uploadBoxEvFile", empty.status);
    expect(empty.status).toBe(400);
    const anonymous = await postFile(server.url, "uploadBoxEvFile", path, { name: "a.bin", bytes }, undefined);
    expect(anonymous.status).toBe(401);
  });

  it("called every upload operation with good and bad input", () => {
    ledger.expectCovered(FILE_OPS);
  });
});
