import {
  entryInJournal,
  type JournalReport,
  journalEntries,
  journalReadsHj1239,
  type ObdValues,
  type ReportedFault,
  TBOX_JOURNAL_COMMANDS,
  type TboxJournal,
  type TboxJournalFilter,
} from "@tsp/domain";
import { sql } from "kysely";
import type { AppContext } from "../../../context";
import { inTenants } from "../../../platform/principal";

/** GB/T 32960 commands are one byte, JT/T 808 message ids two: the protocol pre-filter in SQL. */
const isJt808Command = (c: number) => c > 0xff;

/** A journal query after the router's validation. */
export interface TboxJournalQuery extends TboxJournalFilter {
  journal: TboxJournal;
  vin: string;
  startTime: number;
  endTime: number;
  reportTimeDesc: boolean;
}

/** One report as openapi's TboxJournalRow. */
export type TboxJournalRow = Omit<JournalReport, "alarms" | "items" | "obd" | "faults"> & {
  alarms: string[];
  faults: ReportedFault[];
  items: string[];
  obd: (Omit<ObdValues, "faultCodes"> & { faultCodes: string[] }) | null;
  frameId: number;
  receivedAt: number;
  command: number;
  content: string;
};

/** Frames read per query round trip while a page fills. */
const BATCH = 200;
/** The most frames one page reads: a page costs the same wherever it is in the journal. */
export const SCAN_LIMIT = 2000;

/** The journal's commands, narrowed to the chosen protocol (in SQL, before any decoding). */
export function journalCommands(q: TboxJournalQuery): number[] {
  return TBOX_JOURNAL_COMMANDS[q.journal].filter(
    (c) => q.protocol === undefined || isJt808Command(c) === (q.protocol === "jt808"),
  );
}

/**
 * The frames a journal may keep: the VIN's accepted frames of its commands in the range (the
 * HJ 1239 journal: the frames stored with no command, which only the HJ 1239 gateway writes),
 * of a vehicle of the tenants (one look-up of the VIN, not a join per frame).
 *
 * The VIN is bounded as a range (`vin >= v and vin <= v`), not `vin = v`, and the page is ordered
 * by `(vin, id)`: with `vin = v` PostgreSQL drops the constant `vin` from the order, and for a VIN
 * holding a tenth of the table it then walks the forwarder's global `(id)` index backwards through
 * every other vehicle's newer frames (255 ms for the hot VIN's page 1 over 10M frames, whose last
 * frame was days before the window's end). Ordered by `(vin, id)` only the `(vin, id)` index
 * (migration 0024) gives the order, so every page is a backward scan of the VIN's own entries in
 * each day partition, stopped after the page (the `gateway-journal` benchmark's EXPLAIN).
 */
function journalFrames(ctx: AppContext, q: TboxJournalQuery, tenantIds: readonly number[]) {
  const frames = ctx.db
    .selectFrom("gateway_frame")
    .where("received_at", ">=", q.startTime)
    .where("received_at", "<=", q.endTime)
    .where("vin", ">=", q.vin)
    .where("vin", "<=", q.vin)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("vehicle")
          .select(sql`1`.as("one"))
          .where("vehicle.vin", "=", q.vin)
          .where(inTenants("vehicle.tenant_id", { tenantIds })),
      ),
    )
    .where("status", "=", "ok");
  if (journalReadsHj1239(q.journal)) return frames.where("command", "is", null);
  return frames.where("command", "in", journalCommands(q));
}

/** One read of a page: the journal's frames after the cursor's id, in `(vin, id)` order (see {@link journalFrames}). */
export function journalPageQuery(
  ctx: AppContext,
  q: TboxJournalQuery,
  tenantIds: readonly number[],
  after: number | null,
  limit: number,
) {
  const dir = q.reportTimeDesc ? "desc" : "asc";
  let frames = journalFrames(ctx, q, tenantIds);
  if (after !== null) frames = frames.where("id", q.reportTimeDesc ? "<" : ">", after);
  return frames.select(["id", "received_at", "command", "raw_hex"]).orderBy("vin", dir).orderBy("id", dir).limit(limit);
}

/** The reports of a stored frame that belong to the journal. */
export function journalRows(
  q: TboxJournalQuery,
  f: { id: number | string; received_at: number | string; command: number | null; raw_hex: string },
): TboxJournalRow[] {
  return journalEntries(q.journal, f.raw_hex)
    .filter((e) => entryInJournal(q.journal, e, q))
    .map((e) => ({
      frameId: Number(f.id),
      receivedAt: Number(f.received_at),
      command: f.command ?? 0,
      content: f.raw_hex,
      ...e,
      alarms: [...e.alarms],
      items: [...e.items],
      faults: [...e.faults],
      obd: e.obd && { ...e.obd, faultCodes: [...e.obd.faultCodes] },
    }));
}

/**
 * One page: frames after `afterId` in the chosen order, decoded, kept when the journal keeps
 * them, until `pageSize` reports or {@link SCAN_LIMIT} frames. `lastId` is where the next page
 * continues (null when the range is read to its end).
 */
export async function scanPage(
  ctx: AppContext,
  q: TboxJournalQuery,
  tenantIds: readonly number[],
  afterId: number | null,
  pageSize: number,
): Promise<{ rows: TboxJournalRow[]; lastId: number | null }> {
  const rows: TboxJournalRow[] = [];
  let after = afterId;
  let scanned = 0;
  for (;;) {
    const limit = Math.min(BATCH, SCAN_LIMIT - scanned);
    const frames = await journalPageQuery(ctx, q, tenantIds, after, limit).execute();
    for (const f of frames) {
      scanned += 1;
      after = Number(f.id);
      rows.push(...journalRows(q, f));
      // A page ends on a frame boundary, so the cursor never splits a 0x0704 batch.
      if (rows.length >= pageSize) return { rows, lastId: after };
    }
    if (frames.length < limit) return { rows, lastId: null };
    if (scanned >= SCAN_LIMIT) return { rows, lastId: after };
  }
}

/** Every report of the query in batches (the export's rows; flat memory whatever the range). */
export async function* journalBatches(ctx: AppContext, q: TboxJournalQuery, tenantIds: readonly number[]) {
  let after: number | null = null;
  for (;;) {
    const page: { rows: TboxJournalRow[]; lastId: number | null } = await scanPage(ctx, q, tenantIds, after, 1000);
    if (page.rows.length > 0) yield page.rows;
    if (page.lastId === null) return;
    after = page.lastId;
  }
}
