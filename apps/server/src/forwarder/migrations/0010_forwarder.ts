import { type Kysely, sql } from "kysely";

/**
 * The forwarder's state (src/forwarder/, issue 19): per platform a cursor over the frame journal
 * (the last frame id answered by the receiving platform, with the lease that keeps one forwarder
 * process per platform and the link's last state), and the forwarding log — one row per frame
 * per platform, written in the cursor's transaction, which 转发统计 counts per day. No foreign
 * key to `nr4_forward_platform`: that table is tsp-bss's, created after the platform migrations.
 * The journal gains an index on its id alone: the cursor reads "frames after id n" in id order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists gateway_frame_id_idx on gateway_frame (id)`.execute(db);
  await db.schema
    .createTable("forward_cursor")
    .addColumn("platform_id", "integer", (c) => c.primaryKey())
    .addColumn("last_frame_id", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("login_day", "varchar(10)")
    .addColumn("login_serial", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lease_owner", "varchar(64)")
    .addColumn("lease_until", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("link_state", "varchar(16)", (c) => c.notNull().defaultTo("idle"))
    .addColumn("link_error", "text")
    .addColumn("link_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("forward_log")
    .addColumn("platform_id", "integer", (c) => c.notNull())
    .addColumn("frame_id", "bigint", (c) => c.notNull())
    .addColumn("vin", "varchar(17)", (c) => c.notNull())
    .addColumn("received_at", "bigint", (c) => c.notNull())
    .addColumn("sent_at", "bigint", (c) => c.notNull())
    .addColumn("answered_at", "bigint", (c) => c.notNull())
    .addColumn("sent_command", "smallint", (c) => c.notNull())
    .addColumn("resent", "boolean", (c) => c.notNull())
    .addColumn("outcome", "varchar(8)", (c) => c.notNull().check(sql`outcome in ('acked', 'refused')`))
    .addPrimaryKeyConstraint("forward_log_pk", ["platform_id", "frame_id"])
    .execute();
  await sql`create index forward_log_day_idx on forward_log (platform_id, received_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("forward_log").execute();
  await db.schema.dropTable("forward_cursor").execute();
  await sql`drop index if exists gateway_frame_id_idx`.execute(db);
}
