import {
  MSG_LOG_RANGE_ORDER,
  MSG_LOG_RANGE_TOO_LONG,
  MSG_TENANT_CODE_TAKEN,
  MSG_TENANT_DISABLE_ROOT,
  MSG_TENANT_DISABLED_SIGN_IN,
  MSG_TENANT_ENABLE_PARENT,
  MSG_TENANT_MENUS_OUTSIDE,
  MSG_TENANT_MENUS_OWN,
  MSG_TENANT_STALE,
  REDACTED,
} from "@tsp/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../apps/server/src/services/b-iam-account/passwords";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { call, operation, operations, signIn } from "./support/contract";
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

/** An account of the tenant holding a role of its own with every menu and button (or only those of `apis`). */
async function accountIn(tenantId: number, username: string, apis?: readonly string[]): Promise<void> {
  const db = server.ctx.db;
  const org = await db
    .insertInto("org")
    .values({ tenant_id: tenantId, parent_id: null, name: `${username}组织` })
    .returning("id")
    .executeTakeFirstOrThrow();
  const role = await db
    .insertInto("role")
    .values({ tenant_id: tenantId, code: `${username}_all`, name: "全部权限" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const menus = await db
    .selectFrom("menu")
    .select("id")
    .$if(apis !== undefined, (q) => q.where("api", "in", apis ?? []))
    .execute();
  if (apis) expect(menus).toHaveLength(apis.length);
  await db
    .insertInto("role_menu")
    .values(menus.map((m) => ({ role_id: role.id, menu_id: m.id })))
    .execute();
  const account = await db
    .insertInto("account")
    .values({
      tenant_id: tenantId,
      org_id: org.id,
      username,
      real_name: username,
      mobile: null,
      email: null,
      password_hash: await hashPassword("Sub@123456"),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("account_role").values({ account_id: account.id, role_id: role.id }).execute();
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

  type TenantNode = {
    tenantId: number;
    code: string;
    status: string;
    menusRestricted: boolean;
    updatedAt: number;
    children: TenantNode[];
  };

  it("shows the caller's tenant tree, or only the tenants below it; another tenant's tree is apart", async () => {
    const tree = (await ledger.call("listTenantTree", { token: admin })).body.data as TenantNode[];
    expect(tree.map((t) => t.code)).toEqual(["T0001"]);
    expect(tree[0]?.children.length).toBeGreaterThan(0);
    const below = (await ledger.call("listTenantTree", { token: admin, query: { scope: "below" } })).body
      .data as TenantNode[];
    expect(below.map((t) => t.code)).toEqual(tree[0]?.children.map((t) => t.code));
    const other = (await ledger.call("listTenantTree", { token: tenant2 })).body.data as TenantNode[];
    expect(other.map((t) => t.code)).toEqual(["T0002"]);
    expect((await ledger.call("listTenantTree", { token: admin, query: { scope: "up" } })).status).toBe(400);
  });

  it("creates and edits a sub-tenant; refuses a taken code, a stale edit and a parent outside the tree", async () => {
    const [root] = (await ledger.call("listTenantTree", { token: admin })).body.data as TenantNode[];
    const [other] = (await ledger.call("listTenantTree", { token: tenant2 })).body.data as TenantNode[];
    const made = await ledger.call("createTenant", {
      token: admin,
      body: { parentId: root?.tenantId, code: "t9001", name: "华东运营中心" },
    });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({
      code: "T9001",
      status: "active",
      parentId: root?.tenantId,
      menusRestricted: false,
    });
    const taken = await ledger.call("createTenant", {
      token: admin,
      body: { parentId: root?.tenantId, code: "T9001", name: "重复" },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe(MSG_TENANT_CODE_TAKEN);
    expect(
      (
        await ledger.call("createTenant", {
          token: admin,
          body: { parentId: other?.tenantId, code: "T9002", name: "越界" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await ledger.call("createTenant", {
          token: admin,
          body: { parentId: root?.tenantId, code: "9x", name: "坏编码" },
        })
      ).status,
    ).toBe(400);
    const t = made.body.data as TenantNode;
    const edited = await ledger.call("updateTenant", {
      token: admin,
      body: { tenantId: t.tenantId, name: "华东运营中心（新）", remark: "备注", updatedAt: t.updatedAt },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.name).toBe("华东运营中心（新）");
    const stale = await ledger.call("updateTenant", {
      token: admin,
      body: { tenantId: t.tenantId, name: "再改", updatedAt: t.updatedAt },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(MSG_TENANT_STALE);
    expect(
      (await ledger.call("updateTenant", { token: tenant2, body: { tenantId: t.tenantId, name: "越界" } })).status,
    ).toBe(404);
    expect((await ledger.call("updateTenant", { token: admin, body: { tenantId: t.tenantId } })).status).toBe(400);
    const [latest] = await entries(admin, { operation: "createTenant", result: "success" });
    expect(latest).toMatchObject({ operation: "租户管理·新增", target: "code=t9001", username: "admin" });
  });

  it("lets an account holding only 下级租户管理's buttons manage the tenants below its own (x-permission-also)", async () => {
    const [root] = (await ledger.call("listTenantTree", { token: admin })).body.data as TenantNode[];
    const own = (
      await ledger.call("createTenant", {
        token: admin,
        body: { parentId: root?.tenantId, code: "T9300", name: "区域公司" },
      })
    ).body.data as TenantNode;
    await accountIn(own.tenantId, "below9300", [
      "/permit",
      "/permit/belowTenant",
      "/permit/belowTenant/add",
      "/permit/belowTenant/disable",
    ]);
    await accountIn(own.tenantId, "viewer9300", ["/permit", "/permit/belowTenant"]);
    const below = (await signIn(server.url, "below9300", "Sub@123456")).token;
    const viewer = (await signIn(server.url, "viewer9300", "Sub@123456")).token;
    const granted = (await ledger.call("getPermissions", { token: below })).body.data.buttonApis as string[];
    expect(granted.toSorted()).toEqual(["/permit/belowTenant/add", "/permit/belowTenant/disable"]);

    const made = await ledger.call("createTenant", {
      token: below,
      body: { parentId: own.tenantId, code: "T9301", name: "区域公司下级" },
    });
    expect(made.status, made.body.msg).toBe(200);
    const child = made.body.data as TenantNode;
    expect((await ledger.call("disableTenant", { token: below, body: { tenantId: child.tenantId } })).status).toBe(200);
    // Neither 租户管理's nor 下级租户管理's 启用 is held: refused.
    const enable = await ledger.call("enableTenant", { token: below, body: { tenantId: child.tenantId } });
    expect(enable.status).toBe(403);
    // Without any button, the screen is read-only: the same call is refused.
    const none = await ledger.call("createTenant", {
      token: viewer,
      body: { parentId: own.tenantId, code: "T9302", name: "无权限" },
    });
    expect(none.status).toBe(403);
    expect((await ledger.call("listTenantTree", { token: viewer, query: { scope: "below" } })).status).toBe(200);
  });

  it("disabling a tenant signs its accounts out on their next request and refuses their sign-in; enabling brings them back", async () => {
    const [root] = (await ledger.call("listTenantTree", { token: admin })).body.data as TenantNode[];
    const parent = (
      await ledger.call("createTenant", {
        token: admin,
        body: { parentId: root?.tenantId, code: "T9100", name: "停用测试" },
      })
    ).body.data as TenantNode;
    const child = (
      await ledger.call("createTenant", {
        token: admin,
        body: { parentId: parent.tenantId, code: "T9101", name: "停用测试下级" },
      })
    ).body.data as TenantNode;
    await accountIn(child.tenantId, "subuser9101");
    const token = (await signIn(server.url, "subuser9101", "Sub@123456")).token;
    expect((await call(server.url, "getMyInfo", { token })).status).toBe(200);

    const off = await ledger.call("disableTenant", { token: admin, body: { tenantId: parent.tenantId } });
    expect(off.status).toBe(200);
    expect(off.body.data.status).toBe("disabled");
    // The subtree went with it: the child's account is signed out on its very next request.
    const next = await call(server.url, "getMyInfo", { token });
    expect(next.status).toBe(401);
    expect(next.headers.get("www-authenticate")).toContain("Bearer");
    await expect(signIn(server.url, "subuser9101", "Sub@123456")).rejects.toThrow();
    const page = await call(server.url, "submitAuthorizeForm", {
      form: {
        response_type: "code",
        client_id: "tsp-console",
        redirect_uri: "http://127.0.0.1:5173/",
        state: "s",
        code_challenge: "x".repeat(43),
        code_challenge_method: "S256",
        username: "subuser9101",
        password: "Sub@123456",
      },
    });
    expect(new TextDecoder().decode(page.bytes)).toContain(MSG_TENANT_DISABLED_SIGN_IN);

    const early = await ledger.call("enableTenant", { token: admin, body: { tenantId: child.tenantId } });
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe(MSG_TENANT_ENABLE_PARENT);
    expect((await ledger.call("enableTenant", { token: admin, body: { tenantId: parent.tenantId } })).status).toBe(200);
    expect((await ledger.call("enableTenant", { token: admin, body: { tenantId: child.tenantId } })).status).toBe(200);
    expect((await signIn(server.url, "subuser9101", "Sub@123456")).token).toBeTruthy();

    const own = await ledger.call("disableTenant", { token: admin, body: { tenantId: root?.tenantId } });
    expect(own.status).toBe(409);
    expect(own.body.msg).toBe(MSG_TENANT_DISABLE_ROOT);
    expect((await ledger.call("disableTenant", { token: tenant2, body: { tenantId: child.tenantId } })).status).toBe(
      404,
    );
    expect((await ledger.call("disableTenant", { token: admin, body: {} })).status).toBe(400);
    expect((await ledger.call("enableTenant", { token: admin, body: { tenantId: "x" } })).status).toBe(400);
  });

  it("bounds a tenant's menus: its accounts lose what lies outside from the next request, whatever their roles hold", async () => {
    const [root] = (await ledger.call("listTenantTree", { token: admin })).body.data as TenantNode[];
    const t = (
      await ledger.call("createTenant", {
        token: admin,
        body: { parentId: root?.tenantId, code: "T9200", name: "菜单测试" },
      })
    ).body.data as TenantNode;
    await accountIn(t.tenantId, "menuuser9200");
    const token = (await signIn(server.url, "menuuser9200", "Sub@123456")).token;
    const before = (await call(server.url, "getPermissions", { token })).body.data;
    expect(before.buttonApis).toContain("/tbox/loginJournal/loginLog/export");

    const menus = await ledger.call("getTenantMenus", { token: admin, query: { tenantId: t.tenantId } });
    expect(menus.body.data.restricted).toBe(false);
    type M = { menuId: number; api: string; children: M[] };
    const flat = (nodes: M[]): M[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
    const all = flat(menus.body.data.tree as M[]);
    const keep = all.filter((m) => !m.api.startsWith("/tbox")).map((m) => m.menuId);
    const set = await ledger.call("setTenantMenus", { token: admin, body: { tenantId: t.tenantId, menuIds: keep } });
    expect(set.status).toBe(200);
    expect(set.body.data.restricted).toBe(true);
    const after = (await call(server.url, "getPermissions", { token })).body.data;
    expect(after.menuApis.some((a: string) => a.startsWith("/tbox"))).toBe(false);
    expect(after.buttonApis).not.toContain("/tbox/loginJournal/loginLog/export");
    expect(after.menuApis).toContain("/baseInfo/simCard");
    const refused = await call(server.url, "exportLoginLog", {
      token,
      query: { vin: "LB3CX1HU5RC100005", startTime: 1, endTime: 2 },
    });
    expect(refused.status).toBe(403);

    // A sub-tenant of it can use at most what it may.
    const sub = (
      await ledger.call("createTenant", {
        token: admin,
        body: { parentId: t.tenantId, code: "T9201", name: "菜单测试下级" },
      })
    ).body.data as TenantNode;
    expect(sub.menusRestricted).toBe(true);
    const tbox = all.find((m) => m.api.startsWith("/tbox"))?.menuId;
    const outside = await ledger.call("setTenantMenus", {
      token: admin,
      body: { tenantId: sub.tenantId, menuIds: [tbox] },
    });
    expect(outside.status).toBe(409);
    expect(outside.body.msg).toBe(MSG_TENANT_MENUS_OUTSIDE);
    const ownMenus = await ledger.call("setTenantMenus", {
      token: admin,
      body: { tenantId: root?.tenantId, menuIds: null },
    });
    expect(ownMenus.body.msg).toBe(MSG_TENANT_MENUS_OWN);
    expect(
      (await ledger.call("setTenantMenus", { token: admin, body: { tenantId: t.tenantId, menuIds: [999_999] } }))
        .status,
    ).toBe(400);
    expect((await ledger.call("getTenantMenus", { token: tenant2, query: { tenantId: t.tenantId } })).status).toBe(404);
    expect((await ledger.call("getTenantMenus", { token: admin, query: { tenantId: "x" } })).status).toBe(400);

    // Lifting it gives every menu back on the next request.
    expect(
      (await ledger.call("setTenantMenus", { token: admin, body: { tenantId: t.tenantId, menuIds: null } })).status,
    ).toBe(200);
    expect((await call(server.url, "getPermissions", { token })).body.data.buttonApis).toContain(
      "/tbox/loginJournal/loginLog/export",
    );
  });

  it("called every operation with good and bad input", () => {
    ledger.expectCovered(PERMIT_TENANT_LOG_OPS);
  });
});
