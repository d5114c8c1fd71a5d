import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../db/schema";
import type { OperationInfo } from "../openapi/operations";
import { flushOperationLog, recordOperationLog } from "../services/comm-inc-center/operationLog/writer";
import { isLoggedOperation, POST_READS } from "./operationLog";

const op = (over: Partial<OperationInfo>): OperationInfo =>
  ({ operationId: "x", method: "post", requiresAuth: true, permission: undefined, ...over }) as OperationInfo;

describe("which calls the operation log records", () => {
  it("every non-GET with a token, GETs with a permission; not public calls nor the spec's POST searches", () => {
    expect(isLoggedOperation(op({ method: "post", permission: "/a/b/edit" }))).toBe(true);
    expect(isLoggedOperation(op({ method: "post" }))).toBe(true);
    expect(isLoggedOperation(op({ method: "get", permission: "/a/b/export" }))).toBe(true);
    expect(isLoggedOperation(op({ method: "get" }))).toBe(false);
    expect(isLoggedOperation(op({ method: "post", requiresAuth: false }))).toBe(false);
    expect(isLoggedOperation(op({ method: "post", operationId: [...POST_READS][0] as string }))).toBe(false);
  });
});

describe("writing the log never fails the call it logs", () => {
  // A database without the table: every insert fails.
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: new PGlite() }) });
  afterAll(() => db.destroy());

  it("hands a failed write to the error callback, and a flush still resolves", async () => {
    const errors: unknown[] = [];
    const entry = {
      at: 1,
      tenantId: 1,
      accountId: 1,
      username: "admin",
      operationId: "x",
      operation: "x",
      method: "POST",
      path: "/x",
      target: "",
      params: "{}",
      success: true,
      status: 200,
      msg: "操作成功",
      ip: "127.0.0.1",
      userAgent: "",
      durationMs: 1,
    };
    expect(() => recordOperationLog(db, Promise.resolve(entry), (e) => errors.push(e))).not.toThrow();
    await flushOperationLog(db);
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/operation_log/);
    await flushOperationLog(db);
  });
});
