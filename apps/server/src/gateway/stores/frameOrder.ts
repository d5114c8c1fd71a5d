import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema";

/**
 * Puts the seeded frame journal in arrival order: ids by (received_at, id), and every store
 * that names a frame by id follows. The gateway writes frames as they arrive, so its ids follow
 * arrival and the journals page by id (the cursor key). Seeds are backfill: several modules write
 * history of different days one after another (the frame journal's trips, HJ 1239 trucks, refused
 * logins, alarm mornings), which would leave older frames with newer ids — and a journal's
 * "newest first" out of order. Run once, at the end of the seed, in its transaction; never on a
 * live journal (the gateway's ids are already in order).
 */
export async function renumberFramesByArrival(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ max: string | number | null }>`select max(id) as max from gateway_frame`.execute(db);
  const offset = Number(rows[0]?.max ?? 0);
  if (offset === 0) return;
  // New ids above every old one, so no row ever takes an id another still holds.
  await sql`create temporary table frame_renumber on commit drop as
    select id as old_id, ${offset} + row_number() over (order by received_at, id) as new_id from gateway_frame`.execute(
    db,
  );
  await sql`update gateway_frame f set id = r.new_id from frame_renumber r where f.id = r.old_id`.execute(db);
  await sql`update gateway_position p set frame_id = r.new_id from frame_renumber r where p.frame_id = r.old_id`.execute(
    db,
  );
  await sql`update gateway_alarm a set start_frame_id = r.new_id from frame_renumber r where a.start_frame_id = r.old_id`.execute(
    db,
  );
  await sql`update gateway_alarm a set end_frame_id = r.new_id from frame_renumber r where a.end_frame_id = r.old_id`.execute(
    db,
  );
  await sql`update gateway_latest_state s set frame_id = r.new_id from frame_renumber r where s.frame_id = r.old_id`.execute(
    db,
  );
  // The forwarder's log and cursors (forwarder/) name frames by id too; order within a platform's frames is kept.
  await sql`update forward_log l set frame_id = r.new_id from frame_renumber r where l.frame_id = r.old_id`.execute(db);
  await sql`update forward_cursor c set last_frame_id = r.new_id from frame_renumber r where c.last_frame_id = r.old_id`.execute(
    db,
  );
  await sql`select setval(pg_get_serial_sequence('gateway_frame', 'id'), (select max(id) from gateway_frame))`.execute(
    db,
  );
}
