import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Importer } from "../../apps/server/src/platform/imports/importer";
import { IMPORT_INTERRUPTED_MSG, ImportQueue } from "../../apps/server/src/platform/imports/queue";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { awaitImportTask, importAndWait, postFile, xlsxOf } from "./business-sheets";
import { signIn } from "./support/contract";
import { GROUP_SHEETS } from "./support/nerSheets";
import { IMPORT_TASK_OPS } from "./support/owners";

/**
 * Imports as tasks (issue 21): the upload answers at once with a queued task; getImportTask
 * reads its progress and, once done, the per-row report — for the uploading account only. A
 * task the server was running when it stopped is failed on the next start, saying that nothing
 * of the file was saved (tests/robustness/crash.test.ts kills a real import on PGlite and
 * counts the rows). Both engines.
 */
const engine = testEngine();
let server: TestServer;
let base: string;
const ledger = new CallLedger(() => base);
let admin: string;
let operator: string;

const VEHICLE = GROUP_SHEETS.vehicleInfo.headers;
const PATH = "/tsp-bss/nerVehicleExcel/import/vehicleInfo";

/** A promise and the function that resolves it. */
function resolvable(): { promise: Promise<void>; resolve: () => void } {
  const out: { promise?: Promise<void>; resolve: () => void } = { resolve: () => {} };
  out.promise = new Promise<void>((r) => {
    out.resolve = r;
  });
  return out as { promise: Promise<void>; resolve: () => void };
}

/** A test importer that reports progress, then waits until released (a long import, stopped mid-file). */
function gatedImporter() {
  const gate = resolvable();
  const midway = resolvable();
  const importer: Importer = async (_job, _ctx, file, progress) => {
    await progress(1000, 3000);
    midway.resolve();
    await gate.promise;
    return { all: 3000, success: 3000 - file.length, failed: 0, rows: [] };
  };
  return { importer, release: () => gate.resolve(), midway: midway.promise };
}

describe.skipIf(engine.skip)(`import tasks contract (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 3, journalPerVehicle: 0 } } });
    base = server.url;
    admin = (await signIn(base, "admin", "Admin@123456")).token;
    operator = (await signIn(base, "operator", "Operator@123456")).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers the upload at once with a queued task, then the per-row report; nothing else may read it", async () => {
    const vin = (await server.db.selectFrom("vehicle").select("vin").orderBy("vin").executeTakeFirstOrThrow()).vin;
    const bytes = await xlsxOf(VEHICLE, [
      [vin, "沪A7T001", "蓝色", "私人", "个人购买", "2024-05-01", "", "", "白色", "", "任务"],
      ["LNOTAVIN", "沪A7T002", "蓝色", "私人", "个人购买", "", "", "", "", "", ""],
    ]);
    const submitted = await postFile(base, "importNerVehicleInfo", PATH, { name: "车辆信息.xlsx", bytes }, admin);
    expect(submitted.status).toBe(200);
    expect(submitted.body.msg).toBe("导入任务已提交");
    expect(submitted.body.data).toMatchObject({ name: "车辆信息.xlsx", status: "queued" });
    const taskId = submitted.body.data.taskId as string;
    const task = await awaitImportTask(base, taskId, admin);
    ledger.record("getImportTask", 200);
    expect(task).toMatchObject({ id: taskId, status: "done", rowsDone: 2, rowsTotal: 2, failReason: null });
    expect(task.report).toMatchObject({ all: 2, success: 1, failed: 1, rows: [{ row: 3, vin: "LNOTAVIN" }] });
    const saved = await server.db
      .selectFrom("vehicle")
      .select("plate")
      .where("vin", "=", vin)
      .executeTakeFirstOrThrow();
    expect(saved.plate).toBe("沪A7T001");
    // The uploaded file is gone once its task ended; the report stays readable.
    const row = await server.db
      .selectFrom("import_task")
      .selectAll()
      .where("id", "=", taskId)
      .executeTakeFirstOrThrow();
    expect(row.file_key).toBeNull();
    expect(await server.ctx.objects.size(`imports/${row.account_id}/${taskId}.upload`)).toBeNull();
    // Owner only: another account, an unknown id and a malformed one; no token.
    const theirs = await ledger.call("getImportTask", { path: { id: taskId }, token: operator });
    expect(theirs.status).toBe(404);
    expect(theirs.body.msg).toBe("导入任务不存在");
    const unknown = await ledger.call("getImportTask", {
      path: { id: "00000000-0000-4000-8000-000000000000" },
      token: admin,
    });
    expect(unknown.status).toBe(404);
    expect((await ledger.call("getImportTask", { path: { id: "not-a-uuid" }, token: admin })).status).toBe(400);
    expect((await ledger.call("getImportTask", { path: { id: taskId } })).status).toBe(401);
  });

  it("refuses a file that is not the template at once (400), queuing nothing", async () => {
    const before = await server.db.selectFrom("import_task").select("id").execute();
    const wrong = await importAndWait(
      base,
      "importNerVehicleInfo",
      PATH,
      { name: "a.xlsx", bytes: await xlsxOf(["VIN", "电池型号"], [["X", "Y"]]) },
      admin,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe("导入模板不正确，缺少列：车辆用途、购车方式");
    expect(await server.db.selectFrom("import_task").select("id").execute()).toEqual(before);
  });

  it("shows the rows checked while the task runs", async () => {
    const gated = gatedImporter();
    server.ctx.imports.register("testGatedProgress", gated.importer);
    const principal = await server.ctx.authenticate(admin);
    if (!principal) throw new Error("admin token not accepted");
    const { taskId } = await server.ctx.imports.submit(principal, "testGatedProgress", {
      name: "进度.xlsx",
      buffer: Buffer.from("x"),
    });
    await gated.midway;
    const running = await ledger.call("getImportTask", { path: { id: taskId }, token: admin });
    expect(running.body.data).toMatchObject({ status: "running", rowsDone: 1000, rowsTotal: 3000, report: null });
    gated.release();
    const done = await awaitImportTask(base, taskId, admin);
    expect(done).toMatchObject({ status: "done", rowsDone: 3000, report: { all: 3000, success: 2999 } });
  });

  it("fails a task the server was running when it stopped, saying nothing of the file was saved", async () => {
    const gated = gatedImporter();
    server.ctx.imports.register("testGatedRestart", gated.importer);
    const principal = await server.ctx.authenticate(admin);
    if (!principal) throw new Error("admin token not accepted");
    const { taskId } = await server.ctx.imports.submit(principal, "testGatedRestart", {
      name: "中断.xlsx",
      buffer: Buffer.from("x"),
    });
    await gated.midway;
    // What the next process does at start: the task this one is "still running" was left by a dead one.
    const restarted = new ImportQueue();
    await restarted.start(server.ctx);
    await restarted.stop();
    const task = await awaitImportTask(base, taskId, admin);
    expect(task).toMatchObject({ status: "failed", failReason: IMPORT_INTERRUPTED_MSG, report: null });
    expect(IMPORT_INTERRUPTED_MSG).toContain("本文件的数据均未保存");
    const row = await server.db
      .selectFrom("import_task")
      .selectAll()
      .where("id", "=", taskId)
      .executeTakeFirstOrThrow();
    expect(row.file_key).toBeNull();
    expect(await server.ctx.objects.size(`imports/${row.account_id}/${taskId}.upload`)).toBeNull();
    // The dead run's end is not written over the restart's verdict.
    gated.release();
    await server.ctx.imports.idle();
    expect((await awaitImportTask(base, taskId, admin)).status).toBe("failed");
  });

  it("lists the account's own import tasks newest first, a running one with its live progress; others see none", async () => {
    const gated = gatedImporter();
    server.ctx.imports.register("testGatedList", gated.importer);
    const principal = await server.ctx.authenticate(admin);
    if (!principal) throw new Error("admin token not accepted");
    const { taskId } = await server.ctx.imports.submit(principal, "testGatedList", {
      name: "列表.xlsx",
      buffer: Buffer.from("x"),
    });
    await gated.midway;
    const page = await ledger.call("listImportTasks", { query: { pageNum: 1, pageSize: 10 }, token: admin });
    expect(page.status).toBe(200);
    const stored = await server.db
      .selectFrom("import_task")
      .select(["id", "file_name"])
      .where("account_id", "=", principal.accountId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute();
    expect(stored.length).toBeGreaterThanOrEqual(4);
    expect(page.body.data.total).toBe(stored.length);
    expect(page.body.data.list.map((t: { id: string }) => t.id)).toEqual(stored.map((t) => t.id));
    expect(page.body.data.list[0]).toEqual({
      id: taskId,
      name: "列表.xlsx",
      operation: "testGatedList",
      status: "running",
      rowsDone: 1000,
      rowsTotal: 3000,
      createdAt: expect.any(Number),
      finishedAt: null,
      failReason: null,
    });
    // The list never carries a report (getImportTask does).
    expect(page.body.data.list.some((t: object) => "report" in t)).toBe(false);
    const failed = await ledger.call("listImportTasks", { query: { status: "failed" }, token: admin });
    expect(failed.body.data.list.map((t: { name: string; failReason: string }) => [t.name, t.failReason])).toEqual([
      ["中断.xlsx", IMPORT_INTERRUPTED_MSG],
    ]);
    const second = await ledger.call("listImportTasks", { query: { pageNum: 2, pageSize: 2 }, token: admin });
    expect(second.body.data.list.map((t: { id: string }) => t.id)).toEqual(stored.slice(2, 4).map((t) => t.id));
    const theirs = await ledger.call("listImportTasks", { query: {}, token: operator });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual({ list: [], total: 0 });
    expect((await ledger.call("listImportTasks", { query: { status: "paused" }, token: admin })).status).toBe(400);
    expect((await ledger.call("listImportTasks", { query: { pageSize: 0 }, token: admin })).status).toBe(400);
    expect((await ledger.call("listImportTasks", { query: {} })).status).toBe(401);
    gated.release();
    await server.ctx.imports.idle();
    const after = await ledger.call("listImportTasks", { query: { status: "done", pageSize: 1 }, token: admin });
    expect(after.body.data.list[0]).toMatchObject({ id: taskId, status: "done", rowsDone: 3000 });
  });

  it("called every import task operation with good and bad input", () => {
    ledger.expectCovered(IMPORT_TASK_OPS);
  });
});
