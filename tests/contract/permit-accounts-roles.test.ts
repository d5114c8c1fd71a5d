import path from "node:path";
import {
  MSG_PERMIT_LAST_ADMIN,
  MSG_PERMIT_ORG_MOVE_INTO_ITSELF,
  MSG_PERMIT_OWN_LAST_ADMIN_ROLE,
  MSG_PERMIT_ROLE_NOT_FOUND,
  MSG_PERMIT_SELF_DISABLE,
  PERMIT_ADMIN_PERMISSION,
} from "@tsp/domain";
import { encryptValue } from "@tsp/sdk";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEngine } from "../../apps/server/src/testing/testServer";
import { CallLedger } from "./business-coverage";
import { operation, signIn } from "./support/contract";
import { PERMIT_ACCOUNT_ROLE_OPS } from "./support/owners";

/**
 * Contract of 系统管理's accounts, roles, organisations and menus: search and masking, create
 * with an RSA-encrypted password, roles granted on the menu tree (ancestors included), the
 * data scope applied to the account list, lock / unlock / disable, password reset, deletes
 * refused while in use, the administrator guard rails, tenant isolation, and the grants'
 * version header that lets a console pick up a change without signing in again.
 */
const engine = testEngine();
let server: TestServer;
let admin: string;
let tenant2: string;
const ledger = new CallLedger(() => server.url);
type Menu = { menuId: number; parentId: number | null; kind: string; api: string; title: string };
type Account = Record<string, unknown> & { accountId: number; username: string; state: string; mobile: string };
type Role = { roleId: number; code: string; menuIds: number[]; accountCount: number };
type Org = { orgId: number; parentId: number | null; name: string; tenantId: number; accountCount: number };

let menus: Menu[];
const menuId = (api: string) => {
  const m = menus.find((x) => x.api === api);
  if (!m) throw new Error(`no menu ${api}`);
  return m.menuId;
};
let pubKey: { publicKey: string; algorithm: string };
const enc = (v: string) => encryptValue(pubKey.publicKey, v, pubKey.algorithm as "RSA-OAEP-256");

async function accounts(token: string, query: Record<string, unknown> = {}): Promise<Account[]> {
  const answer = await ledger.call("listPermitAccounts", { token, query: { pageSize: 100, ...query } });
  expect(answer.status).toBe(200);
  return answer.body.data.list;
}
async function roles(token: string): Promise<Role[]> {
  return (await ledger.call("listPermitRoles", { token, query: { pageSize: 100 } })).body.data.list;
}
async function orgs(token: string): Promise<Org[]> {
  return (await ledger.call("listPermitOrgs", { token })).body.data;
}
async function createRole(token: string, code: string, apis: string[], dataScope = "tenant"): Promise<Role> {
  const answer = await ledger.call("createPermitRole", {
    token,
    body: { code, name: code, dataScope, menuIds: apis.map(menuId) },
  });
  expect(answer.status, answer.body.msg).toBe(200);
  return answer.body.data;
}
async function createAccount(
  token: string,
  username: string,
  orgId: number,
  roleIds: number[],
  password = "Start@123456",
) {
  const answer = await ledger.call("createPermitAccount", {
    token,
    body: {
      username,
      realName: username,
      mobile: "13900001111",
      email: "",
      orgId,
      roleIds,
      password: await enc(password),
    },
  });
  expect(answer.status, answer.body.msg).toBe(200);
  return answer.body.data as Account;
}

describe.skipIf(engine.skip)(`permit accounts and roles contract (${engine.kind})`, () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: { sizes: { vehiclesPerTenant: 1, journalPerVehicle: 1 } } });
    admin = (await signIn(server.url, "admin", "Admin@123456")).token;
    tenant2 = (await signIn(server.url, "tenant2admin", "Admin@123456")).token;
    menus = (await ledger.call("getPermitMenuTree", { token: admin })).body.data;
    pubKey = (await ledger.call("getPubKey")).body.data;
  }, 120_000);
  afterAll(() => server?.stop());

  it("answers 401 without a token on every operation", async () => {
    for (const id of PERMIT_ACCOUNT_ROLE_OPS) {
      const op = operation(id);
      expect((await ledger.call(id, op.requestBody ? { body: {} } : {})).status, id).toBe(401);
    }
  });

  it("serves the menu and button tree: buttons under the screen they guard", () => {
    const journal = menus.find((m) => m.api === "/tbox/loginJournal");
    const exportButton = menus.find((m) => m.api === "/tbox/loginJournal/loginLog/export");
    expect(exportButton).toMatchObject({ kind: "button", parentId: journal?.menuId });
    expect(menus.find((m) => m.api === "/permit/account")?.title).toBe("账号管理");
    expect(menus.find((m) => m.api === "/permit/account/resetPassword")?.title).toBe("重置密码");
  });

  it("lists accounts with masked mobiles and searches by username, name, state, role and organisation", async () => {
    const all = await accounts(admin);
    expect(all.map((a) => a.username).toSorted()).toEqual(["admin", "operator"]);
    expect(all.every((a) => /^1\d{2}\*{4}\d{4}$/.test(a.mobile))).toBe(true);
    expect((await accounts(admin, { username: "OPER" })).map((a) => a.username)).toEqual(["operator"]);
    expect((await accounts(admin, { realName: "系统" })).map((a) => a.username)).toEqual(["admin"]);
    const superAdmin = (await roles(admin)).find((r) => r.code === "super_admin");
    expect((await accounts(admin, { roleId: superAdmin?.roleId })).map((a) => a.username)).toEqual(["admin"]);
    const ops = (await orgs(admin)).find((o) => o.name === "车辆运营部");
    expect((await accounts(admin, { orgId: ops?.orgId })).map((a) => a.username)).toEqual(["operator"]);
    expect((await accounts(admin, { status: "disabled" })).length).toBe(0);
    expect((await accounts(tenant2)).map((a) => a.username)).toEqual(["tenant2admin"]);
    expect((await ledger.call("listPermitAccounts", { token: admin, query: { status: "gone" } })).status).toBe(400);
    // 导出: the same filters as an export task; the file holds the list's rows, mobiles masked.
    const submitted = await ledger.call("exportPermitAccounts", { token: admin, query: { username: "oper" } });
    expect(submitted.status).toBe(200);
    await server.ctx.exports.idle();
    const task = await server.db
      .selectFrom("export_task")
      .select(["status", "object_key"])
      .where("id", "=", submitted.body.data.taskId)
      .executeTakeFirstOrThrow();
    expect(task.status).toBe("done");
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path.join(server.ctx.objects.root, task.object_key ?? ""));
    const cells: string[] = [];
    book.worksheets[0]?.eachRow((row) => cells.push(String(row.values)));
    expect(cells.length).toBe(2);
    expect(cells[1]).toContain("operator");
    expect(cells[1]).toMatch(/1\d{2}\*{4}\d{4}/);
    expect((await ledger.call("exportPermitAccounts", { token: admin, query: { status: "gone" } })).status).toBe(400);
  });

  it("creates a role granting the ancestors of what was chosen, refuses a bad or taken code and unknown menus", async () => {
    const role = await createRole(admin, "journal_reader", ["/tbox/loginJournal"]);
    expect(role.menuIds).toEqual([menuId("/tbox"), menuId("/tbox/loginJournal")].toSorted((a, b) => a - b));
    const taken = await ledger.call("createPermitRole", {
      token: admin,
      body: { code: "journal_reader", name: "x", dataScope: "tenant", menuIds: [] },
    });
    expect(taken).toMatchObject({ status: 409, body: { msg: "角色编码journal_reader已存在" } });
    const bad = await ledger.call("createPermitRole", {
      token: admin,
      body: { code: "9bad", name: "x", dataScope: "tenant", menuIds: [] },
    });
    expect(bad.status).toBe(400);
    const unknown = await ledger.call("createPermitRole", {
      token: admin,
      body: { code: "ghost", name: "x", dataScope: "tenant", menuIds: [999_999] },
    });
    expect(unknown).toMatchObject({ status: 400, body: { msg: "有1个菜单不存在" } });
    // Tenant 2 has its own codes: the same code is free there, and tenant 1's role is not its to see.
    await createRole(tenant2, "journal_reader", ["/tbox/loginJournal"]);
    expect((await roles(tenant2)).map((r) => r.code).toSorted()).toEqual(["journal_reader", "tenant_admin"]);
  });

  it("creates an account whose permissions follow its role from the next request, with the version header", async () => {
    const role = (await roles(admin)).find((r) => r.code === "journal_reader") as Role;
    const ops = (await orgs(admin)).find((o) => o.name === "车辆运营部") as Org;
    const created = await createAccount(admin, "reader1", ops.orgId, [role.roleId]);
    expect(created).toMatchObject({
      username: "reader1",
      mobile: "139****1111",
      state: "active",
      orgName: "车辆运营部",
    });
    // Refused creations: the body of a good one with one thing wrong.
    const refused = async (change: Record<string, unknown>, password = "Start@123456") =>
      ledger.call("createPermitAccount", {
        token: admin,
        body: {
          username: "reader2",
          realName: "x",
          mobile: "",
          email: "",
          orgId: ops.orgId,
          roleIds: [role.roleId],
          password: await enc(password),
          ...change,
        },
      });
    expect(await refused({ username: "reader1" })).toMatchObject({ status: 409, body: { msg: "账号reader1已存在" } });
    const badMobile = await refused({ mobile: "123" });
    expect(badMobile.status).toBe(400);
    expect(badMobile.body.data.failDetail.map((f: { field: string }) => f.field)).toContain("mobile");
    const weak = await refused({}, "short");
    expect(weak.status).toBe(400);
    expect(weak.body.data.failDetail).toEqual([{ field: "password", msg: expect.stringContaining("8-32位") }]);
    const foreignRole = (await roles(tenant2)).find((r) => r.code === "journal_reader") as Role;
    const mixed = await refused({ username: "reader3", roleIds: [foreignRole.roleId] });
    expect(mixed).toMatchObject({
      status: 400,
      body: { data: { failDetail: [{ field: "roleIds", msg: `roleIds：${MSG_PERMIT_ROLE_NOT_FOUND}` }] } },
    });
    expect((await accounts(admin, { username: "reader" })).map((a) => a.username)).toEqual(["reader1"]);

    const reader = (await signIn(server.url, "reader1", "Start@123456")).token;
    const before = await ledger.call("getPermissions", { token: reader });
    expect(before.body.data.menuApis).toEqual(["/tbox", "/tbox/loginJournal"]);
    expect(before.body.data.buttonApis).toEqual([]);
    const version = before.headers.get("x-authz-version");
    expect(version).toMatch(/^\d+$/);

    const grant = await ledger.call("updatePermitRole", {
      token: admin,
      body: {
        roleId: role.roleId,
        name: "日志查看员",
        dataScope: "tenant",
        menuIds: [menuId("/tbox/loginJournal/loginLog/export")],
      },
    });
    expect(grant.status).toBe(200);
    const after = await ledger.call("getPermissions", { token: reader });
    expect(after.headers.get("x-authz-version")).not.toBe(version);
    expect(after.body.data.buttonApis).toEqual(["/tbox/loginJournal/loginLog/export"]);
  });

  it("applies the data scope to the account list: own organisation and below, own record", async () => {
    const ops = (await orgs(admin)).find((o) => o.name === "车辆运营部") as Org;
    const orgScope = await createRole(admin, "org_viewer", ["/permit/account"], "org");
    const selfScope = await createRole(admin, "self_viewer", ["/permit/account"], "self");
    await createAccount(admin, "orgviewer", ops.orgId, [orgScope.roleId]);
    await createAccount(admin, "selfviewer", ops.orgId, [selfScope.roleId]);
    const orgViewer = (await signIn(server.url, "orgviewer", "Start@123456")).token;
    const selfViewer = (await signIn(server.url, "selfviewer", "Start@123456")).token;
    const seen = (await accounts(orgViewer)).map((a) => a.username);
    expect(seen).toContain("operator");
    expect(seen).not.toContain("admin");
    expect((await accounts(selfViewer)).map((a) => a.username)).toEqual(["selfviewer"]);
  });

  it("applies the same data scope to the operation log, its entry and its export", async () => {
    const ops = (await orgs(admin)).find((o) => o.name === "车辆运营部") as Org;
    const grants = ["/permit/log", "/permit/log/export"];
    const orgLog = await createRole(admin, "org_log", grants, "org");
    const selfLog = await createRole(admin, "self_log", grants, "self");
    await createAccount(admin, "orglog", ops.orgId, [orgLog.roleId]);
    await createAccount(admin, "selflog", ops.orgId, [selfLog.roleId]);
    const orgReader = (await signIn(server.url, "orglog", "Start@123456")).token;
    const selfReader = (await signIn(server.url, "selflog", "Start@123456")).token;
    // A refused write is logged too: the self-scoped reader's own entry.
    const refused = await ledger.call("createPermitRole", {
      token: selfReader,
      body: { code: "nope", name: "x", dataScope: "tenant", menuIds: [] },
    });
    expect(refused.status).toBe(403);
    const log = async (token: string) => {
      const answer = await ledger.call("listOperationLogs", { token, query: { pageSize: 100 } });
      expect(answer.status, answer.body.msg).toBe(200);
      return answer.body.data as { list: { id: number; username: string }[]; total: number };
    };
    const everything = await log(admin);
    const adminEntry = everything.list.find((e) => e.username === "admin");
    expect(adminEntry).toBeDefined();
    expect(everything.list.some((e) => e.username === "selflog")).toBe(true);

    const own = await log(selfReader);
    expect(own.total).toBeGreaterThan(0);
    expect(new Set(own.list.map((e) => e.username))).toEqual(new Set(["selflog"]));
    const byOrg = await log(orgReader);
    const names = new Set(byOrg.list.map((e) => e.username));
    expect(names.has("operator")).toBe(true);
    expect(names.has("selflog")).toBe(true);
    expect(names.has("admin")).toBe(false);
    expect(byOrg.total).toBeLessThan(everything.total);

    // Another account's entry is not found through the self scope; the organisation reader sees the self reader's.
    const hidden = await ledger.call("getOperationLog", { token: selfReader, query: { id: adminEntry?.id } });
    expect(hidden.status).toBe(404);
    const seen = await ledger.call("getOperationLog", { token: orgReader, query: { id: own.list[0]?.id } });
    expect(seen.status).toBe(200);
  });

  it("locks, unlocks, disables and enables an account; sign-in and tokens follow", async () => {
    const reader1 = (await accounts(admin, { username: "reader1" }))[0] as Account;
    const token = (await signIn(server.url, "reader1", "Start@123456")).token;
    const locked = await ledger.call("setPermitAccountStatus", {
      token: admin,
      body: { accountId: reader1.accountId, action: "lock" },
    });
    expect(locked.body.data).toMatchObject({ state: "locked" });
    expect((await accounts(admin, { status: "locked" })).map((a) => a.username)).toEqual(["reader1"]);
    await expect(signIn(server.url, "reader1", "Start@123456")).rejects.toThrow();
    await ledger.call("setPermitAccountStatus", {
      token: admin,
      body: { accountId: reader1.accountId, action: "unlock" },
    });
    await signIn(server.url, "reader1", "Start@123456");
    const disabled = await ledger.call("setPermitAccountStatus", {
      token: admin,
      body: { accountId: reader1.accountId, action: "disable" },
    });
    expect(disabled.body.data).toMatchObject({ state: "disabled", status: "disabled" });
    expect((await ledger.call("getPermissions", { token })).status).toBe(401);
    await ledger.call("setPermitAccountStatus", {
      token: admin,
      body: { accountId: reader1.accountId, action: "enable" },
    });
    await signIn(server.url, "reader1", "Start@123456");
    const bad = await ledger.call("setPermitAccountStatus", {
      token: admin,
      body: { accountId: reader1.accountId, action: "explode" },
    });
    expect(bad.status).toBe(400);
    const me = (await accounts(admin, { username: "admin" }))[0] as Account;
    const self = await ledger.call("setPermitAccountStatus", {
      token: admin,
      body: { accountId: me.accountId, action: "disable" },
    });
    expect(self).toMatchObject({ status: 409, body: { msg: MSG_PERMIT_SELF_DISABLE } });
  });

  it("resets a password: old sessions end, the new password signs in", async () => {
    const reader1 = (await accounts(admin, { username: "reader1" }))[0] as Account;
    const token = (await signIn(server.url, "reader1", "Start@123456")).token;
    const bad = await ledger.call("resetPermitAccountPassword", {
      token: admin,
      body: { accountId: reader1.accountId, password: "bm90IGVuY3J5cHRlZA==" },
    });
    expect(bad.body.data.failDetail[0].msg).toContain("密码解密失败");
    const done = await ledger.call("resetPermitAccountPassword", {
      token: admin,
      body: { accountId: reader1.accountId, password: await enc("Reset@654321") },
    });
    expect(done.status).toBe(200);
    expect((await ledger.call("getPermissions", { token })).status).toBe(401);
    await signIn(server.url, "reader1", "Reset@654321");
  });

  it("edits an account's roles; the administrator guard rails hold", async () => {
    const all = await roles(admin);
    const reader = all.find((r) => r.code === "journal_reader") as Role;
    const superAdmin = all.find((r) => r.code === "super_admin") as Role;
    const me = (await accounts(admin, { username: "admin" }))[0] as Account;
    const own = await ledger.call("updatePermitAccount", {
      token: admin,
      body: {
        accountId: me.accountId,
        realName: "系统管理员",
        mobile: "",
        email: "",
        orgId: me.orgId,
        roleIds: [reader.roleId],
      },
    });
    expect(own).toMatchObject({ status: 409, body: { msg: MSG_PERMIT_OWN_LAST_ADMIN_ROLE } });
    const strip = await ledger.call("updatePermitRole", {
      token: admin,
      body: {
        roleId: superAdmin.roleId,
        name: "超级管理员",
        dataScope: "tenant",
        menuIds: [menuId("/permit/account")],
      },
    });
    expect(strip).toMatchObject({ status: 409, body: { msg: MSG_PERMIT_OWN_LAST_ADMIN_ROLE } });
    const reader1 = (await accounts(admin, { username: "reader1" }))[0] as Account;
    const edited = await ledger.call("updatePermitAccount", {
      token: admin,
      body: {
        accountId: reader1.accountId,
        realName: "读者一",
        mobile: "13700002222",
        email: "r1@example.com",
        orgId: reader1.orgId,
        roleIds: [reader.roleId],
      },
    });
    expect(edited.body.data).toMatchObject({ realName: "读者一", mobile: "137****2222", email: "r1@example.com" });
    const bad = await ledger.call("updatePermitAccount", {
      token: admin,
      body: { accountId: reader1.accountId, realName: "", mobile: "", email: "", orgId: reader1.orgId, roleIds: [] },
    });
    expect(bad.status).toBe(400);

    // Tenant 2: an account keeper (may edit accounts, not roles) cannot remove the last administrator.
    const t2orgs = await orgs(tenant2);
    const keeper = await createRole(tenant2, "keeper", ["/permit/account/edit", "/permit/account/status"]);
    expect(keeper.menuIds).not.toContain(menuId(PERMIT_ADMIN_PERMISSION));
    await createAccount(tenant2, "t2keeper", (t2orgs[0] as Org).orgId, [keeper.roleId]);
    const keeperToken = (await signIn(server.url, "t2keeper", "Start@123456")).token;
    const t2admin = (await accounts(tenant2, { username: "tenant2admin" }))[0] as Account;
    const last = await ledger.call("setPermitAccountStatus", {
      token: keeperToken,
      body: { accountId: t2admin.accountId, action: "disable" },
    });
    expect(last).toMatchObject({ status: 409, body: { msg: MSG_PERMIT_LAST_ADMIN } });
    // Another tenant's account is not there for tenant 2.
    const foreign = await ledger.call("updatePermitAccount", {
      token: tenant2,
      body: {
        accountId: reader1.accountId,
        realName: "x",
        mobile: "",
        email: "",
        orgId: (t2orgs[0] as Org).orgId,
        roleIds: [keeper.roleId],
      },
    });
    expect(foreign.status).toBe(404);
  });

  it("deletes a role only when no account holds it, naming who does", async () => {
    const all = await roles(admin);
    const reader = all.find((r) => r.code === "journal_reader") as Role;
    const held = await ledger.call("deletePermitRole", { token: admin, body: { roleId: reader.roleId } });
    expect(held.status).toBe(409);
    expect(held.body.msg).toContain("reader1");
    const spare = await createRole(admin, "spare", []);
    expect((await ledger.call("deletePermitRole", { token: admin, body: { roleId: spare.roleId } })).status).toBe(200);
    expect((await ledger.call("deletePermitRole", { token: tenant2, body: { roleId: reader.roleId } })).status).toBe(
      404,
    );
    expect(
      (
        await ledger.call("updatePermitRole", {
          token: tenant2,
          body: { roleId: reader.roleId, name: "x", dataScope: "self", menuIds: [] },
        })
      ).status,
    ).toBe(404);
  });

  it("keeps the organisation tree: add, rename, move, refuse cycles and deleting what is not empty", async () => {
    const tree = await orgs(admin);
    const root = tree.find((o) => o.parentId === null && o.tenantId === tree[0]?.tenantId) as Org;
    const ops = tree.find((o) => o.name === "车辆运营部") as Org;
    const added = await ledger.call("createPermitOrg", {
      token: admin,
      body: { parentId: root.orgId, name: "测试部" },
    });
    expect(added.body.data).toMatchObject({ name: "测试部", parentId: root.orgId, accountCount: 0 });
    const org = added.body.data as Org;
    expect(
      (await ledger.call("createPermitOrg", { token: admin, body: { parentId: root.orgId, name: "测试部" } })).status,
    ).toBe(409);
    expect(
      (await ledger.call("createPermitOrg", { token: admin, body: { parentId: root.orgId, name: " " } })).status,
    ).toBe(400);
    const moved = await ledger.call("updatePermitOrg", {
      token: admin,
      body: { orgId: org.orgId, parentId: ops.orgId, name: "测试组" },
    });
    expect(moved.body.data).toMatchObject({ name: "测试组", parentId: ops.orgId });
    const cycle = await ledger.call("updatePermitOrg", {
      token: admin,
      body: { orgId: ops.orgId, parentId: org.orgId, name: "车辆运营部" },
    });
    expect(cycle).toMatchObject({ status: 409, body: { msg: MSG_PERMIT_ORG_MOVE_INTO_ITSELF } });
    const busy = await ledger.call("deletePermitOrg", { token: admin, body: { orgId: ops.orgId } });
    expect(busy.status).toBe(409);
    expect(busy.body.msg).toContain("1个下级组织");
    expect((await ledger.call("deletePermitOrg", { token: tenant2, body: { orgId: org.orgId } })).status).toBe(404);
    expect((await ledger.call("deletePermitOrg", { token: admin, body: { orgId: org.orgId } })).status).toBe(200);
    expect((await orgs(tenant2)).every((o) => o.tenantId !== root.tenantId)).toBe(true);
  });

  it("changes a menu's title, order, hidden flag and icon on the platform tenant only", async () => {
    const id = menuId("/dataHome");
    const saved = await ledger.call("updatePermitMenu", {
      token: admin,
      body: { menuId: id, title: "首页总览", order: 1, hidden: false, icon: "home" },
    });
    expect(saved.body.data).toMatchObject({ title: "首页总览", icon: "home" });
    // The side menu reads it from the next permission call.
    const permissions = await ledger.call("getPermissions", { token: admin });
    expect(permissions.body.data.menus).toContainEqual({
      api: "/dataHome",
      title: "首页总览",
      order: 1,
      hidden: false,
      icon: "home",
    });
    const bad = await ledger.call("updatePermitMenu", {
      token: admin,
      body: { menuId: id, title: "首页", order: -1, hidden: false, icon: "" },
    });
    expect(bad.status).toBe(400);
    const foreign = await ledger.call("updatePermitMenu", {
      token: tenant2,
      body: { menuId: id, title: "改", order: 1, hidden: true, icon: "" },
    });
    expect(foreign.status).toBe(403);
    expect(
      (
        await ledger.call("updatePermitMenu", {
          token: admin,
          body: { menuId: 999_999, title: "无", order: 1, hidden: false, icon: "" },
        })
      ).status,
    ).toBe(404);
  });

  it("gives a tenant's role only the menus the tenant may use (租户管理), buttons under them included", async () => {
    const t2 = await server.db.selectFrom("tenant").select("id").where("code", "=", "T0002").executeTakeFirstOrThrow();
    await server.db.updateTable("tenant").set({ menus_restricted: true }).where("id", "=", t2.id).execute();
    await server.db
      .insertInto("tenant_menu")
      .values(
        ["/tbox", "/tbox/loginJournal", "/permit", "/permit/role"].map((api) => ({
          tenant_id: t2.id,
          menu_id: menuId(api),
        })),
      )
      .execute();
    try {
      await createRole(tenant2, "journal_only", ["/tbox/loginJournal/loginLog/export"]);
      const refused = await ledger.call("createPermitRole", {
        token: tenant2,
        body: { code: "home_too", name: "x", dataScope: "tenant", menuIds: [menuId("/dataHome")] },
      });
      expect(refused.status).toBe(400);
      // The menu's title as it is now (an earlier test renamed 首页).
      expect(refused.body.msg).toMatch(/^本租户不能使用这些菜单：首页/);
    } finally {
      await server.db.deleteFrom("tenant_menu").where("tenant_id", "=", t2.id).execute();
      await server.db.updateTable("tenant").set({ menus_restricted: false }).where("id", "=", t2.id).execute();
    }
  });

  it("called every operation it owns with good and bad input", () => {
    ledger.expectCovered(PERMIT_ACCOUNT_ROLE_OPS);
  });
});
