import type { Kysely } from "kysely";

/**
 * 苏标 active-safety alarms and their attachments (issue 17 报警附件上传; gateway/attachments/):
 * one row per ADAS/DSM/TPMS/BSD alarm a JT/T 808 terminal reported with attachments (its 报警标识号
 * — terminal id, time, serial — unique per VIN; the platform's 32-character 报警编号 sent in
 * 0x9208), one row per file its 0x1210 listed. A file's `object_key` is set only when every byte
 * arrived and the object was written: no half-stored file is ever listed as complete.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("gateway_safety_alarm")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("vin", "varchar(17)", (c) => c.notNull())
    .addColumn("phone", "varchar(20)", (c) => c.notNull())
    .addColumn("source", "varchar(8)", (c) => c.notNull())
    .addColumn("alarm_type", "smallint")
    .addColumn("level", "smallint")
    .addColumn("terminal_alarm_id", "bigint", (c) => c.notNull())
    .addColumn("alarm_at", "bigint", (c) => c.notNull())
    .addColumn("latitude", "double precision")
    .addColumn("longitude", "double precision")
    .addColumn("speed_kmh", "double precision")
    .addColumn("terminal_id", "varchar(7)", (c) => c.notNull())
    .addColumn("mark_time", "bigint", (c) => c.notNull())
    .addColumn("mark_serial", "smallint", (c) => c.notNull())
    .addColumn("file_count", "smallint", (c) => c.notNull())
    .addColumn("alarm_number", "varchar(32)", (c) => c.notNull().unique())
    .addColumn("received_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("gateway_safety_alarm_mark_key", ["vin", "terminal_id", "mark_time", "mark_serial"])
    .execute();
  await db.schema
    .createIndex("gateway_safety_alarm_tenant_idx")
    .on("gateway_safety_alarm")
    .columns(["tenant_id", "alarm_at"])
    .execute();
  await db.schema
    .createTable("gateway_safety_file")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("alarm_id", "bigint", (c) => c.notNull().references("gateway_safety_alarm.id").onDelete("cascade"))
    .addColumn("name", "varchar(255)", (c) => c.notNull())
    .addColumn("file_type", "smallint")
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("object_key", "varchar(512)")
    .addColumn("resends", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("listed_at", "bigint", (c) => c.notNull())
    .addColumn("completed_at", "bigint")
    .addUniqueConstraint("gateway_safety_file_name_key", ["alarm_id", "name"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("gateway_safety_file").execute();
  await db.schema.dropTable("gateway_safety_alarm").execute();
}
