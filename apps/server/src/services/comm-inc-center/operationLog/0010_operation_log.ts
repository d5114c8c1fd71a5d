import { type Kysely, sql } from "kysely";

/**
 * 操作日志: one row per mutating call, written by the server's HTTP hook
 * (`http/operationLog.ts`). Append-only: the server has no update or delete of it, and a
 * trigger refuses UPDATE, DELETE and TRUNCATE from anyone (psql included), so an entry once
 * written stays as written. `at` and `duration_ms` are epoch ms and milliseconds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("operation_log")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("account_id", "integer", (c) => c.notNull())
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("real_name", "text", (c) => c.notNull())
    .addColumn("operation_id", "text", (c) => c.notNull())
    .addColumn("operation", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("target", "text", (c) => c.notNull())
    .addColumn("params", "text", (c) => c.notNull())
    .addColumn("success", "boolean", (c) => c.notNull())
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("msg", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("user_agent", "text", (c) => c.notNull())
    .addColumn("duration_ms", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("operation_log_tenant_at_idx").on("operation_log").columns(["tenant_id", "at"]).execute();
  await sql`
    create function operation_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception '操作日志只能追加，不能修改或删除';
    end $$`.execute(db);
  await sql`
    create trigger operation_log_no_update_delete before update or delete on operation_log
    for each row execute function operation_log_append_only()`.execute(db);
  await sql`
    create trigger operation_log_no_truncate before truncate on operation_log
    for each statement execute function operation_log_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("operation_log").execute();
  await sql`drop function if exists operation_log_append_only()`.execute(db);
}
