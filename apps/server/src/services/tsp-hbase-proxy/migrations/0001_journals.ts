import type { Kysely } from "kysely";

/** Login and logout journals keyed (vin, ts); the primary key serves keyset pages both ways. */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["vehicle_login_log", "vehicle_logout_log"]) {
    await db.schema
      .createTable(table)
      .addColumn("vin", "varchar(17)", (c) => c.notNull())
      .addColumn("ts", "bigint", (c) => c.notNull())
      .addColumn("content", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ["vin", "ts"])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("vehicle_logout_log").execute();
  await db.schema.dropTable("vehicle_login_log").execute();
}
