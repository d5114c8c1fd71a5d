import { type Kysely, sql } from "kysely";

/**
 * APP用户信息 (issue 20): the owner app's accounts (a register keyed by the app's user id within
 * a tenant; columns those of @tsp/domain APP_USER_REGISTER) and their bindings to vehicles —
 * one owner per vehicle and tenant (a partial unique index), a user bound to a vehicle once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("bss_app_user")
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("user_id", "varchar(20)", (c) => c.notNull())
    .addColumn("phone", "varchar(11)", (c) => c.notNull().check(sql`phone ~ '^1[3-9][0-9]{9}$'`))
    .addColumn("nickname", "varchar(20)", (c) => c.notNull())
    .addColumn("real_name_state", "text", (c) =>
      c.notNull().check(sql`real_name_state in ('unverified','verified','rejected')`),
    )
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('enabled','disabled')`))
    .addColumn("registered_on", "char(10)", (c) => c.notNull())
    .addColumn("last_sign_in", "char(10)")
    .addColumn("remark", "varchar(200)")
    .addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("update_by", "text")
    .addColumn("update_name", "text")
    .addPrimaryKeyConstraint("bss_app_user_pk", ["tenant_id", "user_id"])
    .execute();
  await db.schema
    .createTable("bss_app_user_vehicle")
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("user_id", "varchar(20)", (c) => c.notNull())
    .addColumn("vin", "varchar(17)", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('owner','driver')`))
    .addColumn("bound_at", "bigint", (c) => c.notNull())
    .addColumn("bound_by", "text")
    .addPrimaryKeyConstraint("bss_app_user_vehicle_pk", ["tenant_id", "user_id", "vin"])
    .addForeignKeyConstraint("bss_app_user_vehicle_user_fk", ["tenant_id", "user_id"], "bss_app_user", [
      "tenant_id",
      "user_id",
    ])
    .execute();
  await db.schema
    .createIndex("bss_app_user_vehicle_one_owner")
    .on("bss_app_user_vehicle")
    .columns(["tenant_id", "vin"])
    .unique()
    .where(sql.ref("role"), "=", "owner")
    .execute();
  await db.schema.createIndex("bss_app_user_vehicle_vin_idx").on("bss_app_user_vehicle").columns(["vin"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("bss_app_user_vehicle").execute();
  await db.schema.dropTable("bss_app_user").execute();
}
