import type { Kysely } from "kysely";

/** What was stored under each key: content type, size, MD5 and ACL (the bytes live in DATA_DIR/objects). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("object_meta")
    .addColumn("object_key", "text", (c) => c.primaryKey())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("md5", "text", (c) => c.notNull())
    .addColumn("acl", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("object_meta").execute();
}
