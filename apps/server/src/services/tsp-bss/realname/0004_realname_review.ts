import { type Kysely, sql } from "kysely";

/**
 * The submit-and-review flow of real-name authentication (/auth/index): tsp-bss's
 * `bss_realname` (one row per SIM card that has material; no row = 未认证) gains the submitted
 * material — certificate number, contact phone, the photos' object keys — and who submitted
 * and who reviewed it, when, and why it was rejected; `bss_realname_event` keeps every
 * submission and review. The state stays in `bss_realname.status` alone: the SIM card register
 * reads it from there too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("bss_realname").addColumn("cert_no", "varchar(30)").execute();
  await db.schema.alterTable("bss_realname").addColumn("contact_phone", "varchar(20)").execute();
  await db.schema
    .alterTable("bss_realname")
    .addColumn("photos", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  for (const col of ["submit_by", "submit_name", "review_by", "review_name"])
    await db.schema.alterTable("bss_realname").addColumn(col, "text").execute();
  await db.schema.alterTable("bss_realname").addColumn("submit_time", "bigint").execute();
  await db.schema.alterTable("bss_realname").addColumn("review_time", "bigint").execute();
  await db.schema.alterTable("bss_realname").addColumn("reject_reason", "varchar(200)").execute();
  await db.schema
    .createTable("bss_realname_event")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("iccid", "varchar(50)", (c) => c.notNull().references("bss_realname.iccid").onDelete("cascade"))
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("action", "text", (c) => c.notNull().check(sql`action in ('submit','approve','reject')`))
    .addColumn("operator", "text", (c) => c.notNull())
    .addColumn("operator_name", "text", (c) => c.notNull())
    .addColumn("time", "bigint", (c) => c.notNull())
    .addColumn("reason", "varchar(200)")
    .execute();
  await db.schema
    .createIndex("bss_realname_event_iccid_idx")
    .on("bss_realname_event")
    .columns(["iccid", "id"])
    .execute();
  await db.schema
    .createIndex("bss_realname_tenant_status_idx")
    .on("bss_realname")
    .columns(["tenant_id", "status"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("bss_realname_tenant_status_idx").execute();
  await db.schema.dropTable("bss_realname_event").execute();
  for (const col of [
    "reject_reason",
    "review_time",
    "submit_time",
    "review_name",
    "review_by",
    "submit_name",
    "submit_by",
    "photos",
    "contact_phone",
    "cert_no",
  ])
    await db.schema.alterTable("bss_realname").dropColumn(col).execute();
}
