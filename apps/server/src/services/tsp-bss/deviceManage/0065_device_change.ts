import { type Kysely, sql } from "kysely";

/**
 * 设备管理's replacement records (T-Box更换, 车机更换, 驱动电机更换, 动力电池更换): one table with a
 * kind column. A record is an application (pending) until reviewed; an approval applies it to
 * the master data in the review's transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("bss_device_change")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('tbox','headUnit','motor','battery')`))
    .addColumn("vin", "varchar(17)", (c) => c.notNull().references("vehicle.vin"))
    .addColumn("old_code", "varchar(40)", (c) => c.notNull())
    .addColumn("new_code", "varchar(40)", (c) => c.notNull())
    .addColumn("reason", "text", (c) =>
      c.notNull().check(sql`reason in ('fault','upgrade','recall','accident','other')`),
    )
    .addColumn("remark", "varchar(200)")
    .addColumn("applied_by", "text", (c) => c.notNull())
    .addColumn("applicant_name", "text", (c) => c.notNull())
    .addColumn("applied_at", "bigint", (c) => c.notNull())
    .addColumn("state", "text", (c) =>
      c.notNull().defaultTo("pending").check(sql`state in ('pending','approved','rejected')`),
    )
    .addColumn("reviewed_by", "text")
    .addColumn("reviewer_name", "text")
    .addColumn("reviewed_at", "bigint")
    .addColumn("review_note", "varchar(200)")
    .execute();
  await db.schema
    .createIndex("bss_device_change_kind_idx")
    .on("bss_device_change")
    .columns(["tenant_id", "kind", "applied_at"])
    .execute();
  // One pending application per vehicle and kind: a second one would race the first's approval.
  await sql`create unique index bss_device_change_pending_idx on bss_device_change (vin, kind) where state = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("bss_device_change").execute();
}
