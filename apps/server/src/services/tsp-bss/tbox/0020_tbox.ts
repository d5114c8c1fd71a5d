import { type Kysely, sql } from "kysely";

/**
 * The T-BOX register (base info › TBOX数据): one row per terminal the tenant holds, from the
 * factory's delivery list on. Which vehicle a terminal sits in is NOT stored here: the
 * vehicle's `tbox_sn` (tsp-bss:0001, unique) stays the one source of that binding, so one
 * T-BOX per VIN and one VIN per T-BOX hold by construction. The card in the terminal is
 * `iccid` (unique: a card sits in one T-BOX only); the vehicle's `iccid` and the card's
 * `vin` are written from it in the same transaction as a bind, unbind or card change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("bss_tbox")
    .addColumn("sn", "varchar(32)", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("model", "varchar(50)", (c) => c.notNull())
    .addColumn("provider", "varchar(50)", (c) => c.notNull())
    .addColumn("protocol", "text", (c) => c.notNull().check(sql`protocol in ('GBT32960','JTT808','HJ1239')`))
    .addColumn("hardware_version", "varchar(32)")
    .addColumn("firmware_version", "varchar(32)")
    .addColumn("imei", "varchar(15)", (c) => c.unique())
    .addColumn("iccid", "varchar(20)", (c) => c.unique())
    .addColumn("terminal_id", "varchar(30)")
    .addColumn("auth_code", "varchar(64)")
    .addColumn("state", "text", (c) =>
      c.notNull().check(sql`state in ('unregistered','registered','activated','deregistered')`),
    )
    .addColumn("production_date", "varchar(10)")
    .addColumn("remark", "varchar(200)")
    .addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("update_by", "text")
    .addColumn("update_name", "text")
    .execute();
  await db.schema.createIndex("bss_tbox_tenant_idx").on("bss_tbox").columns(["tenant_id", "sn"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("bss_tbox").execute();
}
