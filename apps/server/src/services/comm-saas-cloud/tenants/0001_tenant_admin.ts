import { type Kysely, sql } from "kysely";

/**
 * 租户管理: a tenant's state, remark and version, and the menus it may use at all.
 * `menus_restricted` false means every menu; true means only the menus listed in
 * `tenant_menu` (and the buttons under them). A disabled tenant's accounts cannot sign in
 * and their tokens stop working (platform/auth.ts). `tenant_menu` raises `authz_version`
 * like the other grant tables, so a change shows on the next request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("tenant")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active").check(sql`status in ('active','disabled')`))
    .execute();
  await db.schema
    .alterTable("tenant")
    .addColumn("remark", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("tenant")
    .addColumn("menus_restricted", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable("tenant")
    .addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("tenant_menu")
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("menu_id", "integer", (c) => c.notNull().references("menu.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("tenant_menu_pk", ["tenant_id", "menu_id"])
    .execute();
  await sql`
    create trigger tenant_menu_bumps_authz_version
    after insert or update or delete or truncate on tenant_menu
    for each statement execute function bump_authz_version()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("tenant_menu").execute();
  for (const column of ["status", "remark", "menus_restricted", "updated_at"])
    await db.schema.alterTable("tenant").dropColumn(column).execute();
}
