import { type Kysely, sql } from "kysely";

/**
 * Loans against vehicles (金融管理): one row per loan, keyed by its number within the tenant of
 * its vehicle. The schedule state is derived from the start, term and instalments repaid; the
 * lender's remote-restriction request and its review are columns of the loan (one at a time),
 * every step in the history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("bss_loan")
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("loan_no", "varchar(32)", (c) => c.notNull())
    .addColumn("vin", "varchar(17)", (c) => c.notNull().references("vehicle.vin"))
    .addColumn("finance_org_code", "varchar(32)", (c) => c.notNull())
    .addColumn("borrower_type", "text", (c) => c.notNull().check(sql`borrower_type in ('person','company')`))
    .addColumn("borrower_name", "varchar(100)", (c) => c.notNull())
    .addColumn("borrower_phone", "varchar(20)", (c) => c.notNull())
    .addColumn("borrower_id_no", "varchar(18)", (c) => c.notNull())
    .addColumn("principal", sql`numeric(14,2)`, (c) => c.notNull().check(sql`principal > 0`))
    .addColumn("term_months", "integer", (c) => c.notNull().check(sql`term_months between 1 and 120`))
    .addColumn("start_date", "varchar(10)", (c) => c.notNull())
    .addColumn("repaid_periods", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("restriction", "text", (c) =>
      c.notNull().defaultTo("none").check(sql`restriction in ('none','pending','executed','rejected')`),
    )
    .addColumn("restriction_reason", "varchar(200)")
    .addColumn("restriction_requested_by", "text")
    .addColumn("restriction_requested_at", "bigint")
    .addColumn("restriction_reviewed_by", "text")
    .addColumn("restriction_reviewed_at", "bigint")
    .addColumn("restriction_note", "varchar(200)")
    .addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("update_by", "text")
    .addColumn("update_name", "text")
    .addPrimaryKeyConstraint("bss_loan_pk", ["tenant_id", "loan_no"])
    .addCheckConstraint("bss_loan_repaid", sql`repaid_periods between 0 and term_months`)
    .execute();
  await db.schema.createIndex("bss_loan_vin_idx").on("bss_loan").column("vin").execute();
  await db.schema
    .createTable("bss_loan_log")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("loan_no", "varchar(32)", (c) => c.notNull())
    .addColumn("action", "text", (c) =>
      c.notNull().check(sql`action in ('create','edit','import','repay','restrict','review')`),
    )
    .addColumn("reason", "varchar(200)")
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("by", "text", (c) => c.notNull())
    .addColumn("by_name", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("bss_loan_log_no_idx")
    .on("bss_loan_log")
    .columns(["tenant_id", "loan_no", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("bss_loan_log").execute();
  await db.schema.dropTable("bss_loan").execute();
}
