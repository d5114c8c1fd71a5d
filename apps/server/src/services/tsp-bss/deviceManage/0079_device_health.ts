import { type Kysely, sql } from "kysely";

/**
 * 设备管理's T-Box故障记录, 防拆报警 and 报警通知人员 (issue 19). Faults and tamper episodes are
 * written by the sweeps that run on read (`faults.ts`, `tamper.ts`), keyed so that a detection
 * found again is the same row; each carries its handling (未处理 → 处理中 → 已处理).
 */
/** The handling columns both record tables carry. */
const handling = (t: ReturnType<Kysely<unknown>["schema"]["createTable"]>) =>
  t
    .addColumn("state", "text", (c) => c.notNull().defaultTo("open").check(sql`state in ('open','handling','done')`))
    .addColumn("handled_by", "text")
    .addColumn("handled_at", "bigint")
    .addColumn("note", "varchar(200)");

export async function up(db: Kysely<unknown>): Promise<void> {
  await handling(
    db.schema
      .createTable("bss_tbox_fault")
      .addColumn("id", "serial", (c) => c.primaryKey())
      .addColumn("vin", "varchar(17)", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("started_at", "bigint", (c) => c.notNull())
      .addColumn("last_seen_at", "bigint", (c) => c.notNull())
      .addColumn("ended_at", "bigint")
      .addColumn("detail", "text", (c) => c.notNull()),
  ).execute();
  await sql`create unique index bss_tbox_fault_key on bss_tbox_fault (vin, kind, started_at)`.execute(db);
  await sql`create index bss_tbox_fault_start on bss_tbox_fault (started_at)`.execute(db);
  await handling(
    db.schema
      .createTable("bss_tamper_alarm")
      .addColumn("id", "serial", (c) => c.primaryKey())
      .addColumn("vin", "varchar(17)", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('removed','powerOff')`))
      .addColumn("level", "integer", (c) => c.notNull())
      .addColumn("started_at", "bigint", (c) => c.notNull())
      .addColumn("last_report_at", "bigint", (c) => c.notNull())
      .addColumn("ended_at", "bigint")
      .addColumn("reports", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("longitude", "double precision")
      .addColumn("latitude", "double precision")
      /** The gateway_alarm episode a powerOff row mirrors (unique), null for a removal. */
      .addColumn("source_alarm_id", "bigint"),
  ).execute();
  await sql`create unique index bss_tamper_alarm_source on bss_tamper_alarm (source_alarm_id)`.execute(db);
  await sql`create unique index bss_tamper_alarm_open on bss_tamper_alarm (vin) where ended_at is null and kind = 'removed'`.execute(
    db,
  );
  await sql`create index bss_tamper_alarm_start on bss_tamper_alarm (started_at)`.execute(db);
  // When each sweep last ran (row 1: tamper, 2: faults): the tamper sweep reads from there on.
  await db.schema
    .createTable("bss_device_sweep")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("swept_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("bss_alarm_notify")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("account_id", "integer", (c) => c.notNull().unique().references("account.id").onDelete("cascade"))
    .addColumn("channels", sql`text[]`, (c) => c.notNull())
    .addColumn("kinds", sql`text[]`, (c) => c.notNull())
    .addColumn("min_level", "integer", (c) => c.notNull())
    .addColumn("regions", sql`text[]`, (c) => c.notNull())
    .addColumn("enabled", "boolean", (c) => c.notNull())
    .addColumn("remark", "varchar(100)", (c) => c.notNull().defaultTo(""))
    .addColumn("updated_by", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ["bss_alarm_notify", "bss_device_sweep", "bss_tamper_alarm", "bss_tbox_fault"])
    await db.schema.dropTable(t).execute();
}
