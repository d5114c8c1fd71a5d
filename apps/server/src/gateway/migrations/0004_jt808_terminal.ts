import type { Kysely } from "kysely";

/**
 * JT/T 808 terminals the gateway registered (0x0100 → 0x8100): which vehicle a terminal phone
 * number reports for and the authentication code it was given, so a later 0x0102 on any
 * connection — or on another gateway process sharing the database — is checked against it.
 * One row per phone (leading zeros trimmed: 2013 headers carry 12 digits, 2019 ones 20) and
 * one per VIN (a vehicle whose terminal registers again under a new phone — a new SIM — moves
 * to it; the old phone's code stops working).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("gateway_jt808_terminal")
    .addColumn("phone", "varchar(20)", (c) => c.primaryKey())
    .addColumn("vin", "varchar(17)", (c) => c.notNull().unique())
    .addColumn("terminal_id", "varchar(30)", (c) => c.notNull())
    .addColumn("auth_code", "varchar(64)", (c) => c.notNull())
    .addColumn("edition", "smallint", (c) => c.notNull())
    .addColumn("registered_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("gateway_jt808_terminal").execute();
}
