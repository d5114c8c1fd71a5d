import { readdir } from "node:fs/promises";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../testing/testServer";
import type { Principal } from "../principal";

/**
 * The export worker shares the server's event loop. On PGlite every query resolves as a
 * microtask, so a worker that never yields would hold the loop for a whole export: no request
 * answered, no file bytes written, until it is done.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 1, journalPerVehicle: 1 } } });
});
afterAll(() => server.stop());

async function adminPrincipal(): Promise<Principal> {
  const admin = await server.db
    .selectFrom("account")
    .select(["id", "tenant_id"])
    .where("username", "=", "admin")
    .executeTakeFirstOrThrow();
  return {
    accountId: admin.id,
    username: "admin",
    tenantId: admin.tenant_id,
    tenantIds: [admin.tenant_id],
    permissions: new Set(),
    clientId: "tsp-console",
  };
}

const BATCHES = 40;
const ROWS_PER_BATCH = 50;

describe("export worker", () => {
  it("gives the event loop a turn after every batch, and still writes every row", async () => {
    let produced = 0;
    /** How many batches had been produced when a turn of the event loop first came. */
    let producedAtFirstTurn = -1;
    server.ctx.exports.register("testYieldingExport", {
      title: "测试导出",
      columns: [
        { header: "序号", key: "n" },
        { header: "批次", key: "batch" },
      ],
      async *rows() {
        for (let b = 0; b < BATCHES; b++) {
          if (b === 0) setImmediate(() => (producedAtFirstTurn = produced));
          produced++;
          yield Array.from({ length: ROWS_PER_BATCH }, (_, i) => ({ n: b * ROWS_PER_BATCH + i + 1, batch: b }));
        }
      },
    });
    const { taskId } = await server.ctx.exports.submit(await adminPrincipal(), "testYieldingExport", {});
    await server.ctx.exports.idle();

    // Without a yield per batch the first turn came only after all 40 batches.
    expect(producedAtFirstTurn).toBeGreaterThanOrEqual(1);
    expect(producedAtFirstTurn).toBeLessThan(BATCHES);

    const task = await server.db
      .selectFrom("export_task")
      .selectAll()
      .where("id", "=", taskId)
      .executeTakeFirstOrThrow();
    expect(task.status).toBe("done");
    expect(task.row_count).toBe(BATCHES * ROWS_PER_BATCH);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(server.ctx.objects.read(task.object_key ?? ""));
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe("测试导出");
    expect(sheet?.rowCount).toBe(BATCHES * ROWS_PER_BATCH + 1);
    expect(sheet?.getRow(BATCHES * ROWS_PER_BATCH + 1).getCell(1).value).toBe(BATCHES * ROWS_PER_BATCH);
  });

  it("fails a task whose rows fail midway, and leaves no file, whole or partial", async () => {
    const principal = await adminPrincipal();
    server.ctx.exports.register("testFailingExport", {
      title: "失败导出",
      columns: [{ header: "序号", key: "n" }],
      async *rows() {
        yield Array.from({ length: 500 }, (_, i) => ({ n: i + 1 }));
        yield Array.from({ length: 500 }, (_, i) => ({ n: i + 501 }));
        throw new Error("数据库连接中断");
      },
    });
    const { taskId } = await server.ctx.exports.submit(principal, "testFailingExport", {});
    await server.ctx.exports.idle();
    const task = await server.db
      .selectFrom("export_task")
      .selectAll()
      .where("id", "=", taskId)
      .executeTakeFirstOrThrow();
    expect(task.status).toBe("failed");
    expect(task.error).toBe("导出失败：数据库连接中断");
    expect(task.object_key).toBeNull();
    const folder = path.join(server.ctx.objects.root, "exports", String(principal.accountId));
    const files = await readdir(folder).catch(() => [] as string[]);
    expect(files.filter((f) => f.startsWith(taskId))).toEqual([]);
  });
});
