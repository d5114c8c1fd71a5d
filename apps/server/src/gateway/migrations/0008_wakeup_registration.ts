import type { Kysely } from "kysely";

/**
 * Wake-up SMS and terminal registration history (issue 17, part 2). `gateway_sms`: every SMS
 * the platform sent through its SMS gateway (the wake-up command it belongs to, the card it went
 * to, when the vehicle logged in after it — a wake-up login). `gateway_registration`: the JT/T
 * 808 register (0x0100) / authenticate (0x0102) messages and GB/T 32960 logins with their results,
 * one row each, for TBOX注册状态查询.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The command frame as written (远程控制联调 shows the bytes both ways).
  await db.schema.alterTable("gateway_command").addColumn("request_hex", "text").execute();
  await db.schema
    .createTable("gateway_sms")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("vin", "varchar(17)", (c) => c.notNull())
    .addColumn("command_id", "bigint")
    .addColumn("msisdn", "varchar(20)")
    .addColumn("text", "varchar(160)", (c) => c.notNull())
    .addColumn("provider", "varchar(32)", (c) => c.notNull())
    .addColumn("sent_at", "bigint", (c) => c.notNull())
    .addColumn("login_at", "bigint")
    .execute();
  await db.schema.createIndex("gateway_sms_vin").on("gateway_sms").columns(["vin", "id"]).execute();
  await db.schema
    .createTable("gateway_registration")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("vin", "varchar(17)")
    .addColumn("protocol", "varchar(16)", (c) => c.notNull())
    .addColumn("terminal_id", "varchar(32)")
    .addColumn("phone", "varchar(20)")
    .addColumn("message", "varchar(16)", (c) => c.notNull())
    .addColumn("result", "integer", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("gateway_registration_vin").on("gateway_registration").columns(["vin", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("gateway_registration").execute();
  await db.schema.dropTable("gateway_sms").execute();
  await db.schema.alterTable("gateway_command").dropColumn("request_hex").execute();
}
