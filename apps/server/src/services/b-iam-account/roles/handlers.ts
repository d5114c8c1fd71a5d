import {
  checkRecord,
  menusOutsideTenant,
  msgPermitMenusNotAllowed,
  msgPermitRoleCodeTaken,
  msgPermitRoleInUse,
  msgPermitUnknownMenus,
  PERMIT_ADMIN_PERMISSION,
  type PermitRoleEdit,
  PermitRoleEditSchema,
  permitGrantedMenus,
  roleEditAdminProblem,
} from "@tsp/domain";
import { type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../../../db/schema";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import { containsPattern, numberedPage } from "../../../platform/listQuery";
import type { Principal } from "../../../platform/principal";
import { tenantMenuIds } from "../../comm-saas-cloud/tenants/handlers";
import { defineHandler } from "../../defineHandler";
import { must } from "../../tsp-bss/actor";
import { activeAccountRoles, adminRoleIds, countAdmins } from "../accounts/scope";
import "../permitTables";

type Db = Kysely<Database>;

export const MSG_PERMIT_ROLE_NOT_FOUND = "角色不存在";

interface RoleRow {
  id: number;
  code: string;
  name: string;
  data_scope: PermitRoleEdit["dataScope"];
}

/** Rows as the contract lists them: granted menu ids and how many accounts hold each. */
async function toRoles(db: Db, rows: RoleRow[]) {
  const ids = rows.map((r) => r.id);
  const [menus, counts] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .selectFrom("role_menu")
            .select(["role_id", "menu_id"])
            .where("role_id", "in", ids)
            .orderBy("menu_id")
            .execute(),
          db
            .selectFrom("account_role")
            .select(["role_id", sql<number>`count(*)::int`.as("n")])
            .where("role_id", "in", ids)
            .groupBy("role_id")
            .execute(),
        ]);
  return rows.map((r) => ({
    roleId: r.id,
    code: r.code,
    name: r.name,
    dataScope: r.data_scope,
    menuIds: menus.filter((m) => m.role_id === r.id).map((m) => m.menu_id),
    accountCount: Number(counts.find((c) => c.role_id === r.id)?.n ?? 0),
  }));
}

async function readRole(db: Db, p: Principal, roleId: number) {
  const row = await db
    .selectFrom("role")
    .select(["id", "code", "name", "data_scope"])
    .where("id", "=", roleId)
    .where("tenant_id", "=", p.tenantId)
    .executeTakeFirst();
  if (!row) throw notFound(MSG_PERMIT_ROLE_NOT_FOUND);
  return row;
}

/** One role as listed. */
async function roleOut(db: Db, p: Principal, roleId: number) {
  const [role] = await toRoles(db, [await readRole(db, p, roleId)]);
  if (!role) throw notFound(MSG_PERMIT_ROLE_NOT_FOUND);
  return role;
}

/** listPermitRoles: the roles of the caller's own tenant, by name. */
export const listPermitRoles = defineHandler<"listPermitRoles">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  let q = ctx.db.selectFrom("role").where("tenant_id", "=", p.tenantId);
  if (query.name) q = q.where(sql<SqlBool>`name ilike ${containsPattern(query.name)}`);
  const page = await numberedPage(q, query, { order: ["id"] }, (qb) => qb.select(["id", "code", "name", "data_scope"]));
  return { list: await toRoles(ctx.db, page.list as RoleRow[]), total: page.total };
});

/**
 * The nodes a tenant's roles may be given: every node when the tenant is not restricted
 * (租户管理), else the menus it may use and the buttons under them.
 */
async function nodesOfTenant(
  db: Db,
  tenantId: number,
  all: readonly { id: number; parentId: number | null; kind: "menu" | "button" }[],
): Promise<Set<number> | null> {
  const menus = await tenantMenuIds(db, tenantId);
  if (menus === null) return null;
  return new Set(
    all
      .filter((m) => (m.kind === "menu" ? menus.has(m.id) : m.parentId !== null && menus.has(m.parentId)))
      .map((m) => m.id),
  );
}

/**
 * The domain's checks, then the menus: every id must exist; ancestors of each chosen node are
 * granted with it; a node the tenant may not use (租户管理's menus of a tenant) is refused.
 */
async function checkedRole(db: Db, draft: unknown, tenantId: number): Promise<PermitRoleEdit> {
  const checked = checkRecord(PermitRoleEditSchema, draft);
  if (!checked.ok) {
    const failDetail = Object.entries(checked.errors).map(([field, msg]) => ({ field, msg }));
    throw badRequest(failDetail[0]?.msg ?? "", failDetail);
  }
  const all = await db.selectFrom("menu").select(["id", "parent_id as parentId", "title", "kind"]).execute();
  const known = new Set(all.map((m) => m.id));
  const unknown = checked.value.menuIds.filter((id) => !known.has(id));
  if (unknown.length > 0)
    throw badRequest(msgPermitUnknownMenus(unknown.length), [
      { field: "menuIds", msg: msgPermitUnknownMenus(unknown.length) },
    ]);
  const granted = permitGrantedMenus(all, checked.value.menuIds);
  const outside = menusOutsideTenant(granted, await nodesOfTenant(db, tenantId, all));
  if (outside.length > 0) {
    const msg = msgPermitMenusNotAllowed(outside.map((id) => all.find((m) => m.id === id)?.title ?? String(id)));
    throw badRequest(msg, [{ field: "menuIds", msg }]);
  }
  return { ...checked.value, menuIds: granted };
}

async function grant(db: Db, roleId: number, menuIds: readonly number[]) {
  await db.deleteFrom("role_menu").where("role_id", "=", roleId).execute();
  if (menuIds.length > 0)
    await db
      .insertInto("role_menu")
      .values(menuIds.map((menuId) => ({ role_id: roleId, menu_id: menuId })))
      .execute();
}

/** createPermitRole: a role of the caller's tenant. */
export const createPermitRole = defineHandler<"createPermitRole">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const edit = await checkedRole(ctx.db, body, p.tenantId);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom("role")
      .select("id")
      .where("tenant_id", "=", p.tenantId)
      .where("code", "=", edit.code)
      .executeTakeFirst();
    if (taken) throw conflict(msgPermitRoleCodeTaken(edit.code));
    const row = await trx
      .insertInto("role")
      .values({ tenant_id: p.tenantId, code: edit.code, name: edit.name, data_scope: edit.dataScope })
      .returning("id")
      .executeTakeFirstOrThrow();
    await grant(trx, row.id, edit.menuIds);
    return row.id;
  });
  return ok(await roleOut(ctx.db, p, id), "角色已创建");
});

/** updatePermitRole: name, data scope and menus; holders see it on their next request. */
export const updatePermitRole = defineHandler<"updatePermitRole">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const role = await readRole(ctx.db, p, body.roleId);
  const edit = await checkedRole(ctx.db, { ...body, code: role.code }, p.tenantId);
  await ctx.db.transaction().execute(async (trx) => {
    const admin = await trx
      .selectFrom("menu")
      .select("id")
      .where("api", "=", PERMIT_ADMIN_PERMISSION)
      .executeTakeFirst();
    const adminRoles = await adminRoleIds(trx, p.tenantId);
    if (adminRoles.has(role.id) && !(admin && edit.menuIds.includes(admin.id))) {
      // The role stops administrating: who still would?
      const holders = await activeAccountRoles(trx, p.tenantId);
      const after = new Set([...adminRoles].filter((r) => r !== role.id));
      const mine = holders.get(p.accountId) ?? [];
      const callerLoses = mine.includes(role.id) && !mine.some((r) => after.has(r));
      const problem = roleEditAdminProblem(callerLoses, countAdmins(holders, after));
      if (problem) throw conflict(problem);
    }
    await trx
      .updateTable("role")
      .set({ name: edit.name, data_scope: edit.dataScope })
      .where("id", "=", role.id)
      .execute();
    await grant(trx, role.id, edit.menuIds);
  });
  return ok(await roleOut(ctx.db, p, role.id), "角色已保存");
});

/** deletePermitRole: only a role no account holds. */
export const deletePermitRole = defineHandler<"deletePermitRole">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const role = await readRole(ctx.db, p, body.roleId);
  await ctx.db.transaction().execute(async (trx) => {
    const holders = await trx
      .selectFrom("account_role as ar")
      .innerJoin("account as a", "a.id", "ar.account_id")
      .select("a.username")
      .where("ar.role_id", "=", role.id)
      .orderBy("a.username")
      .execute();
    if (holders.length > 0)
      throw conflict(
        msgPermitRoleInUse(
          holders.map((h) => h.username),
          holders.length,
        ),
      );
    await trx.deleteFrom("role").where("id", "=", role.id).execute();
  });
  return ok(null, "角色已删除");
});
