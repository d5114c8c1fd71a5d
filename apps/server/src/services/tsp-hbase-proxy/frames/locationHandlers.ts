import { type FramePosition, framePositions } from "@tsp/domain";
import type { AppContext } from "../../../context";
import { invalidField, ok } from "../../../http/envelope";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { DEFAULT_PAGE_SIZE, keysetBatches, keysetPage } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import { decodeCursor, encodeCursor } from "../cursor";
import { chinaDate } from "../exporters";
import { vinVisible } from "../journalQuery";
import { checkFrameRange, frameKeyset, framesOf, POSITION_COMMANDS } from "./frameQuery";

/** The most points the track answers (the map stays light whatever the range). */
export const TRACK_MAX_POINTS = 2000;

export interface LocationQuery {
  vin: string;
  startTime: number;
  endTime: number;
  reportTimeDesc: boolean;
}

/** Frames of the VIN in the range that may carry positions, read and answered by the gateway. */
export function positionFrames(ctx: AppContext, q: LocationQuery, tenantIds: readonly number[]) {
  return framesOf(ctx, { ...q, tenantIds })
    .where("status", "=", "ok")
    .where("command", "in", POSITION_COMMANDS);
}

const FRAME_COLUMNS = ["id", "received_at", "raw_hex"] as const;

/** Each position of a stored frame as openapi's LocationRow. */
export function positionRows(f: { id: number | string; received_at: number | string; raw_hex: string }) {
  return framePositions(f.raw_hex).map((p: FramePosition) => ({
    frameId: Number(f.id),
    receivedAt: Number(f.received_at),
    ...p,
  }));
}

/** Every frame of the query in keyset batches (exports, the track). */
export async function* positionBatches(ctx: AppContext, q: LocationQuery, tenantIds: readonly number[]) {
  const walk = { ...frameKeyset(q.reportTimeDesc), batch: 1000, keyOf: (r: { id: number | string }) => Number(r.id) };
  for await (const frames of keysetBatches(positionFrames(ctx, q, tenantIds), walk, (s) =>
    s.select([...FRAME_COLUMNS]),
  )) {
    yield frames.flatMap(positionRows);
  }
}

const queryOf = (query: { vin: string; startTime: number; endTime: number; reportTimeDesc?: boolean }) => ({
  vin: query.vin,
  startTime: query.startTime,
  endTime: query.endTime,
  reportTimeDesc: query.reportTimeDesc !== false,
});

/** getLocationList: the positions of up to pageSize frames, cursor-paged. */
export const getLocationList = defineHandler<"getLocationList">(async ({ query, principal }, ctx) => {
  const q = queryOf(query);
  checkFrameRange(q);
  const scope = {
    kind: "location" as const,
    vin: q.vin,
    desc: q.reportTimeDesc,
    startTime: q.startTime,
    endTime: q.endTime,
  };
  let after: number | null = null;
  if (query.rowKey !== undefined) {
    after = decodeCursor(ctx.secrets, scope, query.rowKey);
    if (after === null) throw invalidField("rowKey", "游标无效或已被篡改，请重新查询");
  }
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const frames = await keysetPage(
    positionFrames(ctx, q, principal.tenantIds),
    { ...frameKeyset(q.reportTimeDesc), after, limit: pageSize + 1 },
    (s) => s.select([...FRAME_COLUMNS]),
  );
  const page = frames.slice(0, pageSize);
  const last = page.at(-1);
  return {
    list: page.flatMap(positionRows),
    nextKey: frames.length > pageSize && last ? encodeCursor(ctx.secrets, scope, Number(last.id)) : null,
  };
});

/** Keeps at most `max` items, evenly spread, the first and the last included. */
export function thinEvenly<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  const step = (items.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => items[Math.round(i * step)] as T);
}

/** getLocationTrack: the fixed positions in collection order, thinned to 2000. */
export const getLocationTrack = defineHandler<"getLocationTrack">(async ({ query, principal }, ctx) => {
  const q = { ...queryOf(query), reportTimeDesc: false };
  checkFrameRange(q);
  const points: { time: number; longitude: number; latitude: number }[] = [];
  for await (const rows of positionBatches(ctx, q, principal.tenantIds)) {
    for (const r of rows) {
      if (r.fixValid && r.longitude !== null && r.latitude !== null) {
        points.push({ time: r.collectedAt, longitude: r.longitude, latitude: r.latitude });
      }
    }
  }
  // Re-sent data arrives late: the route follows the terminal's collection time.
  points.sort((a, b) => a.time - b.time);
  return {
    points: thinEvenly(points, TRACK_MAX_POINTS),
    total: points.length,
    thinned: points.length > TRACK_MAX_POINTS,
  };
});

/** exportLocations: queue the .xlsx of every position of the range. */
export const exportLocations = defineHandler<"exportLocations">(async ({ query, principal }, ctx) => {
  const q = queryOf(query);
  checkFrameRange(q);
  if (!(await vinVisible(ctx, q.vin, principal.tenantIds))) throw invalidField("vin", "未找到该VIN的车辆");
  const name = `位置数据_${q.vin}_${chinaDate(q.startTime)}-${chinaDate(q.endTime)}.xlsx`;
  return ok(await ctx.exports.submit(principal, "exportLocations", { ...q }, name), EXPORT_SUBMITTED_MSG);
});
