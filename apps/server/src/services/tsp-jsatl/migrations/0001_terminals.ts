import type { Kysely } from "kysely";

/** Active-safety terminals, one per vehicle (keyed by VIN, scoped by tenant). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("jsatl_terminal")
    .addColumn("vin", "varchar(17)", (c) => c.primaryKey().references("vehicle.vin"))
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("terminal_phone", "varchar(20)", (c) => c.notNull().unique())
    .addColumn("terminal_id", "varchar(30)", (c) => c.notNull())
    .addColumn("online", "boolean", (c) => c.notNull())
    .addColumn("last_location_time", "bigint")
    .execute();
  await db.schema.createIndex("jsatl_terminal_tenant_idx").on("jsatl_terminal").columns(["tenant_id", "vin"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("jsatl_terminal").execute();
}
