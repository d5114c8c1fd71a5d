import { type Kysely, sql } from "kysely";

/**
 * 车控服务管理 and 车控提醒 (issue 17): service packages (the remote-control groups a
 * subscription allows, and its months), one subscription per vehicle, and the reminder rules
 * (who is told of remote-control commands that ended failed, expired or cancelled).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("ccs_package")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("name", "varchar(30)", (c) => c.notNull())
    .addColumn("groups", sql`text[]`, (c) => c.notNull())
    .addColumn("validity_months", "integer", (c) => c.notNull())
    .addColumn("remark", "varchar(100)")
    .addColumn("updated_by", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("ccs_package_name", ["tenant_id", "name"])
    .execute();
  await db.schema
    .createTable("ccs_subscription")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    // One subscription per vehicle: the one that decides what it may receive.
    .addColumn("vin", "varchar(17)", (c) => c.notNull().unique())
    .addColumn("package_id", "integer", (c) => c.notNull().references("ccs_package.id"))
    .addColumn("valid_from", "bigint", (c) => c.notNull())
    .addColumn("valid_to", "bigint", (c) => c.notNull())
    .addColumn("stopped_at", "bigint")
    .addColumn("stopped_by", "text")
    .addColumn("updated_by", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("ccs_subscription_tenant")
    .on("ccs_subscription")
    .columns(["tenant_id", "valid_to"])
    .execute();
  await db.schema
    .createTable("ccs_remind_rule")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("account_id", "integer", (c) => c.notNull().unique().references("account.id"))
    .addColumn("channels", sql`text[]`, (c) => c.notNull())
    .addColumn("results", sql`text[]`, (c) => c.notNull())
    .addColumn("groups", sql`text[]`, (c) => c.notNull())
    .addColumn("vins", sql`text[]`, (c) => c.notNull())
    .addColumn("enabled", "boolean", (c) => c.notNull())
    .addColumn("remark", "varchar(100)")
    .addColumn("updated_by", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("ccs_remind_rule").execute();
  await db.schema.dropTable("ccs_subscription").execute();
  await db.schema.dropTable("ccs_package").execute();
}
