import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTspClient } from "./client";

interface HealthPaths {
  "/health": {
    get: { responses: { 200: { content: { "application/json": { code: number; data: { status: string } } } } } };
  };
}

let server: Server;
let baseUrl = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    if (req.url === "/health") res.end(JSON.stringify({ code: 200, msg: "ok", data: { status: "up" } }));
    else {
      res.statusCode = 404;
      res.end(JSON.stringify({ code: 404, msg: "not found" }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("createTspClient over real HTTP", () => {
  it("reads a typed answer", async () => {
    const client = createTspClient<HealthPaths>({ baseUrl });
    const { data, response } = await client.GET("/health");
    expect(response.status).toBe(200);
    expect(data?.data.status).toBe("up");
  });
});
