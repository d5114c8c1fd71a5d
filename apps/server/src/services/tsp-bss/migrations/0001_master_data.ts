import { type Kysely, sql } from "kysely";

/**
 * Master data behind the selectors (platform-shell.md §7): manufacturers, the brand →
 * series → model tree, providers, dealers, SIM cards, machinery, colours, keyword
 * catalogues, operating units, announcement models; and the columns tsp-bss adds to the
 * platform's vehicle table (apps/server/README.md "Vehicles": extend, never recreate).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("bss_oem")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("bss_brand")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("oem_id", "integer", (c) => c.notNull().references("bss_oem.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("bss_series")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("brand_id", "integer", (c) => c.notNull().references("bss_brand.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("bss_model")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("series_id", "integer", (c) => c.notNull().references("bss_series.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("bss_provider")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("bss_dealer")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("area_id", "varchar(6)", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('sale','secondary')`))
    .execute();
  await db.schema
    .createIndex("bss_dealer_tenant_area_idx")
    .on("bss_dealer")
    .columns(["tenant_id", "area_id"])
    .execute();
  await db.schema
    .createTable("bss_sim_card")
    .addColumn("iccid", "varchar(50)", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("msisdn", "varchar(50)")
    .addColumn("carrier", "text", (c) => c.notNull().check(sql`carrier in ('CMCC','CUCC','CTCC')`))
    .addColumn("vin", "varchar(17)", (c) => c.unique())
    .execute();
  await db.schema.createIndex("bss_sim_card_tenant_idx").on("bss_sim_card").columns(["tenant_id", "iccid"]).execute();
  await db.schema
    .createTable("bss_machinery")
    .addColumn("vin", "varchar(17)", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("oem_id", "integer", (c) => c.notNull().references("bss_oem.id"))
    .addColumn("mein", "text", (c) => c.notNull())
    .addColumn("brand", "text", (c) => c.notNull())
    .addColumn("series", "text", (c) => c.notNull())
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("cpxh", "text", (c) => c.notNull())
    .addColumn("cpbh", "text", (c) => c.notNull())
    .addColumn("jjxh", "text", (c) => c.notNull())
    .addColumn("owner_name", "text")
    .execute();
  await db.schema
    .createTable("bss_vehicle_color")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("rgb", "varchar(7)", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("bss_option")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("tenant_id", "integer", (c) => c.references("tenant.id"))
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("bss_option_pk", ["kind", "code"])
    .execute();
  await db.schema
    .createTable("bss_credit_unit")
    .addColumn("code", "varchar(18)", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("ner_vehicle_model")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("vehicle_model", "text", (c) => c.notNull().unique())
    .addColumn("vehicle_name", "text", (c) => c.notNull())
    .addColumn("vehicle_type", "text", (c) => c.notNull())
    .addColumn("brand_name", "text", (c) => c.notNull())
    .addColumn("manufacturer", "text", (c) => c.notNull())
    .addColumn("curb_weight", "integer", (c) => c.notNull())
    .addColumn("max_speed", "integer", (c) => c.notNull())
    .addColumn("drive_model", "text")
    .addColumn("tbox_model", "text")
    .addColumn("battery_model", "text")
    .addColumn("rated_energy", "double precision")
    .execute();
  await db.schema
    .alterTable("vehicle")
    .addColumn("model_id", "integer", (c) => c.references("bss_model.id"))
    .execute();
  await db.schema
    .alterTable("vehicle")
    .addColumn("vehicle_model_id", "integer", (c) => c.references("ner_vehicle_model.id"))
    .execute();
  await db.schema.alterTable("vehicle").addColumn("tbox_sn", "varchar(32)").execute();
  await db.schema.alterTable("vehicle").addColumn("owner_name", "text").execute();
  await db.schema
    .alterTable("vehicle")
    .addColumn("sold", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable("vehicle")
    .addColumn("aebs", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable("vehicle")
    .addColumn("alarm_level", "smallint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("vehicle_tbox_sn_idx").on("vehicle").column("tbox_sn").unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const col of ["alarm_level", "aebs", "sold", "owner_name", "tbox_sn", "vehicle_model_id", "model_id"]) {
    await db.schema.alterTable("vehicle").dropColumn(col).execute();
  }
  for (const t of [
    "ner_vehicle_model",
    "bss_credit_unit",
    "bss_option",
    "bss_vehicle_color",
    "bss_machinery",
    "bss_sim_card",
    "bss_dealer",
    "bss_provider",
    "bss_model",
    "bss_series",
    "bss_brand",
    "bss_oem",
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
