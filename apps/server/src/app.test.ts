import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "./start";

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    host: "127.0.0.1",
    port: 0,
    dataDir: "memory://",
    databaseUrl: process.env.TEST_DATABASE_URL,
    consoleDir: undefined,
  });
}, 60_000);
afterAll(() => server?.close());

describe("server over real HTTP", () => {
  it("answers /health with the envelope after a database round trip", async () => {
    const res = await fetch(new URL("/health", server.url));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ code: 200, data: { status: "up", dbOk: true } });
    expect(res.headers.get("x-request-id")).toMatch(/[0-9a-f-]{36}/);
  });

  it("answers unknown routes with a 404 envelope", async () => {
    const res = await fetch(new URL("/no/such/route?x=1", server.url));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 404, msg: "未找到：GET /no/such/route" });
  });

  it("seeds on first start only: a second seed finds the marker and writes nothing", async () => {
    const { seedIfEmpty } = await import("./seed/seed");
    expect(server.seeded).toBe(true);
    expect(await seedIfEmpty(server.ctx, [], [])).toBe(false);
  });
});
