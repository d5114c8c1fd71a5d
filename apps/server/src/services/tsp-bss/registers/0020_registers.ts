import { type CreateTableBuilder, type Kysely, sql } from "kysely";

/** Who changed a row last and the version of its optimistic concurrency (every register has them). */
const versioned = <TB extends string, C extends string>(t: CreateTableBuilder<TB, C>) =>
  t
    .addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("update_by", "text")
    .addColumn("update_name", "text");

/**
 * The four coded registers of base information (issue 20): gearbox models, finance and lease
 * organisations, economic engine-speed bands. Each row belongs to a tenant and is keyed by
 * its code (engine model) within it; the columns are those of @tsp/domain's declarations
 * (camelCase keys as snake_case columns), bounded here too so a row no check passed cannot
 * be stored. `updated_at` is the version of the optimistic concurrency (0: never edited).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await versioned(
    db.schema
      .createTable("bss_gearbox")
      .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
      .addColumn("code", "varchar(32)", (c) => c.notNull())
      .addColumn("model_name", "varchar(50)", (c) => c.notNull())
      .addColumn("manufacturer", "varchar(50)", (c) => c.notNull())
      .addColumn("gearbox_type", "text", (c) => c.notNull().check(sql`gearbox_type in ('manual','amt','at','cvt')`))
      .addColumn("gears", "integer", (c) => c.notNull().check(sql`gears between 1 and 36`))
      .addColumn("max_input_torque", "integer", (c) => c.notNull().check(sql`max_input_torque between 50 and 5000`))
      .addColumn("speed_ratios", "varchar(200)")
      .addColumn("remark", "varchar(200)")
      .addPrimaryKeyConstraint("bss_gearbox_pk", ["tenant_id", "code"]),
  ).execute();
  for (const table of ["bss_finance_org", "bss_lease_org"] as const) {
    let t = db.schema
      .createTable(table)
      .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
      .addColumn("code", "varchar(32)", (c) => c.notNull())
      .addColumn("name", "varchar(60)", (c) => c.notNull());
    if (table === "bss_finance_org")
      t = t.addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('bank','leasing','autoFinance')`));
    t = t
      .addColumn("credit_code", "char(18)", (c) => c.notNull())
      .addColumn("contact", "varchar(20)")
      .addColumn("phone", "varchar(13)");
    if (table === "bss_lease_org") t = t.addColumn("region", "varchar(50)", (c) => c.notNull());
    t = t
      .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('active','disabled')`))
      .addColumn("remark", "varchar(200)")
      .addPrimaryKeyConstraint(`${table}_pk`, ["tenant_id", "code"]);
    await versioned(t).execute();
  }
  await versioned(
    db.schema
      .createTable("bss_economic_speed")
      .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
      .addColumn("engine_model", "varchar(40)", (c) => c.notNull())
      .addColumn("manufacturer", "varchar(50)", (c) => c.notNull())
      .addColumn("min_rpm", "integer", (c) => c.notNull().check(sql`min_rpm between 500 and 3000`))
      .addColumn("max_rpm", "integer", (c) => c.notNull().check(sql`max_rpm between 500 and 3000`))
      .addColumn("peak_torque_rpm", "integer", (c) => c.check(sql`peak_torque_rpm between 500 and 3000`))
      .addColumn("remark", "varchar(200)")
      .addPrimaryKeyConstraint("bss_economic_speed_pk", ["tenant_id", "engine_model"])
      .addCheckConstraint("bss_economic_speed_band", sql`min_rpm < max_rpm`),
  ).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["bss_economic_speed", "bss_lease_org", "bss_finance_org", "bss_gearbox"])
    await db.schema.dropTable(table).execute();
}
