import type { Kysely } from "kysely";

/**
 * Multimedia the JT/T 808 terminals uploaded (0x0800 event, 0x0801 data; issue 17 拍照/录像,
 * 报警附件上传, issue 18 机械原始照片库): one row per item, the data itself a private object of
 * the object store (`object_key`). The multimedia id is the terminal's (unique per terminal, not
 * across them); an item announced by 0x0800 whose data has not arrived has no key yet. The
 * shoot command whose 0x0805 answer listed the id is `command_id`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("gateway_media")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("vin", "varchar(17)", (c) => c.notNull())
    .addColumn("phone", "varchar(20)", (c) => c.notNull())
    .addColumn("media_id", "bigint", (c) => c.notNull())
    .addColumn("type", "smallint", (c) => c.notNull())
    .addColumn("format", "smallint", (c) => c.notNull())
    .addColumn("event", "smallint", (c) => c.notNull())
    .addColumn("channel", "smallint", (c) => c.notNull())
    .addColumn("shot_at", "bigint")
    .addColumn("latitude", "double precision")
    .addColumn("longitude", "double precision")
    .addColumn("speed_kmh", "double precision")
    .addColumn("alarm", "bigint")
    .addColumn("received_at", "bigint", (c) => c.notNull())
    .addColumn("object_key", "varchar(512)")
    .addColumn("size", "integer")
    .addColumn("command_id", "bigint")
    .addUniqueConstraint("gateway_media_phone_media_id_key", ["phone", "media_id"])
    .execute();
  await db.schema.createIndex("gateway_media_vin_shot_idx").on("gateway_media").columns(["vin", "shot_at"]).execute();
  await db.schema.createIndex("gateway_media_received_idx").on("gateway_media").column("received_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("gateway_media").execute();
}
