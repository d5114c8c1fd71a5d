import { type Kysely, sql } from "kysely";

/**
 * The TBOX journals page a VIN's frames by frame id (`tsp-hbase-proxy/journals/journalScan.ts`,
 * newest first, after the cursor's id); with only `(vin, received_at)` a page sorted every frame
 * of the VIN in the range to keep the top 200 — measured by the `gateway-journal` benchmark on a
 * 1M-frame VIN. `(vin, id)` on the partitioned journal gives each day partition an index in the
 * page's order: a merge of backward index scans that stops after the page, wherever the cursor is.
 * The dispatcher's poll asks which vehicles have queued commands (`gateway/commands/dispatch.ts`):
 * a partial index keeps that to the queued rows, however many commands were ever sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists gateway_frame_vin_id_idx on gateway_frame (vin, id)`.execute(db);
  await sql`create index if not exists gateway_command_queued_idx on gateway_command (vin) where state = 'queued'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists gateway_command_queued_idx`.execute(db);
  await sql`drop index if exists gateway_frame_vin_id_idx`.execute(db);
}
