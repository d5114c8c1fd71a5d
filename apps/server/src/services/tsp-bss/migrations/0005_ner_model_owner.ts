import type { Kysely } from "kysely";

/**
 * Who created each announcement model (issue 14): the catalogue stays platform-wide — every
 * tenant reads every model, as MIIT announcements are national data — but an import with
 * allowCover may overwrite only a model its own tenant (or a sub-tenant) created, unless the
 * caller is in the platform tenant. Null: the platform's own catalogue (the seeded models and
 * every model that existed before this migration), which only the platform tenant overwrites.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("ner_vehicle_model")
    .addColumn("owner_tenant_id", "integer", (c) => c.references("tenant.id"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("ner_vehicle_model").dropColumn("owner_tenant_id").execute();
}
