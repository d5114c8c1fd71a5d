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
import type { AppContext } from "../../../context";
import { keysetPage } from "../../../platform/listQuery";
import { framesOf } from "../frames/frameQuery";

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
 * HJ 1239 journal: the frames stored with no command, which only the HJ 1239 gateway writes).
 */
function journalFrames(ctx: AppContext, q: TboxJournalQuery, tenantIds: readonly number[]) {
  const frames = framesOf(ctx, { vin: q.vin, startTime: q.startTime, endTime: q.endTime, tenantIds }).where(
    "status",
    "=",
    "ok",
  );
  if (journalReadsHj1239(q.journal)) return frames.where("command", "is", null);
  return frames.where("command", "in", journalCommands(q));
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
    const frames = await keysetPage(
      journalFrames(ctx, q, tenantIds),
      { column: "id", desc: q.reportTimeDesc, after, limit },
      (s) => s.select(["id", "received_at", "command", "raw_hex"]),
    );
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
