import { type Kysely, sql } from "kysely";

/**
 * 故障报警, 车辆分组 and 个人消息 (issue 18). The alarm episodes themselves are the gateway's
 * (gateway_alarm, dropped by day with its retention); an operator's handling is kept here keyed
 * by the episode id (bigserial, unique across partitions). Groups are a tenant's; messages are
 * derived on read, so only an account's setting, its mark-all time and its read marks are stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("operate_alarm_handling")
    .addColumn("alarm_id", "bigint", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("state", "text", (c) => c.notNull().check(sql`state in ('open','acknowledged','closed')`))
    .addColumn("acknowledged_by", "text")
    .addColumn("acknowledged_at", "bigint")
    .addColumn("acknowledge_note", "varchar(200)")
    .addColumn("closed_by", "text")
    .addColumn("closed_at", "bigint")
    .addColumn("close_note", "varchar(200)")
    .execute();
  await db.schema
    .createTable("operate_vehicle_group")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenant.id"))
    .addColumn("name", "varchar(30)", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("operate_vehicle_group_name", ["tenant_id", "name"])
    .execute();
  await db.schema
    .createTable("operate_vehicle_group_member")
    .addColumn("group_id", "integer", (c) => c.notNull().references("operate_vehicle_group.id").onDelete("cascade"))
    .addColumn("vin", "varchar(17)", (c) => c.notNull().references("vehicle.vin"))
    .addColumn("added_by", "text", (c) => c.notNull())
    .addColumn("added_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("operate_vehicle_group_member_pk", ["group_id", "vin"])
    .execute();
  // The alarm filter asks "is this VIN in the group": by VIN too.
  await db.schema
    .createIndex("operate_vehicle_group_member_vin")
    .on("operate_vehicle_group_member")
    .column("vin")
    .execute();
  await db.schema
    .createTable("personal_message_setting")
    .addColumn("account_id", "integer", (c) => c.primaryKey())
    .addColumn("min_level", "smallint", (c) => c.notNull().defaultTo(3).check(sql`min_level between 1 and 3`))
    // No cascade: a group in use is not deleted (deleteVehicleGroup answers 409 first).
    .addColumn("group_id", "integer", (c) => c.references("operate_vehicle_group.id"))
    .addColumn("read_all_before", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("personal_message_read")
    .addColumn("account_id", "integer", (c) => c.notNull())
    .addColumn("message_key", "varchar(64)", (c) => c.notNull())
    .addColumn("read_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("personal_message_read_pk", ["account_id", "message_key"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("personal_message_read").execute();
  await db.schema.dropTable("personal_message_setting").execute();
  await db.schema.dropTable("operate_vehicle_group_member").execute();
  await db.schema.dropTable("operate_vehicle_group").execute();
  await db.schema.dropTable("operate_alarm_handling").execute();
}
