import type { Kysely } from "kysely";

/** 历史数据采集: one row per collection task; its state is the linked export task's. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("hbase_history_collection")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("vin", "varchar(17)", (c) => c.notNull())
    .addColumn("start_time", "bigint", (c) => c.notNull())
    .addColumn("end_time", "bigint", (c) => c.notNull())
    .addColumn("remark", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("export_task_id", "uuid", (c) => c.notNull())
    .addColumn("account_id", "integer", (c) => c.notNull())
    .addColumn("created_by", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("hbase_history_collection_tenant_idx")
    .on("hbase_history_collection")
    .columns(["tenant_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("hbase_history_collection").execute();
}
