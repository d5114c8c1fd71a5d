import { type CreateTableBuilder, type Kysely, sql } from "kysely";

const versioned = <TB extends string, C extends string>(t: CreateTableBuilder<TB, C>) =>
  t
    .addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("update_by", "text")
    .addColumn("update_name", "text");

const DATE = (column: string) => sql`${sql.ref(column)} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`;

/**
 * 数据服务 (issue 20): the data dictionaries (基础数据维护, @tsp/domain DICTIONARY_REGISTER) and
 * the head-unit information systems (车载信息系统管理, INFO_SYSTEM_REGISTER), keyed by their code
 * within a tenant; columns are the declarations' fields in snake_case.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await versioned(
    db.schema
      .createTable("bss_dict_item")
      .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
      .addColumn("code", "varchar(40)", (c) => c.notNull())
      .addColumn("dict_type", "text", (c) =>
        c
          .notNull()
          .check(sql`dict_type in ('fuelType','vehicleUse','vehicleColor','plateColor','emissionStandard','industry')`),
      )
      .addColumn("label", "varchar(40)", (c) => c.notNull())
      .addColumn("sort_order", "integer", (c) => c.notNull().check(sql`sort_order between 0 and 9999`))
      .addColumn("state", "text", (c) => c.notNull().check(sql`state in ('enabled','disabled')`))
      .addColumn("remark", "varchar(200)")
      .addPrimaryKeyConstraint("bss_dict_item_pk", ["tenant_id", "code"]),
  ).execute();
  await versioned(
    db.schema
      .createTable("bss_info_system")
      .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
      .addColumn("code", "varchar(40)", (c) => c.notNull())
      .addColumn("name", "varchar(40)", (c) => c.notNull())
      .addColumn("version", "varchar(30)", (c) => c.notNull())
      .addColumn("os_type", "text", (c) => c.notNull().check(sql`os_type in ('android','linux','qnx','harmony')`))
      .addColumn("supported_models", "varchar(300)", (c) => c.notNull())
      .addColumn("release_date", "char(10)", (c) => c.check(DATE("release_date")))
      .addColumn("state", "text", (c) => c.notNull().check(sql`state in ('developing','released','retired')`))
      .addColumn("release_notes", "varchar(2000)")
      .addPrimaryKeyConstraint("bss_info_system_pk", ["tenant_id", "code"]),
  ).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["bss_info_system", "bss_dict_item"]) await db.schema.dropTable(table).execute();
}
