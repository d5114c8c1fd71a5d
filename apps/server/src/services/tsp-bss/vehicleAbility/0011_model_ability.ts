import type { Kysely } from "kysely";

/**
 * Which remote services and data each catalogue model supports (base info › 车型能力): one row
 * per model and service code of the service catalogue (bss_option kind getServiceList), gone
 * with its model; and the ability list's own version on the model, separate from the
 * attributes' so the two screens' edits do not collide.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("bss_model_ability")
    .addColumn("model_id", "integer", (c) => c.notNull().references("bss_model.id").onDelete("cascade"))
    .addColumn("service_code", "varchar(50)", (c) => c.notNull())
    .addPrimaryKeyConstraint("bss_model_ability_pk", ["model_id", "service_code"])
    .execute();
  // "Which models support service Y" (the list's filter, remote commands' question the other way round).
  await db.schema
    .createIndex("bss_model_ability_service_idx")
    .on("bss_model_ability")
    .columns(["service_code", "model_id"])
    .execute();
  await db.schema
    .alterTable("bss_model")
    .addColumn("ability_updated_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("bss_model").addColumn("ability_update_name", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("bss_model").dropColumn("ability_update_name").execute();
  await db.schema.alterTable("bss_model").dropColumn("ability_updated_at").execute();
  await db.schema.dropTable("bss_model_ability").execute();
}
