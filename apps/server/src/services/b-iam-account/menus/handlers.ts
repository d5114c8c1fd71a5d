import { checkRecord, PermitMenuEditSchema } from "@tsp/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { badRequest, forbidden, notFound, ok } from "../../../http/envelope";
import { defineHandler } from "../../defineHandler";
import { must } from "../../tsp-bss/actor";
import { platformTenantId } from "../../tsp-bss/vehicleModel/platformTenant";
import "../permitTables";

export const MSG_PERMIT_MENU_NOT_FOUND = "菜单不存在";
export const MSG_PERMIT_MENU_PLATFORM_ONLY = "菜单由平台运营方维护，当前单位只能查看";

async function menus(db: Kysely<Database>, id?: number) {
  let q = db.selectFrom("menu").select(["id", "parent_id", "kind", "api", "title", "order", "hidden", "icon"]);
  if (id !== undefined) q = q.where("id", "=", id);
  const rows = await q.orderBy("id").execute();
  return rows.map((m) => ({
    menuId: m.id,
    parentId: m.parent_id,
    kind: m.kind,
    api: m.api,
    title: m.title,
    order: m.order,
    hidden: m.hidden,
    icon: m.icon,
  }));
}

/** getPermitMenuTree: every menu and button, flat. */
export const getPermitMenuTree = defineHandler<"getPermitMenuTree">(async (_input, ctx) => menus(ctx.db));

/**
 * updatePermitMenu: title, order, hidden flag and icon. Menus are platform data shared by every
 * tenant, so only the platform tenant changes them (a customer's change would be every tenant's).
 */
export const updatePermitMenu = defineHandler<"updatePermitMenu">(async ({ body, principal }, ctx) => {
  const p = must(principal);
  if (p.tenantId !== (await platformTenantId(ctx.db))) throw forbidden(MSG_PERMIT_MENU_PLATFORM_ONLY);
  const checked = checkRecord(PermitMenuEditSchema, body);
  if (!checked.ok) {
    const failDetail = Object.entries(checked.errors).map(([field, msg]) => ({ field, msg }));
    throw badRequest(failDetail[0]?.msg ?? "", failDetail);
  }
  const { title, order, hidden, icon } = checked.value;
  const done = await ctx.db
    .updateTable("menu")
    .set({ title, order, hidden, icon: icon ?? "" })
    .where("id", "=", body.menuId)
    .executeTakeFirst();
  if (done.numUpdatedRows === 0n) throw notFound(MSG_PERMIT_MENU_NOT_FOUND);
  const [menu] = await menus(ctx.db, body.menuId);
  if (!menu) throw notFound(MSG_PERMIT_MENU_NOT_FOUND);
  return ok(menu, "菜单已保存");
});
