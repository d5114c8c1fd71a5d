import { type Kysely, sql } from "kysely";

/**
 * 非道路机械监控's stores: the terminals' connection log and their decoded reports, keyed by
 * the machine's PIN and time (the terminal reports the PIN, not a tenant: the tenant comes
 * from 机械信息 when a call reads them). The latest state is read from them (the newest row per
 * PIN through the primary keys), not kept twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("machine_connection")
    .addColumn("vin", "char(17)", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('login','logout')`))
    .addPrimaryKeyConstraint("machine_connection_pk", ["vin", "at", "kind"])
    .execute();
  await db.schema
    .createTable("machine_sample")
    .addColumn("vin", "char(17)", (c) => c.notNull())
    .addColumn("collected_at", "bigint", (c) => c.notNull())
    .addColumn("engine_rpm", "real")
    .addColumn("load_percent", "real")
    .addColumn("fuel_rate_lph", "real")
    .addColumn("coolant_c", "real")
    .addColumn("working_hours", "double precision")
    .addColumn("speed_kmh", "real")
    .addColumn("longitude", "double precision")
    .addColumn("latitude", "double precision")
    .addColumn("alarm", "varchar(40)")
    .addPrimaryKeyConstraint("machine_sample_pk", ["vin", "collected_at"])
    .execute();
}
