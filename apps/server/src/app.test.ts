import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DOCS_FILE } from "./http/docs";
import { seedIfEmpty } from "./seed/seed";
import { startTestServer, type TestServer, testEngine } from "./testing/testServer";

const engine = testEngine();
let server: TestServer;

describe.skipIf(engine.skip)(`server over real HTTP (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer();
  }, 120_000);
  afterAll(() => server?.stop());

  it("answers /health with the envelope after a database round trip", async () => {
    const res = await fetch(new URL("/health", server.url));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ code: 200, data: { status: "up", dbOk: true, database: engine.kind } });
    expect(res.headers.get("x-request-id")).toMatch(/[0-9a-f-]{36}/);
  });

  it("answers unknown routes with a 404 envelope", async () => {
    const res = await fetch(new URL("/no/such/route?x=1", server.url));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 404, msg: "未找到：GET /no/such/route" });
  });

  it("seeds on first start only: a second seed finds the marker and writes nothing", async () => {
    expect(server.seeded).toBe(true);
    expect(await seedIfEmpty(server.ctx, [], [])).toBe(false);
  });

  it("serves the API reference at /docs (Redoc's page when built) and the documents themselves", async () => {
    // The page itself is proven in http/docs.test.ts and tests/e2e/docs.spec.ts; here, that the
    // server wires the built one (`npm test` builds before Vitest) or says how to build it.
    const res = await fetch(new URL("/docs", server.url));
    const html = await res.text();
    if (existsSync(DEFAULT_DOCS_FILE)) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-security-policy")).toContain("default-src 'none'; script-src 'sha256-");
      expect(html).toContain("<title>车联网运营管理系统 接口文档</title>");
      expect(html).toContain("hydrate(__redoc_definition");
    } else {
      expect(res.status).toBe(503);
      expect(html).toContain("npm run build:docs");
    }
    const yaml = await fetch(new URL("/docs/openapi/tsp-hbase-proxy.yaml", server.url));
    expect(await yaml.text()).toContain("operationId: getLoginLog");
    expect((await fetch(new URL("/docs/openapi/..%2Fpackage.json", server.url))).status).toBe(404);
  });

  it("serves config.json for the console", async () => {
    const res = await fetch(new URL("/config.json", server.url));
    expect(await res.json()).toEqual({
      apiBaseUrl: "",
      authorizeUrl: "/b-iam-account/oauth/authorize",
      clientId: "tsp-console",
      mapTiles: null,
    });
  });
});
