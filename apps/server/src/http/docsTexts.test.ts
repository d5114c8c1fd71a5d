import Fastify from "fastify";
import { describe, expect, it, vi } from "vitest";
import { registerDocs } from "./docs";

describe("/docs/openapi/<file> with the documents' text read on first use", () => {
  it("reads the texts on the first request for a document, once, and serves them as before", async () => {
    const app = Fastify();
    const read = vi.fn(() => new Map([["tsp-hbase-proxy.yaml", "operationId: getLoginLog\n"]]));
    registerDocs(app, read, "/nonexistent/index.html");
    await app.ready();
    // Registered and ready: nothing read yet (an idle server keeps no copy: issue 21).
    expect(read).not.toHaveBeenCalled();

    const first = await app.inject({ url: "/docs/openapi/tsp-hbase-proxy.yaml" });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("application/yaml; charset=utf-8");
    expect(first.body).toBe("operationId: getLoginLog\n");
    const missing = await app.inject({ url: "/docs/openapi/nothing.yaml" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, msg: "文档不存在", data: null });
    expect(read).toHaveBeenCalledTimes(1);
    await app.close();
  });
});
