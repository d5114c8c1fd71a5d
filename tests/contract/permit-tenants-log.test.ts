import { MSG_LOG_RANGE_ORDER, MSG_LOG_RANGE_TOO_LONG, REDACTED } from "@tsp/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { operation, operations, signIn } from "./support/contract";
import { PERMIT_TENANT_LOG_OPS } from "./support/owners";

/**
 * Contract of 系统管理 › 操作日志 (/permit/log): every mutating call of every service is logged
 * by the server's one hook (who, tenant, operation and its Chinese name, target, redacted
 * parameters, result, IP, user agent, time, duration), searchable by person, operation, target,
 * result and time (7 days by default, at most 93), with a detail, an export task, tenant
 * isolation — and no way for anyone to alter an entry.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;
let operator: string;
let tenant2: string;
const ledger = new CallLedger(() => server.url);
type Entry = Record<string, unknown> & { id: number; at: number; operationId: string; success: boolean; msg: string };

async function entries(token: string, query: Record<string, unknown> = {}): Promise<Entry[]> {
  const res = await ledger.call("listOperationLogs", { token, query: { pageSize: 100, ...query } });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data.list;
}

describe.skipIf(engine.skip)(`permit operation log contract (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 2, journalPerVehicle: 1 } } });
    admin = (await signIn(server.url, "admin", "Admin@123456")).token;
    operator = (await signIn(server.url, "operator", "Operator@123456")).token;
    tenant2 = (await signIn(server.url, "tenant2admin", "Admin@123456")).token;
  }, 120_000);
  afterAll(() => server?.stop());

  it("answers 401 without a token on every operation", async () => {
    for (const id of PERMIT_TENANT_LOG_OPS) {
      expect((await ledger.call(id, { query: { id: 1 } })).status, id).toBe(401);
    }
  });

  it("starts with a week of seeded history of the demo tenant, newest first; another tenant sees none of it", async () => {
    const seeded = await entries(admin);
    expect(seeded.length).toBeGreaterThanOrEqual(30);
    const times = seeded.map((e) => e.at);
    expect(times).toEqual(times.toSorted((a, b) => b - a));
    expect(seeded.find((e) => e.operationId === "updateSimCard")).toMatchObject({
      operation: "SIM卡数据·编辑",
      target: "iccid=89860312345678901234",
      realName: expect.any(String),
      success: true,
    });
    expect(await entries(tenant2)).toEqual([]);
  });

  it("logs a change right after its answer: who, what, target, result — and a refused one with its message", async () => {
    const vin = "LB3CX1HU5RC100005";
    const ok = await ledger.call("createContent", {
      token: admin,
      headers: { "user-agent": "contract-test/1.0" },
      body: {
        title: "日志测试公告",
        contentType: "notice",
        modelIds: [1111],
        publishFrom: 1_763_856_000_000,
        publishTo: null,
        body: "<p>正文</p>",
      },
    });
    expect(ok.status).toBe(200);
    const [latest] = await entries(admin);
    expect(latest).toMatchObject({
      username: "admin",
      operationId: "createContent",
      operation: "车载内容管理·新增",
      target: "title=日志测试公告",
      success: true,
      msg: "保存成功",
      ip: "127.0.0.1",
    });
    expect(latest?.durationMs).toEqual(expect.any(Number));

    const refused = await ledger.call("exportLoginLog", { token: operator, query: { vin, startTime: 1, endTime: 2 } });
    expect(refused.status).toBe(403);
    const [denied] = await entries(admin, { person: "operator", result: "failure" });
    expect(denied).toMatchObject({ username: "operator", operationId: "exportLoginLog", success: false });
    expect(denied?.msg).toContain("没有操作权限");
    expect(denied?.target).toBe(`vin=${vin}`);

    const bad = await ledger.call("createContent", { token: admin, body: { title: "" } });
    expect(bad.status).toBe(400);
    const [badEntry] = await entries(admin, { operation: "createContent", result: "failure" });
    expect(badEntry?.msg).toBe(bad.body.msg);
  });

  it("never keeps a password, token or secret, and masks phone numbers", async () => {
    const res = await ledger.call("modifyPassword", {
      token: admin,
      body: { oldPassword: "Plain@Old123", newPassword: "Plain@New123", accessToken: "tok-123", mobile: "13812345678" },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const [entry] = await entries(admin, { operation: "modifyPassword" });
    const detail = await ledger.call("getOperationLog", { token: admin, query: { id: entry?.id } });
    expect(detail.status).toBe(200);
    const params = String(detail.body.data.params);
    for (const secret of ["Plain@Old123", "Plain@New123", "tok-123", "13812345678"])
      expect(params).not.toContain(secret);
    expect(params).toContain(REDACTED);
    expect(detail.body.data).toMatchObject({ method: "POST", path: "/b-iam-account/users/web/modifyPassword" });
  });

  it("searches by person, operation, target, result and time; refuses a reversed or too long range", async () => {
    expect((await entries(admin, { person: "运营" })).every((e) => e.username === "operator")).toBe(true);
    expect((await entries(admin, { person: "nobody-here" })).length).toBe(0);
    expect((await entries(admin, { operation: "SIM卡" })).every((e) => e.operationId === "updateSimCard")).toBe(true);
    expect((await entries(admin, { target: "日志测试" })).map((e) => e.operationId)).toEqual(["createContent"]);
    expect((await entries(admin, { result: "success" })).every((e) => e.success)).toBe(true);
    const now = server.ctx.now().getTime();
    const lastHour = await entries(admin, { startTime: now - 3_600_000, endTime: now + 60_000 });
    expect(lastHour.every((e) => e.at >= now - 3_600_000)).toBe(true);
    expect(lastHour.some((e) => e.operationId === "createContent")).toBe(true);
    const old = await entries(admin, { startTime: now - 30 * 86_400_000, endTime: now - 20 * 86_400_000 });
    expect(old).toEqual([]);
    const reversed = await ledger.call("listOperationLogs", {
      token: admin,
      query: { startTime: now, endTime: now - 1 },
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.msg).toBe(MSG_LOG_RANGE_ORDER);
    const long = await ledger.call("listOperationLogs", {
      token: admin,
      query: { startTime: 0, endTime: 94 * 86_400_000 },
    });
    expect(long.body.msg).toBe(MSG_LOG_RANGE_TOO_LONG);
    expect((await ledger.call("listOperationLogs", { token: admin, query: { result: "maybe" } })).status).toBe(400);
  });

  it("shows an entry's detail to its own tenants only", async () => {
    const [first] = await entries(admin);
    const detail = await ledger.call("getOperationLog", { token: admin, query: { id: first?.id } });
    expect(detail.body.data).toMatchObject({ ...first, userAgent: expect.any(String), params: expect.any(String) });
    const other = await ledger.call("getOperationLog", { token: tenant2, query: { id: first?.id } });
    expect(other.status).toBe(404);
    expect((await ledger.call("getOperationLog", { token: admin, query: { id: "x" } })).status).toBe(400);
  });

  it("exports the search as a task (with its permission), and logs the export itself", async () => {
    const res = await ledger.call("exportOperationLogs", { token: admin, query: { result: "success" } });
    expect(res.status).toBe(200);
    await server.ctx.exports.idle();
    const task = await server.ctx.db
      .selectFrom("export_task")
      .select(["status", "row_count"])
      .where("id", "=", res.body.data.taskId)
      .executeTakeFirstOrThrow();
    expect(task.status).toBe("done");
    expect(Number(task.row_count)).toBeGreaterThan(10);
    expect((await ledger.call("exportOperationLogs", { token: operator })).status).toBe(403);
    expect(
      (await ledger.call("exportOperationLogs", { token: admin, query: { startTime: 5, endTime: 1 } })).status,
    ).toBe(400);
    const [logged] = await entries(admin, { operation: "exportOperationLogs", result: "success" });
    expect(logged?.operation).toBe("操作日志·导出");
  });

  it("is append-only: no call changes or removes an entry, and the database refuses it to anyone", async () => {
    const logOps = operations
      .filter((o) => o.path.includes("/operationLog/"))
      .map((o) => `${o.method} ${o.operationId}`);
    expect(logOps.toSorted()).toEqual(["get getOperationLog", "get listOperationLogs", "post exportOperationLogs"]);
    expect(operation("exportOperationLogs").permission).toBe("/permit/log/export");
    const db = server.ctx.db;
    const before = await db
      .selectFrom("operation_log")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    await expect(sql`update operation_log set msg = 'x'`.execute(db)).rejects.toThrow(/只能追加/);
    await expect(sql`delete from operation_log`.execute(db)).rejects.toThrow(/只能追加/);
    await expect(sql`truncate operation_log`.execute(db)).rejects.toThrow(/只能追加/);
    const after = await db
      .selectFrom("operation_log")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("called every operation with good and bad input", () => {
    ledger.expectCovered(PERMIT_TENANT_LOG_OPS);
  });
});
