import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  AuthError,
  CancelledError,
  createTspClient,
  memoryTokenStore,
  NetworkError,
  TimeoutError,
  type TspError,
} from "../src/index";
import { json, sleep, startServer, type TestServer } from "./server";

/**
 * Edges of the runtime that mutation testing (npm run mutation) found untested: answers without
 * a body (HEAD, 204), a body cut off mid-transfer, HEAD repeats, a caller's abort with its own
 * reason, and a fetch that reports an abort the runtime did not make.
 */
const operations = { listProviders: { method: "get", path: "/tsp-bss/provider/list" } };
const PATH = "/tsp-bss/provider/list";
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.routes.clear();
  server.streamRoutes.clear();
  server.requests.length = 0;
});

function setup(fetchImpl?: typeof globalThis.fetch) {
  const seen = { errors: [] as TspError[], unauthorized: [] as TspError[] };
  const sdk = createTspClient({
    baseUrl: server.baseUrl,
    operations,
    tokenStore: memoryTokenStore("tok"),
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
    hooks: { onError: (e) => seen.errors.push(e), onUnauthorized: (e) => seen.unauthorized.push(e) },
  });
  return { sdk, seen };
}

/** A fetch that rejects as the platform does when it aborts a request on its own. */
const abortingFetch: typeof globalThis.fetch = async () => {
  throw new DOMException("aborted by the platform", "AbortError");
};

/** A fetch that rejects with nothing at all (a broken polyfill). */
const rejectingWithNothing: typeof globalThis.fetch = () => Promise.reject(undefined);

/**
 * A fetch whose answer's body, like a browser's, fails with a plain AbortError (not the abort's
 * reason) when the request's signal is aborted while the body is still coming.
 */
const browserLikeFetch: typeof globalThis.fetch = async (input) => {
  const signal = (input as Request).signal;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"code":200,'));
      signal.addEventListener("abort", () => controller.error(new DOMException("aborted", "AbortError")));
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "application/json" } });
};

const settle = (p: Promise<unknown>) =>
  p.then(
    (value) => ({ value, error: undefined as unknown }),
    (error: unknown) => ({ value: undefined, error }),
  );

describe("answers without a body", () => {
  it("a 204 is a success", async () => {
    const { sdk, seen } = setup();
    server.routes.set(`GET ${PATH}`, (_req, res) => {
      res.statusCode = 204;
      res.end();
    });
    const { error, value } = await settle(sdk.raw("GET", PATH));
    expect(error).toBeUndefined();
    expect((value as { response: Response }).response.status).toBe(204);
    // The platform's own answer, untouched: no body to read (not an empty one made up).
    expect((value as { response: Response }).response.body).toBeNull();
    expect(seen.errors).toEqual([]);
  });

  it("a HEAD answered 500 fails with the status, and one answered 401 signs out", async () => {
    const { sdk, seen } = setup();
    server.routes.set(`HEAD ${PATH}`, (_req, res) => json(res, { code: 500, msg: "x" }, 500));
    const failed = await settle(sdk.raw("HEAD", PATH));
    expect(failed.error).toBeInstanceOf(ApiError);
    expect((failed.error as ApiError).status).toBe(500);
    expect(seen.errors).toHaveLength(1);
    server.routes.set(`HEAD ${PATH}`, (_req, res) => json(res, { code: 401, msg: "x" }, 401));
    const unauthorized = await settle(sdk.raw("HEAD", PATH));
    expect(unauthorized.error).toBeInstanceOf(AuthError);
    expect(seen.unauthorized).toHaveLength(1);
  });
});

describe("a body cut off mid-transfer", () => {
  it("fails as a network error, told once, and the call is no longer pending", async () => {
    const { sdk, seen } = setup();
    server.streamRoutes.set(`GET ${PATH}`, (_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
      res.write('{"code":200,"data":');
      setTimeout(() => res.socket?.destroy(), 50);
    });
    const { error } = await settle(sdk.raw("GET", PATH));
    expect(error).toBeInstanceOf(NetworkError);
    expect(seen.errors).toHaveLength(1);
    expect(sdk.pendingCount()).toBe(0);
  });
});

describe("cancellation edges", () => {
  it("a repeated HEAD aborts the earlier one, like a GET", async () => {
    const { sdk, seen } = setup();
    server.routes.set(`HEAD ${PATH}`, async (_req, res) => {
      await sleep(150);
      res.statusCode = 200;
      res.end();
    });
    const first = settle(sdk.raw("HEAD", PATH));
    await sleep(20);
    const second = settle(sdk.raw("HEAD", PATH));
    expect((await first).error).toBeInstanceOf(CancelledError);
    expect((await second).error).toBeUndefined();
    expect(seen.errors).toEqual([]);
  });

  it("the caller's abort with a reason of its own is still a cancellation, reported to nobody", async () => {
    const { sdk, seen } = setup();
    server.routes.set(`GET ${PATH}`, async (_req, res) => {
      await sleep(300);
      json(res, { code: 200 });
    });
    const controller = new AbortController();
    const call = settle(sdk.raw("GET", PATH, { signal: controller.signal }));
    await sleep(20);
    controller.abort("user left the page");
    expect((await call).error).toBeInstanceOf(CancelledError);
    expect(seen.errors).toEqual([]);
  });

  it("an AbortError from the fetch itself (not from the runtime or the caller) is a cancellation", async () => {
    const { sdk, seen } = setup(abortingFetch);
    expect((await settle(sdk.raw("GET", PATH))).error).toBeInstanceOf(CancelledError);
    expect(seen.errors).toEqual([]);
  });

  it("a fetch rejecting with nothing is a network error, not a crash of the runtime", async () => {
    const { sdk, seen } = setup(rejectingWithNothing);
    expect((await settle(sdk.raw("GET", PATH))).error).toBeInstanceOf(NetworkError);
    expect(seen.errors).toHaveLength(1);
  });
});

describe("a timeout while the body is coming", () => {
  it("is a timeout even when the platform rejects the body read with a plain AbortError", async () => {
    const errors: TspError[] = [];
    const sdk = createTspClient({
      baseUrl: server.baseUrl,
      operations,
      tokenStore: memoryTokenStore("tok"),
      fetch: browserLikeFetch,
      timeoutMs: 80,
      hooks: { onError: (e) => errors.push(e) },
    });
    const { error } = await settle(sdk.raw("GET", PATH));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(errors).toHaveLength(1);
  });
});

describe("a JSON answer", () => {
  it("is parsed once, also when it comes chunked, and the caller gets that value", async () => {
    const { sdk } = setup();
    const page = { code: 200, msg: "操作成功", data: { list: [{ id: 1 }, { id: 2 }], total: 2 } };
    server.streamRoutes.set(`GET ${PATH}`, (_req, res) => {
      // No content-length: a chunked answer, which openapi-fetch would read with text() + parse.
      res.writeHead(200, { "content-type": "application/json" });
      res.write(JSON.stringify(page).slice(0, 10));
      res.end(JSON.stringify(page).slice(10));
    });
    const parse = vi.spyOn(JSON, "parse");
    try {
      const { data, response } = (await sdk.raw("GET", PATH)) as { data: unknown; response: Response };
      expect(data).toEqual(page);
      expect(parse).toHaveBeenCalledTimes(1);
      // The bytes are still there for whoever reads them again.
      expect(JSON.parse(await response.clone().text())).toEqual(page);
      // openapi-fetch is told the length of the answer in bytes (UTF-8: 操作成功 is 12), not "0" or none.
      expect(response.headers.get("content-length")).toBe(String(Buffer.byteLength(JSON.stringify(page))));
    } finally {
      parse.mockRestore();
    }
  });

  it("keeps the server's own content-length (here of the gzip bytes), read and parsed once", async () => {
    const { sdk } = setup();
    const page = { code: 200, msg: "操作成功", data: { list: [{ id: 1, name: "北京".repeat(50) }], total: 1 } };
    const zipped = gzipSync(JSON.stringify(page));
    server.streamRoutes.set(`GET ${PATH}`, (_req, res) => {
      res.writeHead(200, {
        "content-type": "application/json",
        "content-encoding": "gzip",
        "content-length": zipped.length,
      });
      res.end(zipped);
    });
    const { data, response } = (await sdk.raw("GET", PATH)) as { data: unknown; response: Response };
    expect(data).toEqual(page);
    expect(response.headers.get("content-length")).toBe(String(zipped.length));
    expect(zipped.length).toBeLessThan(Buffer.byteLength(JSON.stringify(page)));
  });
});

/** One call whose answer openapi-fetch leaves unread (parseAs "stream" only takes `body`). */
const answer = async (sdk: ReturnType<typeof setup>["sdk"]) =>
  (await sdk.raw("GET", PATH, { parseAs: "stream", dedupe: false })) as { data: unknown; response: Response };

describe("the answer handed on after the runtime read it", () => {
  const FORM = "a=1&b=%E5%8C%97";
  const formAnswer = () =>
    server.routes.set(`GET ${PATH}`, (_req, res) => {
      res.setHeader("content-type", "application/x-www-form-urlencoded");
      res.end(FORM);
    });
  it("gives every body read the bytes that came: body, text, arrayBuffer, blob, bytes, formData", async () => {
    const { sdk } = setup();
    formAnswer();
    const first = await answer(sdk);
    expect(await new Response(first.data as ReadableStream).text()).toBe(FORM);
    expect(await (await answer(sdk)).response.text()).toBe(FORM);
    expect(Buffer.from(await (await answer(sdk)).response.arrayBuffer()).toString()).toBe(FORM);
    expect(await (await (await answer(sdk)).response.blob()).text()).toBe(FORM);
    expect(Buffer.from(await (await answer(sdk)).response.bytes()).toString()).toBe(FORM);
    expect((await (await answer(sdk)).response.formData()).get("b")).toBe("北");
  });

  it("tells whether its body was read: not after openapi-fetch took the parsed JSON, yes after a read", async () => {
    const { sdk } = setup();
    server.routes.set(`GET ${PATH}`, (_req, res) => json(res, { code: 200, data: { n: 1 } }));
    const { response } = (await sdk.raw("GET", PATH)) as { data: unknown; response: Response };
    expect(response.bodyUsed).toBe(false);
    expect(JSON.parse(await response.text())).toEqual({ code: 200, data: { n: 1 } });
    expect(response.bodyUsed).toBe(true);
  });

  it("a JSON body under another content type is parsed by json() when asked (no envelope check)", async () => {
    const { sdk } = setup();
    server.routes.set(`GET ${PATH}`, (_req, res) => {
      res.setHeader("content-type", "text/plain");
      res.end('{"list":[1,2]}');
    });
    const { data } = await sdk.raw("GET", PATH);
    expect(data).toEqual({ list: [1, 2] });
  });

  it("an NDJSON answer is not taken for JSON: its lines come back as text", async () => {
    const { sdk, seen } = setup();
    const lines = '{"a":1}\n{"a":2}\n';
    server.routes.set(`GET ${PATH}`, (_req, res) => {
      res.setHeader("content-type", "application/x-ndjson");
      res.end(lines);
    });
    const { data } = await sdk.raw("GET", PATH, { parseAs: "text" });
    expect(data).toBe(lines);
    expect(seen.errors).toHaveLength(0);
  });

  it("keeps the fetched answer's own headers (no copy per call), status and status text", async () => {
    let fetched: Response | undefined;
    const { sdk } = setup(async (input) => {
      fetched = await globalThis.fetch(input);
      return fetched;
    });
    server.routes.set(`GET ${PATH}`, (_req, res) => {
      res.statusMessage = "Made";
      json(res, { code: 200, data: { n: 1 } }, 201);
    });
    const { data, response } = (await sdk.raw("GET", PATH)) as { data: unknown; response: Response };
    expect(data).toEqual({ code: 200, data: { n: 1 } });
    expect(response).not.toBe(fetched);
    expect(response.headers).toBe(fetched?.headers);
    expect([response.status, response.statusText]).toEqual([201, "Made"]);
    // A re-read copy carries the same headers.
    expect(response.clone().headers.get("content-type")).toBe(fetched?.headers.get("content-type"));
  });

  it("a finished call's timer is cleared: its request is never aborted afterwards", async () => {
    const signals: AbortSignal[] = [];
    const recording: typeof globalThis.fetch = (input) => {
      signals.push((input as Request).signal);
      return globalThis.fetch(input);
    };
    const sdk = createTspClient({
      baseUrl: server.baseUrl,
      operations,
      tokenStore: memoryTokenStore("tok"),
      fetch: recording,
      timeoutMs: 30,
    });
    server.routes.set(`GET ${PATH}`, (_req, res) => json(res, { code: 200, data: null }));
    await sdk.raw("GET", PATH);
    await sleep(80);
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(false);
  });
});
