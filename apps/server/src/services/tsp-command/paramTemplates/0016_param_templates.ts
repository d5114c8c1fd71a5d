import { type Kysely, sql } from "kysely";

/**
 * 终端参数设置 (issue 20): parameter templates with their change log, and batches — a template
 * applied to many VINs, one set-parameter command (gateway_command) per vehicle and attempt.
 * A batch keeps its own copy of the parameters and the template's name, so editing or
 * deleting the template never rewrites what was sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("param_template")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("name", "varchar(50)", (c) => c.notNull())
    .addColumn("protocol", "text", (c) => c.notNull().check(sql`protocol in ('gbt32960')`))
    // JSON: [{id, value}] in id order.
    .addColumn("params", "text", (c) => c.notNull())
    .addColumn("remark", "varchar(200)")
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("param_template_name_uq", ["tenant_id", "name"])
    .execute();
  await db.schema
    .createTable("param_template_log")
    .addColumn("id", "serial", (c) => c.primaryKey())
    // No foreign key: the log outlives a deleted template.
    .addColumn("template_id", "integer", (c) => c.notNull())
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull().check(sql`action in ('create','update','delete')`))
    // JSON: [{field, before, after}].
    .addColumn("changes", "text", (c) => c.notNull())
    .addColumn("by", "text", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("param_template_log_idx")
    .on("param_template_log")
    .columns(["template_id", "id"])
    .execute();
  await db.schema
    .createTable("param_batch")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("template_id", "integer", (c) => c.references("param_template.id").onDelete("set null"))
    .addColumn("template_name", "varchar(50)", (c) => c.notNull())
    .addColumn("protocol", "text", (c) => c.notNull())
    .addColumn("params", "text", (c) => c.notNull())
    .addColumn("ttl_s", "integer", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("param_batch_tenant_idx").on("param_batch").columns(["tenant_id", "id"]).execute();
  await db.schema
    .createTable("param_batch_vehicle")
    .addColumn("batch_id", "integer", (c) => c.notNull().references("param_batch.id").onDelete("cascade"))
    .addColumn("vin", "varchar(17)", (c) => c.notNull())
    // The newest attempt's command; earlier ones stay in gateway_command with their own life.
    .addColumn("command_id", "bigint", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint("param_batch_vehicle_pk", ["batch_id", "vin"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ["param_batch_vehicle", "param_batch", "param_template_log", "param_template"])
    await db.schema.dropTable(t).execute();
}
