import { type Kysely, sql } from "kysely";

/**
 * 车载内容管理 (数据服务 › /dataService/content): content pushed to the head units of the
 * tenant's vehicles. `model_ids` is a jsonb array of bss_model ids; `body` the HTML as the
 * server sanitised it; `updated_at` the version of the optimistic concurrency.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("bss_content")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("title", "varchar(60)", (c) => c.notNull())
    .addColumn("content_type", "text", (c) =>
      c.notNull().check(sql`content_type in ('notice','news','event','maintenance')`),
    )
    .addColumn("model_ids", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("publish_from", "bigint", (c) => c.notNull())
    .addColumn("publish_to", "bigint")
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) =>
      c.notNull().defaultTo("draft").check(sql`state in ('draft','published','offline')`),
    )
    .addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("update_by", "text")
    .addColumn("update_name", "text")
    .execute();
  await db.schema
    .createIndex("bss_content_tenant_idx")
    .on("bss_content")
    .columns(["tenant_id", "updated_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("bss_content").execute();
}
