import { type Kysely, sql } from "kysely";

/**
 * The filings' documents (附件: objects uploaded through getTempPutURL, attached by key) and the
 * supervision terminals' activation (HJ 1322 / GB/T 32960-2025 0x09 / 0x0A): the state per
 * terminal and its history with the frames.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("nr4_filing_document")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('chipModel', 'terminalModel', 'machineRecord')`))
    .addColumn("filing_key", "varchar(40)", (c) => c.notNull())
    .addColumn("doc_type", "text", (c) =>
      c.notNull().check(sql`doc_type in ('typeApproval', 'testReport', 'photo', 'other')`),
    )
    .addColumn("object_key", "varchar(200)", (c) => c.notNull())
    .addColumn("file_name", "varchar(120)", (c) => c.notNull())
    .addColumn("content_type", "varchar(100)", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("create_name", "text")
    .execute();
  await db.schema
    .createIndex("nr4_filing_document_filing_idx")
    .on("nr4_filing_document")
    .columns(["tenant_id", "kind", "filing_key"])
    .execute();
  await db.schema
    .createTable("nr4_activation")
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("terminal_id", "varchar(32)", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull().check(sql`state in ('inactive', 'activating', 'active', 'failed')`))
    .addColumn("reason", "varchar(200)")
    .addColumn("public_key", "varchar(600)")
    // 密钥同步 0x0B's version (0025 adds it to a database that ran this before).
    .addColumn("key_version", "integer")
    .addColumn("requested_at", "bigint")
    .addColumn("answered_at", "bigint")
    .addColumn("update_name", "text")
    .addPrimaryKeyConstraint("nr4_activation_pk", ["tenant_id", "terminal_id"])
    .execute();
  await db.schema
    .createTable("nr4_activation_event")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("terminal_id", "varchar(32)", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("event", "text", (c) =>
      c.notNull().check(sql`event in ('requested', 'reported', 'answered', 'keySync', 'keySyncAnswered')`),
    )
    .addColumn("result", "text")
    .addColumn("reason", "varchar(200)")
    .addColumn("frame", "text")
    .addColumn("create_name", "text")
    .execute();
  await db.schema
    .createIndex("nr4_activation_event_terminal_idx")
    .on("nr4_activation_event")
    .columns(["tenant_id", "terminal_id", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("nr4_activation_event").execute();
  await db.schema.dropTable("nr4_activation").execute();
  await db.schema.dropTable("nr4_filing_document").execute();
}
