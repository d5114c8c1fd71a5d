import { type Kysely, sql } from "kysely";

/**
 * New-energy master data (business-areas.md §3 "Vehicle … groups vehicle info, battery info,
 * drive-motor info, terminal info … each has a change log"), the monitoring list with its
 * notification setting, and real-name states of SIM cards.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const groups = sql`grp in ('vehicleInfo','batteryInfo','driveInfo','terminalInfo')`;
  await db.schema
    .createTable("ner_record")
    .addColumn("vin", "varchar(17)", (c) => c.notNull().references("vehicle.vin"))
    .addColumn("grp", "text", (c) => c.notNull().check(groups))
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("data", "jsonb", (c) => c.notNull())
    .addColumn("update_by", "text", (c) => c.notNull())
    .addColumn("update_name", "text", (c) => c.notNull())
    .addColumn("update_time", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("ner_record_pk", ["vin", "grp"])
    .execute();
  await db.schema.createIndex("ner_record_tenant_idx").on("ner_record").columns(["tenant_id", "grp", "vin"]).execute();
  await db.schema
    .createTable("ner_change_log")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("vin", "varchar(17)", (c) => c.notNull())
    .addColumn("grp", "text", (c) => c.notNull().check(groups))
    .addColumn("changes", "jsonb", (c) => c.notNull())
    .addColumn("update_by", "text", (c) => c.notNull())
    .addColumn("update_name", "text", (c) => c.notNull())
    .addColumn("update_time", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ner_change_log_vin_idx").on("ner_change_log").columns(["vin", "grp", "id"]).execute();
  await db.schema
    .createTable("ner_monitor")
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("vin", "varchar(17)", (c) => c.notNull().references("vehicle.vin"))
    .addColumn("type", "smallint", (c) => c.notNull().check(sql`type in (1, 2, 3)`))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("ner_monitor_pk", ["vin", "type"])
    .execute();
  await db.schema.createIndex("ner_monitor_tenant_idx").on("ner_monitor").columns(["tenant_id", "type"]).execute();
  await db.schema
    .createTable("ner_monitor_inform")
    .addColumn("tenant_id", "integer", (c) => c.primaryKey().references("tenant.id"))
    .addColumn("data", "jsonb", (c) => c.notNull())
    .addColumn("update_by", "text", (c) => c.notNull())
    .addColumn("update_time", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("bss_realname")
    .addColumn("iccid", "varchar(50)", (c) => c.primaryKey().references("bss_sim_card.iccid"))
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("owner_name", "text")
    .addColumn("owner_type", "text", (c) => c.check(sql`owner_type in ('person','company')`))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('unauthenticated','pending','approved','rejected')`),
    )
    .addColumn("auth_time", "bigint")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ["bss_realname", "ner_monitor_inform", "ner_monitor", "ner_change_log", "ner_record"]) {
    await db.schema.dropTable(t).execute();
  }
}
