import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerConsole } from "./console";

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
  app = Fastify();
  await registerConsole(app, dir, config);
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ code: 404, msg: "未找到" }));
  base = await app.listen({ host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("serving the built console", () => {
  it("serves index.html at / and config.json", async () => {
    expect(await (await fetch(`${base}/`)).text()).toContain("车联网运营管理系统");
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
