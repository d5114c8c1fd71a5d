import { type Kysely, sql } from "kysely";

/**
 * Retail sales (base info › 实销车辆): one row per sold VIN (the primary key: a VIN is sold
 * once), and the sale's history — recorded, edited, imported, undone with the reason and the
 * sale as it was. The sale register is the source of "sold": findUnSale reads it; the
 * vehicle's `sold` flag (tsp-bss:0001) is written in the same transaction for older readers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("bss_vehicle_sale")
    .addColumn("vin", "varchar(17)", (c) => c.primaryKey().references("vehicle.vin"))
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("dealer_code", "varchar(50)", (c) => c.notNull())
    .addColumn("pickup_code", "varchar(50)")
    .addColumn("buyer_type", "text", (c) => c.notNull().check(sql`buyer_type in ('person','company')`))
    .addColumn("buyer_name", "varchar(100)", (c) => c.notNull())
    .addColumn("buyer_phone", "varchar(20)", (c) => c.notNull())
    .addColumn("buyer_id_no", "varchar(18)", (c) => c.notNull())
    .addColumn("sale_date", "varchar(10)", (c) => c.notNull())
    .addColumn("invoice_no", "varchar(20)", (c) => c.notNull())
    .addColumn("price", "double precision", (c) => c.notNull().check(sql`price > 0`))
    .addColumn("use_type", "text", (c) => c.notNull().check(sql`use_type in ('operating','nonOperating')`))
    .addColumn("remark", "varchar(200)")
    .addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("update_by", "text")
    .addColumn("update_name", "text")
    .execute();
  await db.schema
    .createIndex("bss_vehicle_sale_tenant_date_idx")
    .on("bss_vehicle_sale")
    .columns(["tenant_id", "sale_date"])
    .execute();
  await db.schema
    .createTable("bss_vehicle_sale_log")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("vin", "varchar(17)", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull().check(sql`action in ('record','edit','import','undo')`))
    .addColumn("reason", "varchar(200)")
    .addColumn("snapshot", "text", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("by", "text", (c) => c.notNull())
    .addColumn("by_name", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("bss_vehicle_sale_log_vin_idx")
    .on("bss_vehicle_sale_log")
    .columns(["vin", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("bss_vehicle_sale_log").execute();
  await db.schema.dropTable("bss_vehicle_sale").execute();
}
