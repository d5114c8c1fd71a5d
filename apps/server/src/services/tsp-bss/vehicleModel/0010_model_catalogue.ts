import { type Kysely, sql } from "kysely";

/**
 * The vehicle-model catalogue (base info › 车型信息): what an operator keeps per model of the
 * brand tree (vehicle name, power type, engine, e-drive controller, chassis, emission stage,
 * fuel, masses, remark), versions of models, series and brands for optimistic concurrency,
 * and id sequences so the screen can add rows (the seeded ids stay below their starts).
 * Existing models get no attributes (null) until an operator or the seed fills them in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, start] of [
    ["bss_brand", 1000],
    ["bss_series", 10_000],
    ["bss_model", 100_000],
  ] as const) {
    await sql`create sequence if not exists ${sql.raw(`${table}_id_seq`)} start with ${sql.lit(start)}`.execute(db);
    await sql`alter table ${sql.table(table)} alter column id set default nextval(${sql.lit(`${table}_id_seq`)})`.execute(
      db,
    );
    await db.schema
      .alterTable(table)
      .addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable(table).addColumn("update_name", "text").execute();
  }
  const text = (name: string, length: number) =>
    db.schema
      .alterTable("bss_model")
      .addColumn(name, sql.raw(`varchar(${length})`))
      .execute();
  await text("vehicle_name", 50);
  await db.schema
    .alterTable("bss_model")
    .addColumn("power_type", "text", (c) => c.check(sql`power_type in ('FUEL','BEV','PHEV','EREV','FCEV','LNG')`))
    .execute();
  await text("engine_model", 50);
  await text("electric_model", 50);
  await text("chassis_model", 50);
  await db.schema
    .alterTable("bss_model")
    .addColumn("emission_stage", "text", (c) =>
      c.check(sql`emission_stage in ('CN5','CN6A','CN6B','NR3','NR4','NONE')`),
    )
    .execute();
  await db.schema
    .alterTable("bss_model")
    .addColumn("fuel_type", "text", (c) => c.check(sql`fuel_type in ('GASOLINE','DIESEL','NATURAL_GAS','HYDROGEN')`))
    .execute();
  await db.schema
    .alterTable("bss_model")
    .addColumn("gross_mass_kg", "integer", (c) => c.check(sql`gross_mass_kg between 300 and 100000`))
    .execute();
  await db.schema
    .alterTable("bss_model")
    .addColumn("curb_mass_kg", "integer", (c) => c.check(sql`curb_mass_kg between 300 and 100000`))
    .execute();
  await text("remark", 200);
  // Names are how operators pick a row: unique under the parent (the edits check first, with a message).
  await db.schema.createIndex("bss_brand_oem_name_uq").on("bss_brand").columns(["oem_id", "name"]).unique().execute();
  await db.schema
    .createIndex("bss_series_brand_name_uq")
    .on("bss_series")
    .columns(["brand_id", "name"])
    .unique()
    .execute();
  await db.schema
    .createIndex("bss_model_series_name_uq")
    .on("bss_model")
    .columns(["series_id", "name"])
    .unique()
    .execute();
  // "Is this model in use": the delete guard and the list's vehicle count.
  await db.schema.createIndex("vehicle_model_id_idx").on("vehicle").columns(["model_id", "tenant_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("vehicle_model_id_idx").execute();
  await db.schema.dropIndex("bss_model_series_name_uq").execute();
  await db.schema.dropIndex("bss_series_brand_name_uq").execute();
  await db.schema.dropIndex("bss_brand_oem_name_uq").execute();
  for (const col of [
    "remark",
    "curb_mass_kg",
    "gross_mass_kg",
    "fuel_type",
    "emission_stage",
    "chassis_model",
    "electric_model",
    "engine_model",
    "power_type",
    "vehicle_name",
  ])
    await db.schema.alterTable("bss_model").dropColumn(col).execute();
  for (const table of ["bss_brand", "bss_series", "bss_model"]) {
    await db.schema.alterTable(table).dropColumn("update_name").execute();
    await db.schema.alterTable(table).dropColumn("updated_at").execute();
    await sql`alter table ${sql.table(table)} alter column id drop default`.execute(db);
    await sql`drop sequence if exists ${sql.raw(`${table}_id_seq`)}`.execute(db);
  }
}
