import { type Kysely, sql } from "kysely";

/**
 * Import tasks (issue 21, platform/imports/): an uploaded import file waits here as a task, run
 * by the in-process worker like an export task. The file is a private object (`file_key`,
 * deleted once the task ends); the per-row report is an object too (`report_key`: a 100,000-row
 * report with every row's cells is tens of MB, no row of a table).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("import_task")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("account_id", "integer", (c) => c.notNull())
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('queued','running','done','failed')`))
    .addColumn("rows_done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rows_total", "integer")
    .addColumn("file_key", "text")
    .addColumn("report_key", "text")
    .addColumn("error", "text")
    .addColumn("params", "jsonb", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("started_at", "timestamptz")
    .addColumn("finished_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("import_task_account_idx")
    .on("import_task")
    .columns(["account_id", "created_at"])
    .execute();
  await db.schema.createIndex("import_task_status_idx").on("import_task").columns(["status", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("import_task").execute();
}
