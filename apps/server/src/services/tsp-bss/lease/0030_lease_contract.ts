import { type Kysely, sql } from "kysely";

/**
 * Lease contracts (租赁管理 › 租赁车辆管理): one row per contract, keyed by its number within the
 * tenant of its vehicle; the state is derived from the dates and the return (never stored).
 * Money is numeric(12,2) yuan. The history keeps every change with who, when, why.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("bss_lease_contract")
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("contract_no", "varchar(32)", (c) => c.notNull())
    .addColumn("vin", "varchar(17)", (c) => c.notNull().references("vehicle.vin"))
    .addColumn("lease_org_code", "varchar(32)", (c) => c.notNull())
    .addColumn("lessee_type", "text", (c) => c.notNull().check(sql`lessee_type in ('person','company')`))
    .addColumn("lessee_name", "varchar(100)", (c) => c.notNull())
    .addColumn("lessee_phone", "varchar(20)", (c) => c.notNull())
    .addColumn("lessee_id_no", "varchar(18)", (c) => c.notNull())
    .addColumn("start_date", "varchar(10)", (c) => c.notNull())
    .addColumn("end_date", "varchar(10)", (c) => c.notNull())
    .addColumn("monthly_rent", sql`numeric(12,2)`, (c) => c.notNull().check(sql`monthly_rent > 0`))
    .addColumn("deposit", sql`numeric(12,2)`, (c) => c.notNull().check(sql`deposit >= 0`))
    .addColumn("remark", "varchar(200)")
    .addColumn("return_date", "varchar(10)")
    .addColumn("return_reason", "varchar(200)")
    .addColumn("renewed_from", "varchar(32)")
    .addColumn("renewed_to", "varchar(32)")
    .addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("update_by", "text")
    .addColumn("update_name", "text")
    .addPrimaryKeyConstraint("bss_lease_contract_pk", ["tenant_id", "contract_no"])
    .addCheckConstraint("bss_lease_contract_term", sql`end_date > start_date`)
    .execute();
  await db.schema
    .createIndex("bss_lease_contract_vin_idx")
    .on("bss_lease_contract")
    .columns(["vin", "start_date"])
    .execute();
  await db.schema
    .createTable("bss_lease_contract_log")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull())
    .addColumn("contract_no", "varchar(32)", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull().check(sql`action in ('create','edit','import','renew','return')`))
    .addColumn("reason", "varchar(200)")
    .addColumn("snapshot", "text", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("by", "text", (c) => c.notNull())
    .addColumn("by_name", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("bss_lease_contract_log_no_idx")
    .on("bss_lease_contract_log")
    .columns(["tenant_id", "contract_no", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("bss_lease_contract_log").execute();
  await db.schema.dropTable("bss_lease_contract").execute();
}
