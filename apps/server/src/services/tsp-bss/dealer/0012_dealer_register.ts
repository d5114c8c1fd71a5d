import { type Kysely, sql } from "kysely";

/**
 * The dealer register (base info › 经销商信息) on tsp-bss's `bss_dealer`: the parent selling
 * dealer of a secondary one, address and map point, contact, brands sold, trading state and
 * who changed it last with the version of its optimistic concurrency. Dealers of the lookups'
 * seed keep working: every new column has a default (open, no parent, no point, no brand).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = () => db.schema.alterTable("bss_dealer");
  // A parent that still has secondary dealers cannot be deleted (the handler says why first).
  await t()
    .addColumn("parent_code", "text", (c) => c.references("bss_dealer.code").onDelete("restrict"))
    .execute();
  await t()
    .addColumn("address", "varchar(100)", (c) => c.notNull().defaultTo(""))
    .execute();
  await t().addColumn("lng", "double precision").execute();
  await t().addColumn("lat", "double precision").execute();
  await t()
    .addColumn("contact_name", "varchar(20)", (c) => c.notNull().defaultTo(""))
    .execute();
  await t()
    .addColumn("contact_phone", "varchar(20)", (c) => c.notNull().defaultTo(""))
    .execute();
  await t()
    .addColumn("brand_ids", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await t()
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open").check(sql`status in ('open','closed')`))
    .execute();
  await t()
    .addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await t().addColumn("update_by", "text").execute();
  await t().addColumn("update_name", "text").execute();
  await db.schema.createIndex("bss_dealer_parent_idx").on("bss_dealer").column("parent_code").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("bss_dealer_parent_idx").execute();
  for (const col of [
    "update_name",
    "update_by",
    "updated_at",
    "status",
    "brand_ids",
    "contact_phone",
    "contact_name",
    "lat",
    "lng",
    "address",
    "parent_code",
  ])
    await db.schema.alterTable("bss_dealer").dropColumn(col).execute();
}
