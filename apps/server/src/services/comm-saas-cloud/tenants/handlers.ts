import {
  checkTenantCreate,
  checkTenantEdit,
  MSG_TENANT_CODE_TAKEN,
  MSG_TENANT_NOT_FOUND,
  MSG_TENANT_PARENT_DISABLED,
  MSG_TENANT_PARENT_NOT_FOUND,
  MSG_TENANT_STALE,
  subtreeIds,
  type TenantLink,
  type TenantStatus,
  tenantMenusRefusal,
  tenantStatusRefusal,
  tenantTree,
} from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { badRequest, conflict, notFound, ok } from "../../../http/envelope";
import type { Principal } from "../../../platform/principal";
import { defineHandler } from "../../defineHandler";
import { must } from "../../tsp-bss/actor";
import "../../b-iam-account/tables";
import "./tables";

type Db = Kysely<Database>;

interface TenantRow {
  id: number;
  code: string;
  name: string;
  parent_id: number | null;
  status: TenantStatus;
  remark: string;
  menus_restricted: boolean;
  updated_at: number | string;
  created_at: Date;
}
const COLUMNS = [
  "id",
  "code",
  "name",
  "parent_id",
  "status",
  "remark",
  "menus_restricted",
  "updated_at",
  "created_at",
] as const;

const toTenant = (r: TenantRow) => ({
  tenantId: r.id,
  code: r.code,
  name: r.name,
  parentId: r.parent_id,
  status: r.status,
  remark: r.remark,
  menusRestricted: r.menus_restricted,
  updatedAt: Number(r.updated_at),
  createdAt: new Date(r.created_at).getTime(),
});
type Tenant = ReturnType<typeof toTenant>;

/** Every tenant as the tree rules read them (the tree is small: tens to hundreds of rows). */
async function allTenants(db: Db): Promise<(TenantLink & { row: TenantRow })[]> {
  const rows = (await db
    .selectFrom("tenant")
    .select([...COLUMNS])
    .orderBy("code")
    .execute()) as TenantRow[];
  return rows.map((row) => ({ id: row.id, parentId: row.parent_id, status: row.status, row }));
}

/** A tenant of the caller's subtree, or 404 (a tenant outside reads as absent). */
function visible(
  tenants: readonly (TenantLink & { row: TenantRow })[],
  p: Principal,
  id: number,
  msg = MSG_TENANT_NOT_FOUND,
) {
  const t = tenants.find((x) => x.id === id);
  if (!t || !subtreeIds(tenants, p.tenantId).includes(id)) throw notFound(msg);
  return t.row;
}

/** listTenantTree: the caller's tenant and its subtree, or only the tenants below it. */
export const listTenantTree = defineHandler<"listTenantTree">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const tenants = await allTenants(ctx.db);
  const inScope = new Set(subtreeIds(tenants, p.tenantId));
  const nodes = tenants
    .filter((t) => inScope.has(t.id))
    .map((t) => ({ ...toTenant(t.row), id: t.id, parentId: t.parentId }));
  const roots =
    query.scope === "below" ? nodes.filter((n) => n.parentId === p.tenantId).map((n) => n.id) : [p.tenantId];
  const strip = (
    n: ReturnType<typeof tenantTree<(typeof nodes)[number]>>[number],
  ): Tenant & { children: unknown[] } => {
    const { id: _id, children, ...rest } = n;
    return { ...rest, children: children.map(strip) };
  };
  return tenantTree(nodes, roots).map(strip) as never;
});

/** The menus a tenant may use, as ids of kind menu; null when it may use every menu. */
export async function tenantMenuIds(db: Db, tenantId: number): Promise<Set<number> | null> {
  const t = await db.selectFrom("tenant").select("menus_restricted").where("id", "=", tenantId).executeTakeFirst();
  if (!t?.menus_restricted) return null;
  const rows = await db.selectFrom("tenant_menu").select("menu_id").where("tenant_id", "=", tenantId).execute();
  return new Set(rows.map((r) => r.menu_id));
}

/** createTenant: a tenant under a parent of the caller's subtree, restricted like its parent. */
export const createTenant = defineHandler<"createTenant">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const checked = checkTenantCreate(body);
  if (!checked.ok) throw badRequest(checked.error[0]?.msg ?? "", [...checked.error]);
  const tenants = await allTenants(ctx.db);
  const parent = visible(tenants, p, body.parentId, MSG_TENANT_PARENT_NOT_FOUND);
  if (parent.status === "disabled") throw conflict(MSG_TENANT_PARENT_DISABLED);
  if (tenants.some((t) => t.row.code === checked.value.code)) throw conflict(MSG_TENANT_CODE_TAKEN);
  const parentMenus = await tenantMenuIds(ctx.db, parent.id);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const made = await trx
      .insertInto("tenant")
      .values({
        code: checked.value.code,
        name: checked.value.name,
        remark: checked.value.remark,
        parent_id: parent.id,
        menus_restricted: parentMenus !== null,
        updated_at: ctx.now().getTime(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (parentMenus && parentMenus.size > 0)
      await trx
        .insertInto("tenant_menu")
        .values([...parentMenus].map((menu_id) => ({ tenant_id: made.id, menu_id })))
        .execute();
    return made.id;
  });
  const row = (await ctx.db
    .selectFrom("tenant")
    .select([...COLUMNS])
    .where("id", "=", id)
    .executeTakeFirstOrThrow()) as TenantRow;
  return ok(toTenant(row), "保存成功");
});

/** updateTenant: name and remark under optimistic concurrency. */
export const updateTenant = defineHandler<"updateTenant">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const checked = checkTenantEdit({ name: body.name, remark: body.remark });
  if (!checked.ok) throw badRequest(checked.error[0]?.msg ?? "", [...checked.error]);
  const tenants = await allTenants(ctx.db);
  visible(tenants, p, body.tenantId);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("tenant")
      .select("updated_at")
      .where("id", "=", body.tenantId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const version = Number(current.updated_at);
    if (body.updatedAt !== undefined && body.updatedAt !== version) throw conflict(MSG_TENANT_STALE);
    return trx
      .updateTable("tenant")
      .set({
        name: checked.value.name,
        remark: checked.value.remark,
        updated_at: Math.max(ctx.now().getTime(), version + 1),
      })
      .where("id", "=", body.tenantId)
      .returning([...COLUMNS])
      .executeTakeFirstOrThrow();
  });
  return ok(toTenant(row as TenantRow), "保存成功");
});

async function setStatus(ctx: Parameters<typeof listTenantTree>[1], p: Principal, tenantId: number, to: TenantStatus) {
  const tenants = await allTenants(ctx.db);
  visible(tenants, p, tenantId);
  const refusal = tenantStatusRefusal(tenants, p.tenantId, tenantId, to);
  if (refusal) throw conflict(refusal);
  // Disabling takes the subtree with it; enabling is this tenant only.
  const ids = to === "disabled" ? subtreeIds(tenants, tenantId) : [tenantId];
  const nowMs = ctx.now().getTime();
  await ctx.db.updateTable("tenant").set({ status: to, updated_at: nowMs }).where("id", "in", ids).execute();
  const row = await ctx.db
    .selectFrom("tenant")
    .select([...COLUMNS])
    .where("id", "=", tenantId)
    .executeTakeFirstOrThrow();
  return ok(toTenant(row as TenantRow), to === "disabled" ? "已停用" : "已启用");
}

/** disableTenant: the tenant and its subtree; their accounts are signed out on their next request. */
export const disableTenant = defineHandler<"disableTenant">(async ({ body, principal }, ctx) =>
  setStatus(ctx, must(principal), body.tenantId, "disabled"),
);

/** enableTenant: this tenant only, while its parent is enabled. */
export const enableTenant = defineHandler<"enableTenant">(async ({ body, principal }, ctx) =>
  setStatus(ctx, must(principal), body.tenantId, "active"),
);

interface MenuRow {
  id: number;
  parent_id: number | null;
  title: string;
  api: string;
}
interface MenuNode {
  menuId: number;
  title: string;
  api: string;
  children: MenuNode[];
}

/** The menus (no buttons) a tenant's parent may use, as a tree. */
async function choosableMenus(db: Db, parentId: number | null) {
  const rows = (await db
    .selectFrom("menu")
    .select(["id", "parent_id", "title", "api"])
    .where("kind", "=", "menu")
    .orderBy("order")
    .orderBy("id")
    .execute()) as MenuRow[];
  const allowed = parentId === null ? null : await tenantMenuIds(db, parentId);
  const kept = allowed === null ? rows : rows.filter((r) => allowed.has(r.id));
  const ids = new Set(kept.map((r) => r.id));
  const node = (r: MenuRow): MenuNode => ({
    menuId: r.id,
    title: r.title,
    api: r.api,
    children: kept.filter((c) => c.parent_id === r.id).map(node),
  });
  return { ids, tree: kept.filter((r) => r.parent_id === null || !ids.has(r.parent_id)).map(node) };
}

async function menusOf(db: Db, row: TenantRow) {
  const { ids, tree } = await choosableMenus(db, row.parent_id);
  const own = await tenantMenuIds(db, row.id);
  return {
    tenantId: row.id,
    restricted: own !== null,
    menuIds: [...(own ?? ids)].filter((id) => ids.has(id)).toSorted((a, b) => a - b),
    tree,
  };
}

/** getTenantMenus: what the tenant's parent may use, and what the tenant may. */
export const getTenantMenus = defineHandler<"getTenantMenus">(async ({ query, principal }, ctx) => {
  const p = must(principal);
  const row = visible(await allTenants(ctx.db), p, query.tenantId);
  return menusOf(ctx.db, row);
});

/** setTenantMenus: restricts the tenant (and narrows its subtree within it), or lifts the restriction. */
export const setTenantMenus = defineHandler<"setTenantMenus">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  const tenants = await allTenants(ctx.db);
  const row = visible(tenants, p, body.tenantId);
  const parentMenus = row.parent_id === null ? null : await tenantMenuIds(ctx.db, row.parent_id);
  const wanted = body.menuIds === null ? null : [...new Set(body.menuIds)];
  const refusal = tenantMenusRefusal(tenants, p.tenantId, row.id, wanted ?? [], parentMenus);
  if (refusal) throw conflict(refusal);
  if (wanted !== null) {
    const known = await ctx.db.selectFrom("menu").select("id").where("kind", "=", "menu").execute();
    const menuIds = new Set(known.map((m) => m.id));
    const unknown = wanted.filter((id) => !menuIds.has(id));
    if (unknown.length > 0)
      throw badRequest("请求参数不正确", [{ field: "menuIds", msg: `menuIds：菜单${unknown.join("、")}不存在` }]);
  }
  // Lifting the restriction gives the parent's menus; the subtree below keeps only what is now allowed.
  const effective = wanted === null ? parentMenus : new Set(wanted);
  await ctx.db.transaction().execute(async (trx) => {
    const below = subtreeIds(tenants, row.id);
    await trx
      .updateTable("tenant")
      .set({ menus_restricted: effective !== null, updated_at: ctx.now().getTime() })
      .where("id", "=", row.id)
      .execute();
    await trx.deleteFrom("tenant_menu").where("tenant_id", "=", row.id).execute();
    if (effective && effective.size > 0)
      await trx
        .insertInto("tenant_menu")
        .values([...effective].map((menu_id) => ({ tenant_id: row.id, menu_id })))
        .execute();
    if (effective !== null && below.length > 1) {
      const sub = below.slice(1);
      // A sub-tenant may use at most what its parent may: its list is narrowed, an unrestricted one restricted.
      await trx
        .deleteFrom("tenant_menu")
        .where("tenant_id", "in", sub)
        .where("menu_id", "not in", effective.size > 0 ? [...effective] : [-1])
        .execute();
      const open = await trx
        .selectFrom("tenant")
        .select("id")
        .where("id", "in", sub)
        .where("menus_restricted", "=", false)
        .execute();
      if (open.length > 0) {
        await trx
          .updateTable("tenant")
          .set({ menus_restricted: true })
          .where(
            "id",
            "in",
            open.map((o) => o.id),
          )
          .execute();
        if (effective.size > 0)
          await trx
            .insertInto("tenant_menu")
            .values(open.flatMap((o) => [...effective].map((menu_id) => ({ tenant_id: o.id, menu_id }))))
            .execute();
      }
    }
  });
  const fresh = (await ctx.db
    .selectFrom("tenant")
    .select([...COLUMNS])
    .where("id", "=", row.id)
    .executeTakeFirstOrThrow()) as TenantRow;
  return ok(await menusOf(ctx.db, fresh), "保存成功");
});
