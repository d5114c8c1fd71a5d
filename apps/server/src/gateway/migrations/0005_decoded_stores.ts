import { type Kysely, sql } from "kysely";

/**
 * The gateway's decoded stores (issue 16 "Stores, designed for growth"): the positions each
 * accepted frame reported (the track) and the alarm episodes (start at the first report
 * carrying an alarm, end at the first without it). Written in the same batch transaction as
 * the raw frame (gateway/stores/decodedStores.ts). Both are partitioned by day of the frame's
 * `received_at`, like gateway_frame, so one retention drops a day of all three
 * (gateway/stores/partitions.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table gateway_position (
      frame_id bigint not null,
      seq smallint not null,
      received_at bigint not null,
      vin varchar(17) not null,
      protocol varchar(8) not null,
      collected_at bigint not null,
      resent boolean not null,
      fix_valid boolean not null,
      longitude double precision,
      latitude double precision,
      speed_kmh double precision,
      mileage_km double precision,
      soc double precision,
      primary key (received_at, frame_id, seq)
    ) partition by range (received_at)`.execute(db);
  // The track of a vehicle is read by collection time.
  await sql`create index gateway_position_vin_idx on gateway_position (vin, collected_at)`.execute(db);
  await sql`
    create table gateway_alarm (
      id bigserial not null,
      received_at bigint not null,
      vin varchar(17) not null,
      protocol varchar(8) not null,
      name varchar(32) not null,
      level smallint,
      started_at bigint not null,
      ended_at bigint,
      start_frame_id bigint not null,
      end_frame_id bigint,
      primary key (received_at, id)
    ) partition by range (received_at)`.execute(db);
  await sql`create index gateway_alarm_vin_idx on gateway_alarm (vin, started_at)`.execute(db);
  // The writer reads a batch's vehicles' open alarms on every batch: keep that lookup small.
  await sql`create index gateway_alarm_open_idx on gateway_alarm (vin) where ended_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table gateway_alarm`.execute(db);
  await sql`drop table gateway_position`.execute(db);
}
