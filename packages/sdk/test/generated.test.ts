import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTspClient, memoryTokenStore, operations, unwrap } from "../src/index";
import { json, sleep, startServer, type TestServer } from "./server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe("the generated contract wired in by default", () => {
  it("types calls by the generated paths and reads x-long-running from the generated table", async () => {
    expect(operations.exportLoginLog.longRunning).toBe(true);
    server.routes.set("GET /tsp-hbase-proxy/vehicleLog/getLoginLog/export", async (_req, res) => {
      await sleep(250);
      json(res, { code: 200, msg: "导出任务已提交，请到导出文件列表查看", data: { taskId: "t1", name: "a.xlsx" } });
    });
    // No `operations` passed: the default table must make this call long-running (2 s, not 80 ms).
    const sdk = createTspClient({
      baseUrl: server.baseUrl,
      tokenStore: memoryTokenStore("t"),
      timeoutMs: 80,
      longTimeoutMs: 2000,
    });
    const query = { vin: "LGXCE4CB2S0000123", startTime: 1741881600000, endTime: 1742054399000 };
    const result = await sdk.GET("/tsp-hbase-proxy/vehicleLog/getLoginLog/export", { params: { query } });
    expect(result.data?.msg).toBe("导出任务已提交，请到导出文件列表查看");
  });

  it("sends no token to operations the contract marks public", async () => {
    expect(operations.getPubKey.public).toBe(true);
    server.routes.set("GET /b-iam-account/v1/account/getPubKey", (_req, res) =>
      json(res, { code: 200, data: { publicKey: "AAAA", algorithm: "RSA-OAEP-256" } }),
    );
    const sdk = createTspClient({ baseUrl: server.baseUrl, tokenStore: memoryTokenStore("t") });
    const key = unwrap(await sdk.GET("/b-iam-account/v1/account/getPubKey"));
    expect(key.publicKey).toBe("AAAA");
    expect(server.requests.at(-1)?.headers.authorization).toBeUndefined();
  });
});
