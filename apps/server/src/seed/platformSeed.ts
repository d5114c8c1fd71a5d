import { permissionAction, ROUTE_TABLE, type RouteNode } from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { OperationInfo } from "../openapi/operations";
import { hashClientSecret } from "../services/b-iam-account/clients";
import { hashPassword } from "../services/b-iam-account/passwords";
import type { SeedContext, SeedSizes } from "../services/types";
import { demoIccid, demoPlate, demoVin } from "./identities";
import type { Rng } from "./rng";

/** Demo accounts (README "Demo sign-in"). */
export const DEMO_ACCOUNTS = {
  admin: { username: "admin", password: "Admin@123456" },
  operator: { username: "operator", password: "Operator@123456" },
  /** Administrator of the second tenant, for isolation checks. */
  isolation: { username: "tenant2admin", password: "Admin@123456" },
} as const;

/** OAuth clients (openapi/CONVENTIONS.md "Clients", "Automation scripts"). */
export const DEMO_CLIENTS = {
  console: { clientId: "tsp-console", secret: "tsp-console-secret" },
  automation: { clientId: "tsp-automation", secret: "tsp-automation-secret" },
} as const;

/** Whether a button permission is an export one (the operator has none of them). */
export const isExportPermission = (api: string) => /export/i.test(api);
/** Whether a button permission is a review duty (the operator submits real-name material; someone else approves it). */
export const isReviewPermission = (api: string) => api.endsWith("/review");
/**
 * Whether a button permission administers accounts, roles, organisations or menus (系统管理):
 * the operator has none of them — whoever may edit roles could grant itself anything.
 */
export const isAdministrationPermission = (api: string) => /^\/permit\/(account|role|organize|menu)\//.test(api);

/**
 * Tenants (two, plus a sub-tenant of the first), organisations, the whole route tree as menus,
 * every `x-permission` of openapi/ as a button under the menu it belongs to, roles, accounts,
 * the OAuth clients and the demo vehicles.
 */
export async function seedPlatform(
  db: Kysely<Database>,
  rng: Rng,
  sizes: SeedSizes,
  operations: readonly OperationInfo[],
): Promise<Pick<SeedContext, "tenantIds" | "vehicles">> {
  const tenant = async (code: string, name: string, parentId: number | null) =>
    (
      await db
        .insertInto("tenant")
        .values({ code, name, parent_id: parentId })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const t1 = await tenant("T0001", "演示运营有限公司", null);
  const t2 = await tenant("T0002", "隔离测试租户", null);
  const t1sub = await tenant("T0001-01", "华东分公司", t1);

  const org = async (tenantId: number, name: string, parentId: number | null, sort: number) =>
    (
      await db
        .insertInto("org")
        .values({ tenant_id: tenantId, name, parent_id: parentId, sort })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const o1 = await org(t1, "运营中心", null, 0);
  const o1ops = await org(t1, "车辆运营部", o1, 1);
  await org(t1, "客户服务部", o1, 2);
  const o2 = await org(t2, "运营中心", null, 0);

  const { menuIds, buttonIds } = await seedMenus(db, operations);

  const role = async (tenantId: number, code: string, name: string, menus: number[]) => {
    const id = (
      await db.insertInto("role").values({ tenant_id: tenantId, code, name }).returning("id").executeTakeFirstOrThrow()
    ).id;
    if (menus.length > 0)
      await db
        .insertInto("role_menu")
        .values(menus.map((m) => ({ role_id: id, menu_id: m })))
        .execute();
    return id;
  };
  const allButtons = [...buttonIds.values()];
  const operatorButtons = [...buttonIds]
    .filter(([api]) => !isExportPermission(api) && !isReviewPermission(api) && !isAdministrationPermission(api))
    .map(([, id]) => id);
  const rAdmin = await role(t1, "super_admin", "超级管理员", [...menuIds, ...allButtons]);
  const rOperator = await role(t1, "operator", "运营专员", [...menuIds, ...operatorButtons]);
  const rT2 = await role(t2, "tenant_admin", "租户管理员", [...menuIds, ...allButtons]);

  const account = async (
    tenantId: number,
    orgId: number,
    username: string,
    password: string,
    realName: string,
    roleId: number,
  ) => {
    const id = (
      await db
        .insertInto("account")
        .values({
          tenant_id: tenantId,
          org_id: orgId,
          username,
          real_name: realName,
          mobile: `138${String(rng.int(0, 99999999)).padStart(8, "0")}`,
          email: `${username}@example.com`,
          password_hash: await hashPassword(password),
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    await db.insertInto("account_role").values({ account_id: id, role_id: roleId }).execute();
    return id;
  };
  const adminId = await account(
    t1,
    o1,
    DEMO_ACCOUNTS.admin.username,
    DEMO_ACCOUNTS.admin.password,
    "系统管理员",
    rAdmin,
  );
  await account(t1, o1ops, DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password, "运营专员", rOperator);
  await account(t2, o2, DEMO_ACCOUNTS.isolation.username, DEMO_ACCOUNTS.isolation.password, "隔离租户管理员", rT2);

  await db
    .insertInto("oauth_client")
    .values([
      {
        client_id: DEMO_CLIENTS.console.clientId,
        name: "TSP Console",
        secret_hash: hashClientSecret(DEMO_CLIENTS.console.secret),
        grant_types: ["authorization_code", "iam_sso_login"],
        redirect_uris: ["http://127.0.0.1:8080/", "http://localhost:8080/"],
        allow_loopback: true,
        // Its secret ships in the browser bundle, so it is a public client in all but name: PKCE S256 (RFC 7636).
        require_pkce: true,
        service_account_id: null,
      },
      {
        client_id: DEMO_CLIENTS.automation.clientId,
        name: "自动化脚本",
        secret_hash: hashClientSecret(DEMO_CLIENTS.automation.secret),
        grant_types: ["client_credentials"],
        redirect_uris: [],
        allow_loopback: false,
        service_account_id: adminId,
      },
    ])
    .execute();

  const vehicles: { vin: string; tenantId: number; iccid: string }[] = [];
  let index = 0;
  for (const tenantId of [t1, t2, t1sub]) {
    const count = tenantId === t1sub ? Math.max(1, Math.floor(sizes.vehiclesPerTenant / 4)) : sizes.vehiclesPerTenant;
    for (let i = 0; i < count; i++) vehicles.push({ vin: demoVin(rng, index++), tenantId, iccid: demoIccid(rng) });
  }
  for (let i = 0; i < vehicles.length; i += 500) {
    await db
      .insertInto("vehicle")
      .values(
        vehicles
          .slice(i, i + 500)
          .map((v) => ({ vin: v.vin, tenant_id: v.tenantId, iccid: v.iccid, plate: demoPlate(rng) })),
      )
      .execute();
  }
  return { tenantIds: [t1, t2, t1sub], vehicles };
}

/** Menus from @tsp/domain's route table; buttons from the `x-permission`s (and `x-permission-also`s) of openapi/. */
async function seedMenus(db: Kysely<Database>, operations: readonly OperationInfo[]) {
  const menuIds: number[] = [];
  const byPath = new Map<string, number>();
  const insert = async (node: RouteNode, parentId: number | null) => {
    const id = (
      await db
        .insertInto("menu")
        .values({
          parent_id: parentId,
          kind: "menu",
          api: node.path,
          name: node.name,
          title: node.title,
          order: node.order,
          hidden: node.hidden,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    menuIds.push(id);
    byPath.set(node.path, id);
    for (const child of node.children) await insert(child, id);
  };
  for (const node of ROUTE_TABLE) await insert(node, null);

  const buttonIds = new Map<string, number>();
  const permissions = [
    ...new Set(operations.flatMap((op) => [op.permission, ...op.alsoPermittedBy]).filter((p): p is string => !!p)),
  ].toSorted();
  for (const api of permissions) {
    // The button sits under the deepest menu whose path starts the permission string.
    const parent = [...byPath.keys()].filter((p) => api.startsWith(`${p}/`)).toSorted((a, b) => b.length - a.length)[0];
    const id = (
      await db
        .insertInto("menu")
        .values({
          parent_id: parent ? (byPath.get(parent) ?? null) : null,
          kind: "button",
          api,
          name: api.split("/").filter(Boolean).join("_"),
          title: permissionAction(api),
          order: 0,
          hidden: true,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    buttonIds.set(api, id);
  }
  return { menuIds, buttonIds };
}
