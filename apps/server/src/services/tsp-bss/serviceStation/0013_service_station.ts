import { type Kysely, sql } from "kysely";

/**
 * The service station register (base info › 服务站信息): a tenant's authorised after-sales
 * stations with region, address and map point, phone, services (jsonb array of codes), brands
 * served (jsonb array of bss_brand ids), GB/T 16739 class and trading state, and the version
 * of its optimistic concurrency. The keyword search getServiceStationList reads it (it read
 * the generic bss_option catalogue before; the seed moves those rows here).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("bss_service_station")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("name", "varchar(60)", (c) => c.notNull())
    .addColumn("area_id", "varchar(6)", (c) => c.notNull())
    .addColumn("address", "varchar(100)", (c) => c.notNull())
    .addColumn("lng", "double precision")
    .addColumn("lat", "double precision")
    .addColumn("contact_name", "varchar(20)", (c) => c.notNull())
    .addColumn("service_phone", "varchar(20)", (c) => c.notNull())
    .addColumn("service_types", "jsonb", (c) => c.notNull())
    .addColumn("brand_ids", "jsonb", (c) => c.notNull())
    .addColumn("level", "text", (c) => c.notNull().check(sql`level in ('class1','class2','class3')`))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open").check(sql`status in ('open','closed')`))
    .addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("update_by", "text")
    .addColumn("update_name", "text")
    .execute();
  await db.schema
    .createIndex("bss_service_station_tenant_area_idx")
    .on("bss_service_station")
    .columns(["tenant_id", "area_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("bss_service_station").execute();
}
