import { type Kysely, sql } from "kysely";

/**
 * 系统管理: a role's data scope (which rows the lists it governs show its holders) and a
 * menu's icon (the presentation an operator may change in 菜单管理; title, order and hidden
 * were there from 0001).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("role")
    .addColumn("data_scope", "text", (c) =>
      c.notNull().defaultTo("tenant").check(sql`data_scope in ('tenant','org','self')`),
    )
    .execute();
  await db.schema
    .alterTable("menu")
    .addColumn("icon", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("account_org_idx").on("account").column("org_id").execute();
  await db.schema.createIndex("account_role_role_idx").on("account_role").column("role_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("account_role_role_idx").execute();
  await db.schema.dropIndex("account_org_idx").execute();
  await db.schema.alterTable("menu").dropColumn("icon").execute();
  await db.schema.alterTable("role").dropColumn("data_scope").execute();
}
