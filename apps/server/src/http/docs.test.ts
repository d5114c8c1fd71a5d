import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docsSecurityPolicy, inlineScripts, registerDocs } from "./docs";

const repo = path.resolve(import.meta.dirname, "../../../..");
let dir: string;
let file: string;
let app: FastifyInstance;

// The page as `npm run build` makes it (Redoc through the Redocly CLI), into a temp folder.
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "tsp-docs-test-"));
  file = path.join(dir, "index.html");
  execFileSync(process.execPath, ["--import", "tsx", "scripts/build-docs.mjs", "--out", file], {
    cwd: repo,
    stdio: "pipe",
  });
  app = Fastify();
  registerDocs(app, new Map([["tsp-hbase-proxy.yaml", "operationId: getLoginLog\n"]]), file);
  await app.ready();
}, 180_000);
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("/docs, the Redoc page built from openapi/", () => {
  it("is Redoc's page with every service and the operations rendered in, and Redoc's script inlined", async () => {
    const res = await app.inject({ url: "/docs" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    const html = res.body;
    expect(html).toContain("<title>车联网运营管理系统 接口文档</title>");
    // Redoc renders the overview and the side menu on the server; its inlined bundle hydrates
    // them and renders each operation from the definition (tests/e2e/docs.spec.ts in a browser).
    expect(html).toContain('<div id="redoc">');
    // Every service document of openapi/ (components.yaml holds shared parts, no service).
    const services = readdirSync(path.join(repo, "openapi")).filter(
      (f) => f.endsWith(".yaml") && f !== "components.yaml",
    );
    expect(services.length).toBeGreaterThanOrEqual(12);
    expect(html).toMatch(new RegExp(`共 \\d+ 个接口，${services.length} 个服务`));
    expect(html).toContain('href="/tsp-hbase-proxy_vehiclelog"');
    expect(html).toContain("hydrate(__redoc_definition, __redoc_options");
    expect(html).toMatch(
      /"operationId":"getLoginLog","tags":\[[^\]]*\],"summary":"One page of a vehicle's login journal"/,
    );
    for (const service of ["b-iam-account", "tsp-hbase-proxy", "tsp-bss", "comm-inc-center"])
      expect(html).toContain(`/docs/openapi/${service}.yaml`);
    // The flags the spec's extensions carry are in the page's text.
    expect(html).toContain("按钮权限 `/tbox/loginJournal/loginLog/export`");
  });

  it("loads nothing from the network: no script, style or font from a CDN", () => {
    const html = readFileSync(file, "utf8");
    expect(html).not.toMatch(/<(script|link)\b[^>]*\b(src|href)=["']?(https?:)?\/\//i);
    expect(html).not.toMatch(/from\s*["']https?:\/\//);
    expect(html).not.toMatch(/fonts\.googleapis|cdn\.jsdelivr|unpkg\.com/);
  });

  it("is sent with a policy that runs exactly its own inline scripts and loads nothing from elsewhere", async () => {
    const res = await app.inject({ url: "/docs" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).not.toMatch(/https?:/);
    const scripts = inlineScripts(res.body);
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const s of scripts) expect(csp).toContain(`'sha256-${createHash("sha256").update(s).digest("base64")}'`);
    // A script added to the page (not built by Redoc) is not in the list.
    const tampered = docsSecurityPolicy(res.body.replace("</body>", "<script>alert(1)</script></body>"));
    expect(tampered).not.toBe(csp);
    expect(csp).not.toContain(createHash("sha256").update("alert(1)").digest("base64"));
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("is sent compressed to clients that accept gzip, the same bytes", async () => {
    const plain = await app.inject({ url: "/docs" });
    const gz = await app.inject({ url: "/docs", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it("serves the documents themselves and nothing else under /docs/openapi", async () => {
    const yaml = await app.inject({ url: "/docs/openapi/tsp-hbase-proxy.yaml" });
    expect(yaml.headers["content-type"]).toBe("application/yaml; charset=utf-8");
    expect(yaml.body).toContain("operationId: getLoginLog");
    expect((await app.inject({ url: "/docs/openapi/..%2Fpackage.json" })).statusCode).toBe(404);
  });

  it("says how to build the page when it is not built", async () => {
    const bare = Fastify();
    registerDocs(bare, new Map(), path.join(dir, "missing.html"));
    const res = await bare.inject({ url: "/docs" });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain("npm run build:docs");
    await bare.close();
  });
});
