import { type Kysely, sql } from "kysely";

/**
 * 电子围栏 (issue 18): the fences, what each watches (VINs or 车辆分组, resolved on ingest so a
 * group's later members are watched too), the watcher's state per (fence, vehicle) and the
 * enter/exit/overspeed events. Platform tables, not a service module's, because the gateway's
 * batch transaction writes the state and the events (gateway/geofence/ingest.ts) and a
 * gateway-only database has no service tables. The group id is not a foreign key for the same
 * reason; a deleted group simply watches nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("geofence")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("owner_account_id", "integer", (c) => c.notNull())
    .addColumn("name", "varchar(20)", (c) => c.notNull())
    .addColumn("type", "smallint", (c) => c.notNull().check(sql`type in (1, 2)`))
    .addColumn("position", "text", (c) => c.notNull())
    .addColumn("radius", "double precision")
    .addColumn("rule", "varchar(8)", (c) => c.notNull().check(sql`rule in ('enter','exit','both')`))
    .addColumn("window_start", "smallint")
    .addColumn("window_end", "smallint")
    .addColumn("speed_limit", "smallint")
    .addColumn("level", "smallint", (c) => c.notNull().check(sql`level between 1 and 3`))
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("geofence_name", ["tenant_id", "name"])
    .execute();
  await db.schema
    .createTable("geofence_binding")
    .addColumn("fence_id", "integer", (c) => c.notNull().references("geofence.id").onDelete("cascade"))
    .addColumn("vin", "varchar(17)")
    .addColumn("group_id", "integer")
    .addCheckConstraint("geofence_binding_one", sql`(vin is null) <> (group_id is null)`)
    .execute();
  await db.schema.createIndex("geofence_binding_vin").on("geofence_binding").column("vin").execute();
  await db.schema.createIndex("geofence_binding_fence").on("geofence_binding").column("fence_id").execute();
  await db.schema
    .createTable("geofence_state")
    .addColumn("fence_id", "integer", (c) => c.notNull().references("geofence.id").onDelete("cascade"))
    .addColumn("vin", "varchar(17)", (c) => c.notNull())
    .addColumn("inside", "boolean", (c) => c.notNull())
    .addColumn("over", "boolean", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("geofence_state_pk", ["fence_id", "vin"])
    .execute();
  await db.schema
    .createTable("geofence_event")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("fence_id", "integer", (c) => c.notNull().references("geofence.id").onDelete("cascade"))
    .addColumn("vin", "varchar(17)", (c) => c.notNull())
    .addColumn("kind", "varchar(9)", (c) => c.notNull().check(sql`kind in ('enter','exit','overspeed')`))
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("longitude", "double precision", (c) => c.notNull())
    .addColumn("latitude", "double precision", (c) => c.notNull())
    .addColumn("speed_kmh", "double precision")
    .addColumn("alarmed", "boolean", (c) => c.notNull())
    .addColumn("alarm_id", "bigint")
    .addColumn("frame_id", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("geofence_event_fence_at").on("geofence_event").columns(["fence_id", "at"]).execute();
  // 个人消息 asks "is this alarm episode a fence's" per episode.
  await db.schema.createIndex("geofence_event_alarm").on("geofence_event").column("alarm_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ["geofence_event", "geofence_state", "geofence_binding", "geofence"]) {
    await db.schema.dropTable(t).execute();
  }
}
