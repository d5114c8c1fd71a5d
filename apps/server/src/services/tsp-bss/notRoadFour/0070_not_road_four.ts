import { type CreateTableBuilder, type Kysely, sql } from "kysely";

/** Who changed a row last and the version of its optimistic concurrency (as every register has). */
const versioned = <TB extends string, C extends string>(t: CreateTableBuilder<TB, C>) =>
  t
    .addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("update_by", "text")
    .addColumn("update_name", "text");

const tenant = <TB extends string, C extends string>(t: CreateTableBuilder<TB, C>) =>
  t.addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"));

/** A filing's state and reason (@tsp/domain FILING_STATUS_LABELS), changed only by its own calls. */
const filingState = <TB extends string, C extends string>(t: CreateTableBuilder<TB, C>) =>
  t
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("draft")
        .check(sql`status in ('draft', 'pending', 'approved', 'rejected', 'timeout', 'failed')`),
    )
    .addColumn("reason", "varchar(200)");

const VIN_CHECK = (column: string) => sql.raw(`${column} ~ '^[0-9A-HJ-NPR-Z]{17}$'`);

/**
 * 非道路国四数据转发 (issue 19): the four filings (columns of @tsp/domain's declarations as
 * snake_case, keyed within a tenant by the declaration's first field, plus the state), the
 * forwarding platforms (password sealed with AES-256-GCM, never a clear column) and which
 * machines go to which platform.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await versioned(
    filingState(
      tenant(db.schema.createTable("nr4_chip_filing"))
        .addColumn("chip_model", "varchar(40)", (c) => c.notNull())
        .addColumn("maker", "varchar(60)", (c) => c.notNull())
        .addColumn("cert_no", "varchar(40)", (c) => c.notNull())
        .addColumn("remark", "varchar(200)"),
    ),
  )
    .addPrimaryKeyConstraint("nr4_chip_filing_pk", ["tenant_id", "chip_model"])
    .execute();
  await versioned(
    filingState(
      tenant(db.schema.createTable("nr4_terminal_model_filing"))
        .addColumn("terminal_model", "varchar(40)", (c) => c.notNull())
        .addColumn("maker", "varchar(60)", (c) => c.notNull())
        .addColumn("firmware", "varchar(30)", (c) => c.notNull())
        .addColumn("chip_model", "varchar(40)", (c) => c.notNull())
        .addColumn("positioning", "text", (c) => c.notNull().check(sql`positioning in ('bds', 'bdsGps', 'gps')`))
        .addColumn("protocol", "text", (c) => c.notNull().check(sql`protocol in ('hj1322', 'gb17691', 'gb32960')`))
        .addColumn("test_report_no", "varchar(40)")
        .addColumn("remark", "varchar(200)"),
    ),
  )
    .addPrimaryKeyConstraint("nr4_terminal_model_filing_pk", ["tenant_id", "terminal_model"])
    .execute();
  await versioned(
    filingState(
      tenant(db.schema.createTable("nr4_machine_filing"))
        .addColumn("pin", "char(17)", (c) => c.notNull().check(VIN_CHECK("pin")))
        .addColumn("engine_no", "varchar(32)", (c) => c.notNull())
        .addColumn("emission_stage", "text", (c) => c.notNull().check(sql`emission_stage = 'cn4'`))
        .addColumn("terminal_id", "varchar(32)", (c) => c.notNull())
        .addColumn("disclosure_no", "varchar(60)", (c) => c.notNull())
        .addColumn("remark", "varchar(200)"),
    ),
  )
    .addPrimaryKeyConstraint("nr4_machine_filing_pk", ["tenant_id", "pin"])
    .execute();
  await versioned(
    filingState(
      tenant(db.schema.createTable("nr4_terminal_replace_filing"))
        .addColumn("apply_no", "varchar(32)", (c) => c.notNull())
        .addColumn("pin", "char(17)", (c) => c.notNull().check(VIN_CHECK("pin")))
        .addColumn("old_terminal_id", "varchar(32)", (c) => c.notNull())
        .addColumn("new_terminal_id", "varchar(32)", (c) => c.notNull())
        .addColumn("replace_reason", "varchar(200)", (c) => c.notNull())
        .addColumn("replace_date", "text", (c) => c.notNull())
        .addCheckConstraint("nr4_replace_other_terminal", sql`old_terminal_id <> new_terminal_id`),
    ),
  )
    .addPrimaryKeyConstraint("nr4_terminal_replace_filing_pk", ["tenant_id", "apply_no"])
    .execute();
  await versioned(
    tenant(db.schema.createTable("nr4_forward_platform"))
      .addColumn("id", "serial", (c) => c.primaryKey())
      .addColumn("name", "varchar(40)", (c) => c.notNull())
      .addColumn("host", "varchar(253)", (c) => c.notNull())
      .addColumn("port", "integer", (c) => c.notNull().check(sql`port between 1 and 65535`))
      .addColumn("protocol", "text", (c) => c.notNull().check(sql`protocol in ('hj1239', 'gb32960')`))
      .addColumn("account", "varchar(12)", (c) => c.notNull())
      // iv · tag · ciphertext, base64 (seal.ts); never the clear text.
      .addColumn("password_sealed", "text", (c) => c.notNull())
      .addColumn("enabled", "boolean", (c) => c.notNull().defaultTo(true))
      .addUniqueConstraint("nr4_forward_platform_name", ["tenant_id", "name"]),
  ).execute();
  await db.schema
    .createTable("nr4_forward_machine")
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("platform_id", "integer", (c) => c.notNull().references("nr4_forward_platform.id"))
    .addColumn("pin", "char(17)", (c) => c.notNull().check(VIN_CHECK("pin")))
    .addColumn("since", "bigint", (c) => c.notNull())
    .addColumn("enabled", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("update_name", "text")
    .addPrimaryKeyConstraint("nr4_forward_machine_pk", ["platform_id", "pin"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "nr4_forward_machine",
    "nr4_forward_platform",
    "nr4_terminal_replace_filing",
    "nr4_machine_filing",
    "nr4_terminal_model_filing",
    "nr4_chip_filing",
  ])
    await db.schema.dropTable(table).execute();
}
