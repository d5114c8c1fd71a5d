import { type Kysely, sql } from "kysely";

/**
 * The GB/T 32960 gateway's tables (src/gateway/): the raw frame journal and the latest state
 * per VIN. The journal is natively partitioned by day (range on `received_at`, epoch ms;
 * PGlite is PostgreSQL 17 compiled to WASM and supports declarative partitioning, proven by
 * gateway.test.ts); the gateway creates each day's partition before its first insert
 * (`ensureDayPartition`), so retention is `drop table gateway_frame_pYYYYMMDD`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table gateway_frame (
      id bigserial not null,
      received_at bigint not null,
      vin varchar(17),
      command smallint,
      edition smallint,
      raw_hex text not null,
      status varchar(24) not null,
      reason text,
      peer varchar(64) not null,
      primary key (received_at, id)
    ) partition by range (received_at)`.execute(db);
  await sql`create index gateway_frame_vin_idx on gateway_frame (vin, received_at)`.execute(db);
  await db.schema
    .createTable("gateway_vehicle_state")
    .addColumn("vin", "varchar(17)", (c) => c.primaryKey())
    .addColumn("online", "boolean", (c) => c.notNull())
    .addColumn("last_report_at", "bigint")
    .addColumn("last_login_at", "bigint")
    .addColumn("last_logout_at", "bigint")
    .addColumn("longitude", "double precision")
    .addColumn("latitude", "double precision")
    .addColumn("speed_kmh", "double precision")
    .addColumn("soc", "double precision")
    .addColumn("mileage_km", "double precision")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("gateway_vehicle_state").execute();
  await sql`drop table gateway_frame`.execute(db);
}
