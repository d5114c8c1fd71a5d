import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientErrorHandler } from "./clientErrors";

let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = Fastify({ clientErrorHandler });
  app.get("/echo", async () => ({ code: 200, msg: "ok", data: null }));
  base = await app.listen({ host: "127.0.0.1", port: 0 });
});
afterAll(() => app.close());

describe("errors Node raises before Fastify sees the request", () => {
  it("answers a query string over Node's header limit with a 431 envelope", async () => {
    const res = await fetch(`${base}/echo?q=${"中".repeat(8000)}`);
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({ code: 431, msg: "请求头或查询参数过长", data: null });
  });

  it("leaves ordinary requests alone", async () => {
    const res = await fetch(`${base}/echo?q=short`);
    expect(res.status).toBe(200);
  });
});
