import { type CreateTableBuilder, type Kysely, sql } from "kysely";

/** Who changed a row last and the version of its optimistic concurrency (as every register has). */
const versioned = <TB extends string, C extends string>(t: CreateTableBuilder<TB, C>) =>
  t
    .addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("update_by", "text")
    .addColumn("update_name", "text");

const tenant = <TB extends string, C extends string>(t: CreateTableBuilder<TB, C>) =>
  t.addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"));

const VIN_CHECK = (column: string) => sql.raw(`${column} ~ '^[0-9A-HJ-NPR-Z]{17}$'`);
const DATE_CHECK = (column: string) => sql.raw(`${column} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`);

/**
 * The registers of base information behind 机械信息, 车机数据, 监管终端管理 and MES车辆管理
 * (issue 20): one table each, keyed within a tenant by the declaration's first field, columns
 * those of @tsp/domain's declarations (camelCase keys as snake_case), bounded here too.
 * Dates are yyyy-MM-dd text (calendar dates, no time zone). Indexes serve the references:
 * a terminal names a machine by PIN, a unit a vehicle by VIN.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await versioned(
    tenant(db.schema.createTable("bss_machinery_info"))
      .addColumn("vin", "char(17)", (c) => c.notNull().check(VIN_CHECK("vin")))
      .addColumn("mein", "varchar(32)", (c) => c.notNull())
      .addColumn("machinery_type", "text", (c) =>
        c
          .notNull()
          .check(
            sql`machinery_type in ('excavator','loader','bulldozer','roller','crane','forklift','tractor','harvester','other')`,
          ),
      )
      .addColumn("brand", "varchar(30)", (c) => c.notNull())
      .addColumn("series", "varchar(30)")
      .addColumn("cpxh", "varchar(40)", (c) => c.notNull())
      .addColumn("cpbh", "varchar(32)", (c) => c.notNull())
      .addColumn("jjxh", "varchar(40)")
      .addColumn("manufacturer", "varchar(60)", (c) => c.notNull())
      .addColumn("emission_stage", "text", (c) => c.notNull().check(sql`emission_stage in ('cn3','cn4')`))
      .addColumn("disclosure_no", "varchar(60)")
      .addColumn("engine_model", "varchar(40)", (c) => c.notNull())
      .addColumn("engine_no", "varchar(32)", (c) => c.notNull())
      .addColumn("owner_name", "varchar(60)")
      .addColumn("remark", "varchar(200)")
      .addPrimaryKeyConstraint("bss_machinery_info_pk", ["tenant_id", "vin"]),
  ).execute();
  await versioned(
    tenant(db.schema.createTable("bss_ecu"))
      .addColumn("unit_sn", "varchar(40)", (c) => c.notNull())
      .addColumn("ecu_type", "text", (c) =>
        c.notNull().check(sql`ecu_type in ('ivi','tbox','ecu','tcu','vcu','bms','adas')`),
      )
      .addColumn("ecu_model", "varchar(40)", (c) => c.notNull())
      .addColumn("supplier", "varchar(50)", (c) => c.notNull())
      .addColumn("hardware_version", "varchar(30)", (c) => c.notNull())
      .addColumn("software_version", "varchar(30)", (c) => c.notNull())
      .addColumn("part_no", "varchar(32)")
      .addColumn("bound_vin", "char(17)", (c) => c.check(VIN_CHECK("bound_vin")))
      .addColumn("remark", "varchar(200)")
      .addPrimaryKeyConstraint("bss_ecu_pk", ["tenant_id", "unit_sn"]),
  ).execute();
  await db.schema.createIndex("bss_ecu_vin_idx").on("bss_ecu").columns(["tenant_id", "bound_vin"]).execute();
  await versioned(
    tenant(db.schema.createTable("bss_black_box"))
      .addColumn("terminal_id", "varchar(32)", (c) => c.notNull())
      .addColumn("manufacturer", "varchar(60)", (c) => c.notNull())
      .addColumn("terminal_model", "varchar(40)", (c) => c.notNull())
      .addColumn("chip_id", "varchar(32)", (c) => c.notNull())
      .addColumn("iccid", "varchar(20)", (c) => c.notNull())
      .addColumn("msisdn", "varchar(13)")
      .addColumn("machinery_pin", "char(17)", (c) => c.check(VIN_CHECK("machinery_pin")))
      .addColumn("install_date", "char(10)", (c) => c.check(DATE_CHECK("install_date")))
      .addColumn("filing_state", "text", (c) =>
        c.notNull().check(sql`filing_state in ('unfiled','filing','filed','returned')`),
      )
      .addColumn("filing_no", "varchar(40)")
      .addColumn("remark", "varchar(200)")
      .addPrimaryKeyConstraint("bss_black_box_pk", ["tenant_id", "terminal_id"]),
  ).execute();
  await db.schema
    .createIndex("bss_black_box_pin_idx")
    .on("bss_black_box")
    .columns(["tenant_id", "machinery_pin"])
    .execute();
  await versioned(
    tenant(db.schema.createTable("bss_mes_vehicle"))
      .addColumn("vin", "char(17)", (c) => c.notNull().check(VIN_CHECK("vin")))
      .addColumn("vehicle_model", "varchar(40)", (c) => c.notNull())
      .addColumn("config_code", "varchar(40)", (c) => c.notNull())
      .addColumn("plant", "varchar(40)", (c) => c.notNull())
      .addColumn("production_order", "varchar(32)", (c) => c.notNull())
      .addColumn("build_date", "char(10)", (c) => c.notNull().check(DATE_CHECK("build_date")))
      .addColumn("offline_date", "char(10)", (c) => c.check(DATE_CHECK("offline_date")))
      .addColumn("engine_no", "varchar(32)")
      .addColumn("tbox_sn", "varchar(40)")
      .addColumn("remark", "varchar(200)")
      .addPrimaryKeyConstraint("bss_mes_vehicle_pk", ["tenant_id", "vin"])
      .addCheckConstraint("bss_mes_vehicle_dates", sql`offline_date is null or offline_date >= build_date`),
  ).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["bss_mes_vehicle", "bss_black_box", "bss_ecu", "bss_machinery_info"])
    await db.schema.dropTable(table).execute();
}
