import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AppContext } from "../context";
import { loadDocuments } from "../openapi/documents";
import { listOperations } from "../openapi/operations";
import type { Principal } from "../platform/principal";
import type { ServiceModule } from "../services/types";
import { ok } from "./envelope";
import { registerErrorHandler } from "./errorHandler";
import { orphanHandlers, registerOperations, unimplementedOperations } from "./router";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "../openapi/fixtures");
const ops = listOperations(loadDocuments(fixtures));
const writes: unknown[] = [];

const demo: ServiceModule = {
  name: "demo",
  migrations: {},
  handlers: {
    demoJournal: async ({ query, principal }) => ({ query, who: principal?.username }),
    demoExport: async ({ query }) => ok({ vin: query.vin }, "导出任务已提交，请到导出文件列表查看"),
    demoItem: async ({ params }) => ({ id: params.itemId }),
    demoTree: async ({ body }) => {
      writes.push(body);
      return body;
    },
    demoForm: async ({ body }) => body,
  },
};

const principal = (permissions: string[]): Principal => ({
  accountId: 1,
  username: "admin",
  tenantId: 1,
  tenantIds: [1],
  permissions: new Set(permissions),
  clientId: "tsp-console",
});
const ctx = {
  authenticate: async (token: string) =>
    token === "admin" ? principal(["/demo/export"]) : token === "operator" ? principal([]) : null,
} as unknown as AppContext; // the router only uses authenticate; the rest belongs to handlers

const app = Fastify();
beforeAll(async () => {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_r, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  registerErrorHandler(app);
  registerOperations(app, ops, [demo], ctx);
  await app.ready();
});
afterAll(() => app.close());

const VIN = "LGXCE4CB2S0000123";
const get = (url: string, token?: string) =>
  app.inject({ method: "GET", url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe("the openapi-driven router", () => {
  it("validates and coerces query parameters, then wraps the handler's data in the envelope", async () => {
    const res = await get(`/demo/journal?vin=${VIN}&reportTimeDesc=false&pageSize=20`, "admin");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      msg: "操作成功",
      data: { query: { vin: VIN, reportTimeDesc: false, pageSize: 20 }, who: "admin" },
    });
  });

  it("applies schema defaults", async () => {
    const res = await get(`/demo/journal?vin=${VIN}`, "admin");
    expect(res.json().data.query).toEqual({ vin: VIN, reportTimeDesc: true, pageSize: 10 });
  });

  it("answers bad input with 400, a Chinese msg and one failDetail per field", async () => {
    const res = await get("/demo/journal?vin=abc&pageSize=1000&reportTimeDesc=maybe", "admin");
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(400);
    expect(body.msg).toBe("查询参数不正确");
    const fields = body.data.failDetail.map((d: { field: string }) => d.field).toSorted();
    expect(fields).toEqual(["pageSize", "reportTimeDesc", "vin"]);
    const pageSize = body.data.failDetail.find((d: { field: string }) => d.field === "pageSize");
    expect(pageSize.msg).toBe("pageSize：不能大于100");
  });

  it("names a missing required parameter", async () => {
    const res = await get("/demo/journal", "admin");
    expect(res.json().data.failDetail).toEqual([{ field: "vin", msg: "vin：必填" }]);
  });

  it("answers 401 without or with an unknown token, before looking at the input", async () => {
    for (const token of [undefined, "forged"]) {
      const res = await get("/demo/journal?vin=bad", token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 401, data: null });
    }
  });

  it("answers 403 when the account lacks the operation's x-permission", async () => {
    expect((await get(`/demo/journal/export?vin=${VIN}`, "operator")).statusCode).toBe(403);
    const res = await get(`/demo/journal/export?vin=${VIN}`, "admin");
    expect(res.json()).toEqual({ code: 200, msg: "导出任务已提交，请到导出文件列表查看", data: { vin: VIN } });
  });

  it("serves public operations without a token and validates path parameters", async () => {
    expect((await get("/demo/items/7")).json().data).toEqual({ id: 7 });
    const bad = await get("/demo/items/0");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe("路径参数不正确");
  });

  it("validates JSON bodies without coercion and calls no handler on bad input", async () => {
    const before = writes.length;
    const bad = await app.inject({
      method: "POST",
      url: "/demo/tree",
      headers: { authorization: "Bearer admin" },
      payload: { name: 5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.failDetail[0]).toEqual({ field: "name", msg: "name：应为字符串" });
    expect(writes.length).toBe(before);
    const invalidJson = await app.inject({
      method: "POST",
      url: "/demo/tree",
      headers: { authorization: "Bearer admin", "content-type": "application/json" },
      payload: "{oops",
    });
    expect(invalidJson.statusCode).toBe(400);
    expect(invalidJson.json().msg).toBe("请求体格式不正确");
  });

  it("coerces form fields", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/demo/form",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "count=3",
    });
    expect(res.json().data).toEqual({ count: 3 });
    const bad = await app.inject({
      method: "POST",
      url: "/demo/form",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "count=9",
    });
    expect(bad.statusCode).toBe(400);
  });

  it("answers 501 接口尚未实现 for an operation no module handles, and lists it", async () => {
    const res = await get("/demo/later", "admin");
    expect(res.statusCode).toBe(501);
    expect(res.json()).toMatchObject({ code: 501, msg: "接口尚未实现" });
    expect(unimplementedOperations(ops, [demo]).map((o) => o.operationId)).toEqual(["demoLater"]);
    expect(orphanHandlers(ops, [{ ...demo, handlers: { ...demo.handlers, typo: async () => null } }])).toEqual([
      "typo",
    ]);
  });

  it("refuses two modules handling one operationId", () => {
    expect(() => registerOperations(Fastify(), ops, [demo, { ...demo, name: "other" }], ctx)).toThrow(
      /both demo and other/,
    );
  });
});

describe("validators compiled on a route's first request (issue 21: start time, idle memory)", () => {
  it("compiles nothing at registration, compiles on the first call, reuses it after, with the same 400 answer", async () => {
    const compile = vi.spyOn(Ajv2020.prototype, "compile");
    const fresh = Fastify();
    registerErrorHandler(fresh);
    registerOperations(fresh, ops, [demo], ctx);
    await fresh.ready();
    try {
      expect(compile).not.toHaveBeenCalled();
      const post = (payload: Record<string, unknown>) =>
        fresh.inject({ method: "POST", url: "/demo/tree", headers: { authorization: "Bearer admin" }, payload });
      const before = writes.length;

      const first = await post({ name: 5 });
      expect(first.statusCode).toBe(400);
      expect(first.json().data.failDetail[0]).toEqual({ field: "name", msg: "name：应为字符串" });
      const compiledOnFirst = compile.mock.calls.length;
      expect(compiledOnFirst).toBeGreaterThan(0);
      // Only this route's schemas: the other operations of the document are still not compiled.
      const compiledSchemas = compile.mock.calls.map(([schema]) => schema);
      expect(compiledSchemas.every((schema) => JSON.stringify(schema).includes("name"))).toBe(true);

      const second = await post({ name: 5 });
      expect(second.statusCode).toBe(400);
      expect(second.json()).toEqual(first.json());
      const good = await post({ name: "root" });
      expect(good.statusCode).toBe(200);
      expect(compile.mock.calls.length).toBe(compiledOnFirst);
      expect(writes.length).toBe(before + 1);
    } finally {
      compile.mockRestore();
      await fresh.close();
    }
  });
});
