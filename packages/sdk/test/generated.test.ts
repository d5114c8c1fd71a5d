import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ButtonPermission,
  createTspClient,
  memoryTokenStore,
  operations,
  type PermittedOperation,
  permissionOf,
  unwrap,
} from "../src/index";
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

describe("permissions named by the operation they guard", () => {
  it("reads x-permission from the generated table", () => {
    expect(permissionOf("exportLoginLog")).toBe("/tbox/loginJournal/loginLog/export");
    expect(permissionOf("downloadExportFile")).toBe("/exportFile/index/download");
    const literal: "/tbox/loginJournal/loginLog/export" = permissionOf("exportLoginLog");
    expect(literal).toBe(operations.exportLoginLog.permission);
  });

  it("accepts only operations that have a permission (checked by tsc: an unused @ts-expect-error fails)", () => {
    // @ts-expect-error a misspelt operation is not an operation
    expect(() => permissionOf("exportLoginLogg")).toThrow();
    // @ts-expect-error getLoginLog is guarded by its menu, not by a button permission
    expect(permissionOf("getLoginLog")).toBeNull();
    const guarded: PermittedOperation[] = ["exportLoginLog", "exportLogoutLog"];
    // @ts-expect-error a permission string is not an operation name
    const notAnOp: PermittedOperation = "/tbox/loginJournal/loginLog/export";
    const perm: ButtonPermission = "/exportFile/index/download";
    expect([guarded.length, notAnOp, perm]).toHaveLength(3);
  });
});
