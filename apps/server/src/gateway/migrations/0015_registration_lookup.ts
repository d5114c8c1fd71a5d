import type { Kysely } from "kysely";

/**
 * TBOX注册状态查询 reads a terminal's history by terminal id (a refused register names no
 * vehicle) and by phone (an authentication before any register names only the phone), newest
 * first: two indexes beside 0008's by VIN.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("gateway_registration_terminal")
    .on("gateway_registration")
    .columns(["terminal_id", "at"])
    .execute();
  await db.schema
    .createIndex("gateway_registration_phone")
    .on("gateway_registration")
    .columns(["phone", "at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("gateway_registration_phone").execute();
  await db.schema.dropIndex("gateway_registration_terminal").execute();
}
