import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ApiError,
  AuthError,
  BadResponseError,
  CancelledError,
  createTspClient,
  memoryTokenStore,
  NetworkError,
  TimeoutError,
  type TspError,
} from "../src/index";
import { json, sleep, startServer, type TestServer } from "./server";

/** A hand-written slice of `paths`, to prove the typed methods go through the runtime too. */
interface TestPaths {
  "/tsp-bss/provider/list": {
    get: {
      parameters: { query?: { name?: string } };
      responses: {
        200: { content: { "application/json": { code?: number; msg?: string; data?: { list: string[] } } } };
      };
    };
  };
}

const operations = {
  listProviders: { method: "get", path: "/tsp-bss/provider/list" },
  getPubKey: { method: "get", path: "/b-iam-account/v1/account/getPubKey", public: true },
  exportAll: { method: "post", path: "/tsp-bss/nerVehicleExcel/export/all", longRunning: true },
};

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.routes.clear();
  server.requests.length = 0;
});

/** A client whose hooks record what they were told. */
function setup(extra: { timeoutMs?: number; longTimeoutMs?: number } = {}) {
  const seen = { errors: [] as TspError[], unauthorized: [] as TspError[], loading: [] as number[] };
  const tokens = memoryTokenStore("tok-123");
  const sdk = createTspClient<TestPaths>({
    baseUrl: server.baseUrl,
    operations,
    tokenStore: tokens,
    ...extra,
    hooks: {
      onError: (e) => seen.errors.push(e),
      onUnauthorized: (e) => seen.unauthorized.push(e),
      onLoadingChange: (n) => seen.loading.push(n),
    },
  });
  return { sdk, seen, tokens };
}

/** A route that answers after `ms`, echoing the query string. */
const slow = (ms: number) => async (req: { url: URL }, res: Parameters<typeof json>[0]) => {
  await sleep(ms);
  json(res, { code: 200, data: { q: req.url.search } });
};

const reject = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected the call to reject");
    },
    (error: unknown) => error,
  );

describe("envelope check (spec §8)", () => {
  it.each([200, 0, "000000", 602602, 602601, 617014, undefined])("code %s is success", async (code) => {
    const { sdk, seen } = setup();
    server.routes.set("GET /tsp-bss/provider/list", (_req, res) =>
      json(res, { code, msg: "ok", data: { list: ["A"] } }),
    );
    const { data } = await sdk.GET("/tsp-bss/provider/list", { params: { query: { name: "x" } } });
    expect(data?.data?.list).toEqual(["A"]);
    expect(seen.errors).toEqual([]);
  });

  it("a failing code without failDetail rejects with ApiError carrying code, msg, status and the operation", async () => {
    const { sdk, seen } = setup();
    server.routes.set("GET /tsp-bss/provider/list", (_req, res) => json(res, { code: 500100, msg: "服务商不存在" }));
    const error = await reject(sdk.GET("/tsp-bss/provider/list"));
    expect(error).toBeInstanceOf(ApiError);
    const api = error as ApiError;
    expect(api.msg).toBe("服务商不存在");
    expect(api.kind).toBe("api");
    expect(api.code).toBe(500100);
    expect(api.status).toBe(200);
    expect(api.failDetail).toEqual([]);
    expect(api.call).toMatchObject({ operationId: "listProviders", method: "GET", path: "/tsp-bss/provider/list" });
    expect(seen.errors).toEqual([error]);
  });

  it("a failing code with failDetail keeps every entry; the log message names them and the call", async () => {
    const { sdk, seen } = setup();
    server.routes.set("POST /tsp-bss/ner/monitor/list", (_req, res) =>
      json(
        res,
        {
          code: "400",
          msg: "参数校验失败",
          data: {
            failDetail: [
              { field: "vin", msg: "VIN 必须为 17 位" },
              { field: "x", msg: "ignored" },
            ],
          },
        },
        400,
      ),
    );
    const error = (await reject(sdk.raw("POST", "/tsp-bss/ner/monitor/list", { body: { vin: "X" } }))) as ApiError;
    expect(error.msg).toBe("参数校验失败");
    expect(error.code).toBe("400");
    expect(error.status).toBe(400);
    expect(error.failDetail).toEqual([
      { field: "vin", msg: "VIN 必须为 17 位" },
      { field: "x", msg: "ignored" },
    ]);
    expect(error.message).toBe(
      "code 400 参数校验失败; vin: VIN 必须为 17 位; x: ignored (POST /tsp-bss/ner/monitor/list)",
    );
    expect(seen.errors).toHaveLength(1);
  });

  it("a failure without msg has an empty msg (the caller picks the fallback text) and no UI text", async () => {
    const { sdk } = setup();
    server.routes.set("GET /tsp-bss/provider/list", (_req, res) => json(res, { code: 999 }));
    const error = (await reject(sdk.GET("/tsp-bss/provider/list"))) as ApiError;
    expect(error.msg).toBe("");
    expect(error.message).toBe("code 999 (GET /tsp-bss/provider/list)");
  });

  it("an HTTP failure with a non-JSON body rejects with the status as code and the fallback message", async () => {
    const { sdk, seen } = setup();
    server.routes.set("GET /tsp-bss/provider/list", (_req, res) => {
      res.statusCode = 502;
      res.setHeader("content-type", "text/html");
      res.end("<html>Bad Gateway</html>");
    });
    const error = (await reject(sdk.GET("/tsp-bss/provider/list"))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.code).toBe(502);
    expect(error.msg).toBe("");
    expect(error.body).toBe("<html>Bad Gateway</html>");
    expect(seen.errors).toHaveLength(1);
  });

  it("an HTTP failure whose body carries a success code is still a failure", async () => {
    const { sdk } = setup();
    server.routes.set("GET /tsp-bss/provider/list", (_req, res) => json(res, { code: 200, msg: "网关错误" }, 503));
    const error = (await reject(sdk.GET("/tsp-bss/provider/list"))) as ApiError;
    expect(error.status).toBe(503);
    expect(error.code).toBe(503);
    expect(error.msg).toBe("网关错误");
  });

  it("a 200 with a broken JSON body rejects instead of resolving garbage", async () => {
    const { sdk } = setup();
    server.routes.set("GET /tsp-bss/provider/list", (_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end("{not json");
    });
    const error = (await reject(sdk.GET("/tsp-bss/provider/list"))) as BadResponseError;
    expect(error).toBeInstanceOf(BadResponseError);
    expect(error).toMatchObject({ kind: "badResponse", status: 200, body: "{not json" });
  });
});

describe("401 and 404 (spec §8)", () => {
  it("HTTP 401 clears the token, calls onUnauthorized and not onError", async () => {
    const { sdk, seen, tokens } = setup();
    server.routes.set("GET /tsp-bss/provider/list", (_req, res) => json(res, { code: 401, msg: "未登录" }, 401));
    const error = await reject(sdk.GET("/tsp-bss/provider/list"));
    expect(error).toBeInstanceOf(AuthError);
    expect(await tokens.get()).toBeNull();
    expect(seen.unauthorized).toEqual([error]);
    expect(seen.errors).toEqual([]);
  });

  it("envelope code 401 under HTTP 200 is handled the same way", async () => {
    const { sdk, seen, tokens } = setup();
    server.routes.set("GET /tsp-bss/provider/list", (_req, res) => json(res, { code: "401", msg: "令牌已过期" }));
    const error = await reject(sdk.GET("/tsp-bss/provider/list"));
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).status).toBe(200);
    expect(await tokens.get()).toBeNull();
    expect(seen.unauthorized).toHaveLength(1);
  });

  it("404 rejects but tells no hook", async () => {
    const { sdk, seen } = setup();
    const error = (await reject(sdk.raw("GET", "/nowhere"))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(404);
    expect(seen.errors).toEqual([]);
    expect(seen.unauthorized).toEqual([]);
  });

  it("envelope code 404 under HTTP 200 is silent too", async () => {
    const { sdk, seen } = setup();
    server.routes.set("GET /tsp-bss/provider/list", (_req, res) => json(res, { code: 404, msg: "无数据" }));
    await reject(sdk.GET("/tsp-bss/provider/list"));
    expect(seen.errors).toEqual([]);
  });
});

describe("tokens", () => {
  it("sends the bearer token on protected calls, none on public ones, and keeps an explicit Authorization", async () => {
    const { sdk } = setup();
    server.routes.set("GET /tsp-bss/provider/list", (_req, res) => json(res, { code: 200 }));
    server.routes.set("GET /b-iam-account/v1/account/getPubKey", (_req, res) => json(res, { code: 200 }));
    await sdk.GET("/tsp-bss/provider/list");
    await sdk.raw("GET", "/b-iam-account/v1/account/getPubKey");
    await sdk.raw("GET", "/tsp-bss/provider/list", { headers: { Authorization: "Basic abc" } });
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(["Bearer tok-123", undefined, "Basic abc"]);
  });

  it("sends no Authorization header when the store is empty", async () => {
    const { sdk, tokens } = setup();
    await tokens.clear();
    server.routes.set("GET /tsp-bss/provider/list", (_req, res) => json(res, { code: 200 }));
    await sdk.GET("/tsp-bss/provider/list");
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });
});

describe("cancellation", () => {
  it("a repeated GET with the same URL aborts the earlier one, which is not reported", async () => {
    const { sdk, seen } = setup();
    server.routes.set("GET /tsp-bss/provider/list", slow(200));
    const first = reject(sdk.GET("/tsp-bss/provider/list", { params: { query: { name: "a" } } }));
    await sleep(30);
    const second = sdk.GET("/tsp-bss/provider/list", { params: { query: { name: "a" } } });
    expect(await first).toBeInstanceOf(CancelledError);
    expect((await second).data?.data).toEqual({ q: "?name=a" });
    expect(seen.errors).toEqual([]);
  });

  it("GETs with different URLs do not cancel each other", async () => {
    const { sdk } = setup();
    server.routes.set("GET /tsp-bss/provider/list", slow(100));
    const results = await Promise.all([
      sdk.GET("/tsp-bss/provider/list", { params: { query: { name: "a" } } }),
      sdk.GET("/tsp-bss/provider/list", { params: { query: { name: "b" } } }),
    ]);
    expect(results.map((r) => r.data?.data)).toEqual([{ q: "?name=a" }, { q: "?name=b" }]);
  });

  it("a repeated POST is not aborted: both reach the server and both answers come back", async () => {
    const { sdk } = setup();
    server.routes.set("POST /tsp-bss/ner/monitor/setInform", slow(100));
    const results = await Promise.all([
      sdk.raw("POST", "/tsp-bss/ner/monitor/setInform", { body: { a: 1 } }),
      sdk.raw("POST", "/tsp-bss/ner/monitor/setInform", { body: { a: 1 } }),
    ]);
    expect(results.every((r) => r.response.ok)).toBe(true);
    expect(server.requests).toHaveLength(2);
  });

  it("dedupe: false lets identical GETs run side by side", async () => {
    const { sdk } = setup();
    server.routes.set("GET /tsp-bss/provider/list", slow(100));
    const results = await Promise.all([
      sdk.GET("/tsp-bss/provider/list", { dedupe: false }),
      sdk.GET("/tsp-bss/provider/list", { dedupe: false }),
    ]);
    expect(results).toHaveLength(2);
  });

  it("cancelAll() aborts every pending call, GET and POST, and reports none", async () => {
    const { sdk, seen } = setup();
    server.routes.set("GET /tsp-bss/provider/list", slow(500));
    server.routes.set("POST /tsp-bss/ner/monitor/setInform", slow(500));
    const calls = [
      reject(sdk.GET("/tsp-bss/provider/list")),
      reject(sdk.raw("POST", "/tsp-bss/ner/monitor/setInform")),
    ];
    await sleep(50);
    expect(sdk.pendingCount()).toBe(2);
    sdk.cancelAll();
    for (const error of await Promise.all(calls)) expect(error).toBeInstanceOf(CancelledError);
    expect(sdk.pendingCount()).toBe(0);
    expect(seen.errors).toEqual([]);
  });

  it("the caller's signal cancels the call", async () => {
    const { sdk, seen } = setup();
    server.routes.set("GET /tsp-bss/provider/list", slow(500));
    const controller = new AbortController();
    const call = reject(sdk.GET("/tsp-bss/provider/list", { signal: controller.signal }));
    await sleep(30);
    controller.abort();
    expect(await call).toBeInstanceOf(CancelledError);
    expect(seen.errors).toEqual([]);
  });

  it("an already aborted signal cancels before anything is sent", async () => {
    const { sdk } = setup();
    const error = await reject(sdk.GET("/tsp-bss/provider/list", { signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(CancelledError);
    expect(server.requests).toHaveLength(0);
  });
});

describe("timeouts", () => {
  it("a per-call timeout rejects with TimeoutError and reports it", async () => {
    const { sdk, seen } = setup();
    server.routes.set("GET /tsp-bss/provider/list", async (_req, res) => {
      await sleep(1000);
      json(res, { code: 200 });
    });
    const started = Date.now();
    const error = (await reject(sdk.GET("/tsp-bss/provider/list", { timeoutMs: 100 }))) as TimeoutError;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.timeoutMs).toBe(100);
    expect(Date.now() - started).toBeLessThan(900);
    expect(seen.errors).toEqual([error]);
  });

  it("long-running operations get the long timeout, others the default", async () => {
    const { sdk } = setup({ timeoutMs: 80, longTimeoutMs: 2000 });
    server.routes.set("POST /tsp-bss/nerVehicleExcel/export/all", slow(250));
    server.routes.set("GET /tsp-bss/provider/list", slow(250));
    const long = await sdk.raw("POST", "/tsp-bss/nerVehicleExcel/export/all", { body: {} });
    expect(long.response.ok).toBe(true);
    expect(await reject(sdk.GET("/tsp-bss/provider/list"))).toBeInstanceOf(TimeoutError);
  });

  it("defaults are 60 s and 200 s (spec §9)", async () => {
    const { DEFAULT_TIMEOUT_MS, LONG_TIMEOUT_MS } = await import("../src/index");
    expect([DEFAULT_TIMEOUT_MS, LONG_TIMEOUT_MS]).toEqual([60_000, 200_000]);
  });
});

describe("loading counter and network failures", () => {
  it("counts calls in flight up and down", async () => {
    const { sdk, seen } = setup();
    server.routes.set("GET /tsp-bss/provider/list", async (_req, res) => {
      await sleep(50);
      json(res, { code: 200 });
    });
    server.routes.set("GET /tsp-bss/v1/brands/list", async (_req, res) => {
      await sleep(120);
      json(res, { code: 500, msg: "失败" });
    });
    await Promise.allSettled([sdk.GET("/tsp-bss/provider/list"), sdk.raw("GET", "/tsp-bss/v1/brands/list")]);
    expect(seen.loading).toEqual([1, 2, 1, 0]);
    expect(sdk.pendingCount()).toBe(0);
  });

  it("a refused connection rejects with NetworkError and is reported", async () => {
    const seen: TspError[] = [];
    const closed = await startServer();
    await closed.close();
    const sdk = createTspClient<TestPaths>({ baseUrl: closed.baseUrl, hooks: { onError: (e) => seen.push(e) } });
    const error = await reject(sdk.GET("/tsp-bss/provider/list"));
    expect(error).toBeInstanceOf(NetworkError);
    expect(seen).toEqual([error]);
  });
});
