import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleSecurityPolicy, registerConsole } from "./console";

const config = {
  apiBaseUrl: "",
  authorizeUrl: "/b-iam-account/oauth/authorize",
  clientId: "tsp-console",
  mapTiles: null,
};
let dir: string;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "tsp-console-"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>车联网运营管理系统</title>");
  writeFileSync(path.join(dir, "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = Fastify();
  await registerConsole(app, dir, config);
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ code: 404, msg: "未找到" }));
  base = await app.listen({ host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the console's security policy", () => {
  it("adds the API, authorize and tile origins of config.json when they are elsewhere", () => {
    const csp = consoleSecurityPolicy({
      apiBaseUrl: "https://api.example.com/",
      authorizeUrl: "https://iam.example.com/b-iam-account/oauth/authorize",
      clientId: "c",
      mapTiles: "https://tiles.example.com/{z}/{x}/{y}.png",
    });
    expect(csp).toContain("connect-src 'self' https://api.example.com;");
    expect(csp).toContain("form-action 'self' https://iam.example.com;");
    expect(csp).toContain("img-src 'self' data: blob: https://tiles.example.com;");
    expect(consoleSecurityPolicy(config)).toContain("connect-src 'self';");
  });
});

describe("serving the built console", () => {
  it("serves index.html at / with a script-tight Content-Security-Policy, and config.json", async () => {
    const res = await fetch(`${base}/`);
    expect(await res.text()).toContain("车联网运营管理系统");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).not.toMatch(/script-src[^;]*('unsafe-inline'|'unsafe-eval')/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await (await fetch(`${base}/config.json`)).json()).toEqual(config);
  });

  it("serves a chunk written after the server started (a console rebuilt while it runs)", async () => {
    writeFileSync(path.join(dir, "assets", "index-NEW123.js"), "export const x = 1;");
    const res = await fetch(`${base}/assets/index-NEW123.js`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("export const x");
  });

  it("answers a missing asset with the app's 404 envelope", async () => {
    const res = await fetch(`${base}/assets/missing.js`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 404, msg: "未找到" });
  });

  it("answers 503 with a hint when the console is not built", async () => {
    const bare = Fastify();
    await registerConsole(bare, path.join(dir, "nope"), config);
    const res = await bare.inject({ method: "GET", url: "/" });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain("npm start");
    await bare.close();
  });
});

describe("the icon", () => {
  it("is the console's SVG, also for a browser asking for /favicon.ico", async () => {
    const ico = await fetch(`${base}/favicon.ico`, { redirect: "manual" });
    expect(ico.status).toBe(301);
    expect(ico.headers.get("location")).toBe("/favicon.svg");
    const svg = await fetch(`${base}/favicon.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
  });
});
