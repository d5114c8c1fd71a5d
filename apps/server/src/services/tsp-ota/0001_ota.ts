import { type Kysely, sql } from "kysely";

/**
 * OTA升级 and 车辆版本信息 (issue 17 / issue 20): upgrade packages, campaigns with their vehicles
 * (each vehicle's upgrade and verify commands are rows of the command model, gateway_command),
 * and the vehicle version journal (one row per change of a vehicle's versions).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("ota_package")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("name", "varchar(50)", (c) => c.notNull())
    .addColumn("vehicle_model", "varchar(50)", (c) => c.notNull())
    .addColumn("maker_code", "varchar(4)", (c) => c.notNull())
    .addColumn("hardware_version", "varchar(5)", (c) => c.notNull())
    .addColumn("firmware_version", "varchar(5)", (c) => c.notNull())
    .addColumn("file_url", "varchar(200)", (c) => c.notNull())
    .addColumn("file_size", "integer", (c) => c.notNull())
    .addColumn("md5", "varchar(32)", (c) => c.notNull())
    .addColumn("remark", "varchar(200)")
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("ota_campaign")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("name", "varchar(50)", (c) => c.notNull())
    .addColumn("package_id", "integer", (c) => c.notNull().references("ota_package.id"))
    .addColumn("state", "text", (c) =>
      c.notNull().defaultTo("draft").check(sql`state in ('draft','running','finished','cancelled')`),
    )
    .addColumn("timeout_min", "integer", (c) => c.notNull())
    // The dial-up fields and the server's origin of the 0x82 command, fixed at creation.
    .addColumn("upgrade", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("started_at", "bigint")
    .addColumn("finished_at", "bigint")
    .execute();
  await db.schema.createIndex("ota_campaign_tenant_idx").on("ota_campaign").columns(["tenant_id", "id"]).execute();
  await db.schema
    .createTable("ota_campaign_vehicle")
    .addColumn("campaign_id", "integer", (c) => c.notNull().references("ota_campaign.id").onDelete("cascade"))
    .addColumn("vin", "varchar(17)", (c) => c.notNull())
    .addColumn("state", "text", (c) =>
      c
        .notNull()
        .defaultTo("queued")
        .check(sql`state in ('queued','sent','acknowledged','upgrading','success','failed','cancelled')`),
    )
    .addColumn("reason", "text")
    .addColumn("command_id", "bigint")
    .addColumn("verify_command_id", "bigint")
    .addColumn("hardware_version", "varchar(5)")
    .addColumn("firmware_version", "varchar(5)")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("ota_campaign_vehicle_pk", ["campaign_id", "vin"])
    .execute();
  await db.schema
    .createTable("vehicle_version")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("vin", "varchar(17)", (c) => c.notNull())
    .addColumn("hardware_version", "varchar(5)")
    .addColumn("firmware_version", "varchar(5)")
    .addColumn("source", "text", (c) => c.notNull().check(sql`source in ('query','ota','seed')`))
    // The answered query it was read from: each answer is learnt once.
    .addColumn("command_id", "bigint", (c) => c.unique())
    .addColumn("learnt_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("vehicle_version_vin_idx").on("vehicle_version").columns(["vin", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ["vehicle_version", "ota_campaign_vehicle", "ota_campaign", "ota_package"])
    await db.schema.dropTable(t).execute();
}
