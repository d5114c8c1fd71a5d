import { type Kysely, sql } from "kysely";

/**
 * The SIM card register (base info › SIM卡数据): life cycle state, activation and expiry
 * days, monthly plan and usage, remark, and who changed the card last with the version of
 * its optimistic concurrency. Existing cards (bound ones from the platform seed, cards that
 * terminal info created) become `testing`: the one state that needs no activation date and
 * is allowed while bound, until an operator or an import says more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("bss_sim_card")
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("testing").check(sql`status in ('inventory','testing','active','suspended','cancelled')`),
    )
    .execute();
  await db.schema.alterTable("bss_sim_card").addColumn("activation_date", "varchar(10)").execute();
  await db.schema.alterTable("bss_sim_card").addColumn("expiry_date", "varchar(10)").execute();
  await db.schema
    .alterTable("bss_sim_card")
    .addColumn("data_plan_mb", "integer", (c) => c.check(sql`data_plan_mb >= 0`))
    .execute();
  await db.schema
    .alterTable("bss_sim_card")
    .addColumn("month_usage_mb", "double precision", (c) => c.notNull().defaultTo(0).check(sql`month_usage_mb >= 0`))
    .execute();
  await db.schema.alterTable("bss_sim_card").addColumn("remark", "varchar(200)").execute();
  await db.schema
    .alterTable("bss_sim_card")
    .addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("bss_sim_card").addColumn("update_by", "text").execute();
  await db.schema.alterTable("bss_sim_card").addColumn("update_name", "text").execute();
  // A number belongs to one card: the edit and the import look numbers up.
  await db.schema.createIndex("bss_sim_card_msisdn_idx").on("bss_sim_card").column("msisdn").execute();
  await db.schema
    .createIndex("bss_sim_card_tenant_status_idx")
    .on("bss_sim_card")
    .columns(["tenant_id", "status"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("bss_sim_card_tenant_status_idx").execute();
  await db.schema.dropIndex("bss_sim_card_msisdn_idx").execute();
  for (const col of [
    "update_name",
    "update_by",
    "updated_at",
    "remark",
    "month_usage_mb",
    "data_plan_mb",
    "expiry_date",
    "activation_date",
    "status",
  ]) {
    await db.schema.alterTable("bss_sim_card").dropColumn(col).execute();
  }
}
