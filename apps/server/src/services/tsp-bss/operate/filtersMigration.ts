import type { Kysely } from "kysely";

/**
 * 高级筛选's saved filters and 我的关注 (issue 18): both an account's own. The indexes serve the
 * filter's latest-state conditions (SOC below x, no report for N hours) so a large fleet is not
 * read row by row; the gateway's tables gain them here because the filter is their only reader.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("operate_fleet_filter")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("account_id", "integer", (c) => c.notNull())
    .addColumn("name", "varchar(30)", (c) => c.notNull())
    .addColumn("filter", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("operate_fleet_filter_name", ["account_id", "name"])
    .execute();
  await db.schema
    .createTable("operate_vehicle_follow")
    .addColumn("account_id", "integer", (c) => c.notNull())
    .addColumn("vin", "varchar(17)", (c) => c.notNull().references("vehicle.vin").onDelete("cascade"))
    .addColumn("followed_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("operate_vehicle_follow_pk", ["account_id", "vin"])
    .execute();
  await db.schema.createIndex("gateway_latest_state_soc").on("gateway_latest_state").column("soc").execute();
  await db.schema
    .createIndex("gateway_vehicle_state_last_report")
    .on("gateway_vehicle_state")
    .column("last_report_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("gateway_vehicle_state_last_report").execute();
  await db.schema.dropIndex("gateway_latest_state_soc").execute();
  await db.schema.dropTable("operate_vehicle_follow").execute();
  await db.schema.dropTable("operate_fleet_filter").execute();
}
