import { type Kysely, sql } from "kysely";

/**
 * The latest state per VIN of the new-energy data (issue 18 车辆实时状态, 单车查询): the newest
 * GB/T 32960 real-time or re-sent unit by collection time, one row per VIN, written in the
 * same batch transaction as the raw frame (gateway/stores/latestState.ts). The columns the
 * fleet list filters and sorts on are columns; the rest of the unit (cell extremes with their
 * positions, motors, alarm flags, 异常/无效 statuses) is the `snapshot` document. Online and the
 * last login/logout stay in gateway_vehicle_state (they follow the connection, not the data).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table gateway_latest_state (
      vin varchar(17) primary key,
      collected_at bigint not null,
      received_at bigint not null,
      frame_id bigint not null,
      soc double precision,
      alarm_level smallint,
      charge_state smallint,
      longitude double precision,
      latitude double precision,
      snapshot text not null
    )`.execute(db);
  await sql`create index gateway_latest_state_soc_idx on gateway_latest_state (soc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table gateway_latest_state`.execute(db);
}
