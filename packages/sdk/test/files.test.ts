import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ApiError,
  CancelledError,
  createTspClient,
  download,
  downloadSigned,
  fileNameOf,
  memoryTokenStore,
  NetworkError,
  TimeoutError,
  type TspError,
  UploadError,
  type UploadProgress,
  unwrap,
  uploadSigned,
} from "../src/index";
import { json, sleep, startServer, type TestServer } from "./server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.routes.clear();
  server.requests.length = 0;
});

function client() {
  const errors: TspError[] = [];
  const sdk = createTspClient({
    baseUrl: server.baseUrl,
    tokenStore: memoryTokenStore("secret-token"),
    hooks: { onError: (e) => errors.push(e) },
  });
  return { sdk, errors };
}

/** The signing call (business-areas.md §7) and an object store that keeps what it is given. */
function serveStore() {
  const stored = new Map<string, { body: Buffer; headers: Record<string, unknown> }>();
  server.routes.set("POST /comm-saas-cloud/obs/getCommonFileUploadSigned", (req, res) => {
    const { objectKey, contentType } = JSON.parse(req.body.toString()) as { objectKey: string; contentType: string };
    // The contract's SignedUpload: a URL relative to the API's base, plus where to read the object.
    const url = `/obs/${objectKey}?AccessKeyId=k&Expires=9&Signature=s`;
    json(res, { code: 200, data: { objectKey, url, accessURL: `/obs/${objectKey}`, contentType } });
  });
  server.routes.set("PUT /obs/a.bin", (req, res) => {
    stored.set("a.bin", { body: req.body, headers: req.headers });
    json(res, { code: 200, data: { objectKey: "a.bin", size: req.body.length } });
  });
  return stored;
}

const sign = (sdk: ReturnType<typeof client>["sdk"], objectKey: string, contentType: string) => () =>
  sdk
    .raw("POST", "/comm-saas-cloud/obs/getCommonFileUploadSigned", { body: { objectKey, contentType } })
    .then((r) => unwrap(r as { data?: { data?: { url: string; accessURL: string; contentType: string } } }));

describe("signed upload", () => {
  it("PUTs the file with content type and public-read ACL, reports progress, and never sends the token", async () => {
    const stored = serveStore();
    const { sdk } = client();
    const bytes = randomBytes(1024 * 1024 + 17);
    const events: UploadProgress[] = [];
    const result = await uploadSigned({
      sdk,
      sign: sign(sdk, "a.bin", "image/png"),
      file: new Blob([bytes], { type: "image/png" }),
      onProgress: (p) => events.push(p),
      transport: "fetch",
    });
    expect(result.objectUrl).toBe(`${server.baseUrl}/obs/a.bin`);
    expect(result.signedUrl).toBe(`${server.baseUrl}/obs/a.bin?AccessKeyId=k&Expires=9&Signature=s`);
    expect(result.status).toBe(200);
    const put = stored.get("a.bin");
    expect(put?.body.equals(bytes)).toBe(true);
    expect(put?.headers["content-type"]).toBe("image/png");
    expect(put?.headers["x-obs-acl"]).toBe("public-read");
    expect(put?.headers["content-length"]).toBe(String(bytes.length));
    expect(put?.headers.authorization).toBeUndefined();
    // The signing call is an API call: it does carry the token.
    expect(server.requests[0]?.headers.authorization).toBe("Bearer secret-token");
    // Progress: several events while the body is read, never decreasing, ending at 100 %.
    expect(events.length).toBeGreaterThan(2);
    expect(events.every((e, i) => i === 0 || e.loaded >= (events[i - 1]?.loaded ?? 0))).toBe(true);
    expect(events.at(-1)).toEqual({ loaded: bytes.length, total: bytes.length, percent: 100 });
    expect(events.some((e) => e.percent > 0 && e.percent < 100)).toBe(true);
  });

  it("sends another ACL when asked, and the content type the URL was signed for", async () => {
    const stored = serveStore();
    const { sdk } = client();
    await uploadSigned({ sdk, sign: sign(sdk, "a.bin", "text/csv"), file: "vin,time\n", acl: "private" });
    expect(stored.get("a.bin")?.headers["x-obs-acl"]).toBe("private");
    // No contentType given: the one the URL was signed for comes from the signing answer.
    expect(stored.get("a.bin")?.headers["content-type"]).toBe("text/csv");
    expect(stored.get("a.bin")?.body.toString()).toBe("vin,time\n");
  });

  it("a store refusal rejects with an UploadError carrying the store's answer, and is reported", async () => {
    serveStore();
    server.routes.set("PUT /obs/a.bin", (_req, res) => json(res, { code: 403, msg: "签名无效或已过期" }, 403));
    const { sdk, errors } = client();
    const error = await uploadSigned({ sdk, sign: sign(sdk, "a.bin", "image/png"), file: "x" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ kind: "upload", code: 403, msg: "签名无效或已过期", status: 403 });
    expect((error as UploadError).call).toMatchObject({ method: "PUT", path: "/obs/a.bin" });
    expect(errors).toEqual([error]);
  });

  it("a slow store times out (200 s by default, here a per-call override) and is reported", async () => {
    serveStore();
    server.streamRoutes.set("PUT /obs/a.bin", () => {}); // never answers
    const { sdk, errors } = client();
    const error = await uploadSigned({ sdk, sign: sign(sdk, "a.bin", "image/png"), file: "x", timeoutMs: 100 }).catch(
      (e: unknown) => e,
    );
    server.streamRoutes.clear();
    expect(error).toBeInstanceOf(TimeoutError);
    expect(errors).toEqual([error]);
  });

  it("the caller's signal cancels an upload, and nobody is told", async () => {
    serveStore();
    server.streamRoutes.set("PUT /obs/a.bin", () => {});
    const { sdk, errors } = client();
    const controller = new AbortController();
    const upload = uploadSigned({ sdk, sign: sign(sdk, "a.bin", "image/png"), file: "x", signal: controller.signal });
    await sleep(100);
    controller.abort();
    const error = await upload.catch((e: unknown) => e);
    server.streamRoutes.clear();
    expect(error).toBeInstanceOf(CancelledError);
    expect(errors).toEqual([]);
  });

  it("a store that cannot be reached rejects with an UploadError without an answer (status 0, the cause kept)", async () => {
    const gone = await startServer();
    await gone.close();
    const { sdk, errors } = client();
    const error = await uploadSigned({
      sdk,
      sign: async () => `${gone.baseUrl}/obs/a.bin?Signature=s`,
      file: "x",
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ kind: "upload", code: 0, status: 0, msg: "", failDetail: [], body: undefined });
    expect((error as UploadError).cause).toBeInstanceOf(TypeError);
    expect(errors).toEqual([error]);
  });
});

describe("downloads", () => {
  const xlsx = Buffer.from("PK\u0003\u0004 fake xlsx bytes");

  it("returns the file and its name from Content-Disposition", async () => {
    server.routes.set("GET /tsp-bss/import/template/download/nerVehicleModel", (_req, res) => {
      res.setHeader("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
      res.setHeader("content-disposition", "attachment; filename*=UTF-8''%E8%BD%A6%E5%9E%8B%E6%A8%A1%E6%9D%BF.xlsx");
      res.end(xlsx);
    });
    const { sdk } = client();
    const file = await download(sdk, "/tsp-bss/import/template/download/nerVehicleModel");
    expect(file.fileName).toBe("车型模板.xlsx");
    expect(Buffer.from(await file.blob.arrayBuffer()).equals(xlsx)).toBe(true);
    expect(server.requests[0]?.headers.authorization).toBe("Bearer secret-token");
  });

  it("detects an error envelope sent in place of the file, even under a file content type", async () => {
    server.routes.set("GET /comm-inc-center/v1/web/exportFile/7/download", (_req, res) => {
      res.setHeader("content-type", "application/octet-stream");
      res.end(JSON.stringify({ code: 500201, msg: "文件已过期", data: { failDetail: [{ msg: "请重新导出" }] } }));
    });
    const { sdk, errors } = client();
    const error = await download(sdk, "/comm-inc-center/v1/web/exportFile/7/download").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 500201, msg: "文件已过期", failDetail: [{ msg: "请重新导出" }] });
    expect(errors).toEqual([error]);
  });

  it("a JSON file that is not a failing envelope is still a file", async () => {
    server.routes.set("GET /f.json", (_req, res) => {
      res.setHeader("content-type", "application/octet-stream");
      res.end('{"list":[1,2]}');
    });
    const { sdk } = client();
    expect(await (await download(sdk, "/f.json")).blob.text()).toBe('{"list":[1,2]}');
  });

  it("a signed download sends no token and still detects the error envelope", async () => {
    server.routes.set("GET /obs/r.pdf", (req, res) => {
      if (req.url.searchParams.get("Signature") !== "ok") return json(res, { code: 403, msg: "签名无效或已过期" }, 403);
      res.setHeader("content-type", "application/pdf");
      res.end("%PDF-1.7");
    });
    const { sdk, errors } = client();
    const file = await downloadSigned("/obs/r.pdf?Signature=ok", { sdk });
    expect(await file.blob.text()).toBe("%PDF-1.7");
    expect(file.contentType).toBe("application/pdf");
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    const error = await downloadSigned(`${server.baseUrl}/obs/r.pdf?Signature=bad`, { sdk }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "api", status: 403, msg: "签名无效或已过期" });
    expect(errors).toEqual([error]);
  });

  it("reads plain and percent-encoded file names", () => {
    expect(fileNameOf('attachment; filename="report.xlsx"')).toBe("report.xlsx");
    expect(fileNameOf("attachment; filename=%E5%AF%BC%E5%87%BA.xlsx")).toBe("导出.xlsx");
    expect(fileNameOf(null)).toBeUndefined();
    expect(fileNameOf("inline")).toBeUndefined();
  });
});
