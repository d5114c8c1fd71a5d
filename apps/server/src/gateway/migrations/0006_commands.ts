import type { Kysely } from "kysely";

/**
 * Remote commands to terminals (issue 17): one row per command with its state and the time of
 * each step, and every transition as an event (the timeline). A command is written `queued`
 * before any byte goes out; the gateway moves it to `sent` with the time it puts on the wire
 * (`wire_time`, which the terminal's answer echoes) in the same statement that claims it, so a
 * process killed after the claim never sends it twice — it expires at its TTL instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("gateway_command")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("vin", "varchar(17)", (c) => c.notNull())
    .addColumn("kind", "varchar(32)", (c) => c.notNull())
    .addColumn("params", "text", (c) => c.notNull())
    .addColumn("sender", "varchar(64)", (c) => c.notNull())
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("sent_at", "bigint")
    .addColumn("wire_time", "bigint")
    .addColumn("acknowledged_at", "bigint")
    .addColumn("finished_at", "bigint")
    .addColumn("reason", "text")
    .addColumn("answer", "text")
    .addColumn("answer_hex", "text")
    .execute();
  await db.schema
    .createIndex("gateway_command_vin_state")
    .on("gateway_command")
    .columns(["vin", "state", "id"])
    .execute();
  await db.schema.createIndex("gateway_command_tenant").on("gateway_command").columns(["tenant_id", "id"]).execute();
  await db.schema
    .createTable("gateway_command_event")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("command_id", "bigint", (c) => c.notNull())
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("note", "text")
    .execute();
  await db.schema
    .createIndex("gateway_command_event_command")
    .on("gateway_command_event")
    .columns(["command_id", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("gateway_command_event").execute();
  await db.schema.dropTable("gateway_command").execute();
}
