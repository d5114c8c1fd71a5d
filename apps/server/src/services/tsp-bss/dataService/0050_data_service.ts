import { type CreateTableBuilder, type Kysely, sql } from "kysely";

/** Who changed a row last and the version of its optimistic concurrency (as every register has them). */
const versioned = <TB extends string, C extends string>(t: CreateTableBuilder<TB, C>) =>
  t
    .addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("update_by", "text")
    .addColumn("update_name", "text");

/**
 * 数据服务 (issue 20): the fault-code dictionary (报文故障码管理) and the CAN signal
 * definitions (CAN信号采集), two registers of @tsp/domain (FAULT_CODE_REGISTER,
 * CAN_SIGNAL_REGISTER) keyed by their code within a tenant; columns are the declarations'
 * fields in snake_case, bounded here too so a row no check passed cannot be stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await versioned(
    db.schema
      .createTable("bss_fault_code")
      .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
      .addColumn("code", "varchar(16)", (c) => c.notNull())
      .addColumn("protocol", "text", (c) => c.notNull().check(sql`protocol in ('gbAlarm','gbFault','dtc','j1939')`))
      .addColumn("system", "text", (c) =>
        c
          .notNull()
          .check(
            sql`system in ('battery','motor','engine','afterTreatment','fuelCell','chassis','body','network','other')`,
          ),
      )
      .addColumn("level", "text", (c) => c.notNull().check(sql`level in ('1','2','3')`))
      .addColumn("name_zh", "varchar(60)", (c) => c.notNull())
      .addColumn("description", "varchar(500)")
      .addColumn("remedy", "varchar(500)")
      .addPrimaryKeyConstraint("bss_fault_code_pk", ["tenant_id", "code"]),
  ).execute();
  await versioned(
    db.schema
      .createTable("bss_can_signal")
      .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
      .addColumn("code", "varchar(80)", (c) => c.notNull())
      .addColumn("vehicle_model", "varchar(32)", (c) => c.notNull())
      .addColumn("message_id", "varchar(10)", (c) => c.notNull())
      .addColumn("signal_name", "varchar(64)", (c) => c.notNull())
      .addColumn("name_zh", "varchar(60)")
      .addColumn("start_bit", "integer", (c) => c.notNull().check(sql`start_bit between 0 and 511`))
      .addColumn("bit_length", "integer", (c) => c.notNull().check(sql`bit_length between 1 and 64`))
      .addColumn("byte_order", "text", (c) => c.notNull().check(sql`byte_order in ('intel','motorola')`))
      .addColumn("value_type", "text", (c) => c.notNull().check(sql`value_type in ('unsigned','signed')`))
      .addColumn("factor", sql`numeric(20, 9)`, (c) => c.notNull())
      .addColumn("value_offset", sql`numeric(20, 9)`, (c) => c.notNull())
      .addColumn("min_value", sql`numeric(20, 9)`)
      .addColumn("max_value", sql`numeric(20, 9)`)
      .addColumn("unit", "varchar(20)")
      .addColumn("period_ms", "integer", (c) => c.notNull().check(sql`period_ms between 10 and 3600000`))
      .addColumn("remark", "varchar(200)")
      .addPrimaryKeyConstraint("bss_can_signal_pk", ["tenant_id", "code"]),
  ).execute();
  await db.schema
    .createIndex("bss_can_signal_model")
    .on("bss_can_signal")
    .columns(["tenant_id", "vehicle_model", "message_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["bss_can_signal", "bss_fault_code"]) await db.schema.dropTable(table).execute();
}
