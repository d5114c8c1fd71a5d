import { type Kysely, sql } from "kysely";

/** Tenants, the minimal vehicle table and export tasks: what every service shares. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("tenant")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("parent_id", "integer", (c) => c.references("tenant.id"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable("vehicle")
    .addColumn("vin", "varchar(17)", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("iccid", "varchar(50)")
    .addColumn("plate", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("vehicle_tenant_idx").on("vehicle").columns(["tenant_id", "vin"]).execute();
  await db.schema
    .createTable("export_task")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("account_id", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('queued','running','done','failed')`))
    .addColumn("progress", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("row_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("size", "bigint")
    .addColumn("object_key", "text")
    .addColumn("error", "text")
    .addColumn("params", "jsonb", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("started_at", "timestamptz")
    .addColumn("finished_at", "timestamptz")
    .addColumn("expires_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("export_task_account_idx")
    .on("export_task")
    .columns(["account_id", "created_at"])
    .execute();
  await db.schema.createIndex("export_task_status_idx").on("export_task").columns(["status", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("export_task").execute();
  await db.schema.dropTable("vehicle").execute();
  await db.schema.dropTable("tenant").execute();
}
