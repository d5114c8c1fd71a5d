import { type Kysely, sql } from "kysely";

/** Fuel alerts keyed for counting by tenant and time. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("fuel_alert")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("vin", "varchar(17)", (c) => c.notNull().references("vehicle.vin"))
    .addColumn("type", "text", (c) => c.notNull().check(sql`type in ('abnormalDrop','lowFuel','sensorFault')`))
    .addColumn("ts", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("fuel_alert_tenant_ts_idx").on("fuel_alert").columns(["tenant_id", "ts"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("fuel_alert").execute();
}
