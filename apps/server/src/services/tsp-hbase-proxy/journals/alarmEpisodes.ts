import type { AppContext } from "../../../context";
import "../../../gateway/stores/tables";
import { DEFAULT_PAGE_SIZE, keysetBatches, keysetPage } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import { type CursorScope, cursorAfter, encodeCursor } from "../cursor";
import { checkRange, vinVisible } from "../journalQuery";

/** 报警数据查询's query after the router's validation. */
export interface EpisodeQuery {
  vin: string;
  startTime: number;
  endTime: number;
  reportTimeDesc: boolean;
  protocol?: "gbt32960" | "jt808" | undefined;
  level?: number | undefined;
  alarm?: string | undefined;
}

export const episodeQueryOf = (query: {
  vin: string;
  startTime: number;
  endTime: number;
  reportTimeDesc?: boolean;
  protocol?: "gbt32960" | "jt808";
  level?: number;
  alarm?: string;
}): EpisodeQuery => ({
  vin: query.vin,
  startTime: query.startTime,
  endTime: query.endTime,
  reportTimeDesc: query.reportTimeDesc !== false,
  protocol: query.protocol,
  level: query.level,
  alarm: query.alarm,
});

/** The episodes of the query: the VIN's, started in the range, with the chosen filters. */
function episodes(ctx: AppContext, q: EpisodeQuery) {
  let s = ctx.db
    .selectFrom("gateway_alarm")
    .where("vin", "=", q.vin)
    .where("started_at", ">=", q.startTime)
    .where("started_at", "<=", q.endTime);
  if (q.protocol !== undefined) s = s.where("protocol", "=", q.protocol);
  if (q.level !== undefined) s = s.where("level", "=", q.level);
  if (q.alarm !== undefined) s = s.where("name", "=", q.alarm);
  return s;
}

const COLUMNS = [
  "id",
  "vin",
  "protocol",
  "name",
  "level",
  "started_at",
  "ended_at",
  "received_at",
  "start_frame_id",
] as const;

type EpisodeRecord = {
  id: number | string;
  vin: string;
  protocol: string;
  name: string;
  level: number | null;
  started_at: number | string;
  ended_at: number | string | null;
  received_at: number | string;
  start_frame_id: number | string;
};

/** Episodes as openapi's AlarmEpisode, each with the raw frame that started it (its day partition by receipt time). */
async function withFrames(ctx: AppContext, rows: readonly EpisodeRecord[]) {
  const frames =
    rows.length === 0
      ? []
      : await ctx.db
          .selectFrom("gateway_frame")
          .select(["id", "raw_hex"])
          .where(
            "received_at",
            "in",
            rows.map((r) => Number(r.received_at)),
          )
          .where(
            "id",
            "in",
            rows.map((r) => Number(r.start_frame_id)),
          )
          .execute();
  const hex = new Map(frames.map((f) => [Number(f.id), f.raw_hex]));
  return rows.map((r) => ({
    id: Number(r.id),
    vin: r.vin,
    protocol: r.protocol === "jt808" ? ("jt808" as const) : ("gbt32960" as const),
    name: r.name,
    level: r.level === null ? null : Number(r.level),
    startedAt: Number(r.started_at),
    endedAt: r.ended_at === null ? null : Number(r.ended_at),
    receivedAt: Number(r.received_at),
    content: hex.get(Number(r.start_frame_id)) ?? "",
  }));
}

const scopeOf = (q: EpisodeQuery): CursorScope => ({
  kind: "tbox:alarmEpisodes",
  vin: [q.vin, q.protocol ?? "", q.level ?? "", q.alarm ?? ""].join("~"),
  desc: q.reportTimeDesc,
  startTime: q.startTime,
  endTime: q.endTime,
});

/** getAlarmEpisodes: one cursor page of the VIN's alarm episodes (报警数据查询). */
export const getAlarmEpisodes = defineHandler<"getAlarmEpisodes">(async ({ query, principal }, ctx) => {
  const q = episodeQueryOf(query);
  checkRange(q);
  const scope = scopeOf(q);
  const after = cursorAfter(ctx.secrets, scope, query.rowKey);
  if (!(await vinVisible(ctx, q.vin, principal.tenantIds))) return { list: [], nextKey: null };
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const rows = await keysetPage(
    episodes(ctx, q),
    { column: "id", desc: q.reportTimeDesc, after, limit: pageSize + 1 },
    (s) => s.select([...COLUMNS]),
  );
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    list: await withFrames(ctx, page),
    nextKey: rows.length > pageSize && last ? encodeCursor(ctx.secrets, scope, Number(last.id)) : null,
  };
});

/** Every episode of the query in batches (the export's rows). */
export async function* episodeBatches(ctx: AppContext, q: EpisodeQuery) {
  const walk = {
    column: "id" as const,
    desc: q.reportTimeDesc,
    batch: 1000,
    keyOf: (r: EpisodeRecord) => Number(r.id),
  };
  for await (const rows of keysetBatches(episodes(ctx, q), walk, (s) => s.select([...COLUMNS]))) {
    yield await withFrames(ctx, rows);
  }
}
