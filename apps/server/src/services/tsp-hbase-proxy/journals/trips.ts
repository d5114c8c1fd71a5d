import { segmentTrips, type Trip } from "@tsp/domain";
import type { AppContext } from "../../../context";
import { invalidField, ok } from "../../../http/envelope";
import type { Exporter } from "../../../platform/exports/exporter";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { DEFAULT_PAGE_SIZE } from "../../../platform/listQuery";
import { defineHandler } from "../../defineHandler";
import { type CursorScope, cursorAfter, encodeCursor } from "../cursor";
import { chinaDate, chinaDateTime } from "../exporters";
import { checkRange, type JournalQuery, vinVisible } from "../journalQuery";
import "../../../gateway/stores/tables";

/**
 * 行程数据报文 (/tbox/travalData): a vehicle's trips, derived on read from the gateway's decoded
 * position store by @tsp/domain `segmentTrips` (openapi getTboxTrips records why not a trip
 * store). The range (at most 31 days) bounds the read; pages are keyed by trip start time.
 */
async function tripsOf(ctx: AppContext, q: JournalQuery): Promise<Trip[]> {
  // The day partitions of the range, by receipt; a re-sent position arrives late, so its
  // receipt may fall a little after the range's end: its collection time decides.
  const rows = await ctx.db
    .selectFrom("gateway_position")
    .select(["collected_at", "longitude", "latitude", "speed_kmh", "mileage_km", "soc"])
    .where("vin", "=", q.vin)
    .where("received_at", ">=", q.startTime)
    .where("received_at", "<=", q.endTime + 24 * 3600 * 1000)
    .where("collected_at", ">=", q.startTime)
    .where("collected_at", "<=", q.endTime)
    .execute();
  const trips = segmentTrips(
    rows.map((r) => ({
      at: Number(r.collected_at),
      longitude: r.longitude === null ? null : Number(r.longitude),
      latitude: r.latitude === null ? null : Number(r.latitude),
      speed: r.speed_kmh === null ? null : Number(r.speed_kmh),
      mileage: r.mileage_km === null ? null : Number(r.mileage_km),
      soc: r.soc === null ? null : Number(r.soc),
    })),
  );
  return q.reportTimeDesc ? trips.toReversed() : trips;
}

const queryOf = (query: { vin: string; startTime: number; endTime: number; reportTimeDesc?: boolean }) => ({
  vin: query.vin,
  startTime: query.startTime,
  endTime: query.endTime,
  reportTimeDesc: query.reportTimeDesc !== false,
});

const scopeOf = (q: JournalQuery): CursorScope => ({
  kind: "tbox:trips",
  vin: q.vin,
  desc: q.reportTimeDesc,
  startTime: q.startTime,
  endTime: q.endTime,
});

/** getTboxTrips: one cursor page of the VIN's trips. */
export const getTboxTrips = defineHandler<"getTboxTrips">(async ({ query, principal }, ctx) => {
  const q = queryOf(query);
  checkRange(q);
  const scope = scopeOf(q);
  const after = cursorAfter(ctx.secrets, scope, query.rowKey);
  if (!(await vinVisible(ctx, q.vin, principal.tenantIds))) return { list: [], nextKey: null };
  const all = await tripsOf(ctx, q);
  const rest = after === null ? all : all.filter((t) => (q.reportTimeDesc ? t.startTime < after : t.startTime > after));
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const list = rest.slice(0, pageSize);
  const last = list.at(-1);
  return {
    list,
    nextKey: rest.length > pageSize && last ? encodeCursor(ctx.secrets, scope, last.startTime) : null,
  };
});

export const TRIPS_TITLE = "行程数据报文";

/** exportTripData: the VIN's trips as an export task. */
export const exportTripData = defineHandler<"exportTripData">(async ({ query, principal }, ctx) => {
  const q = queryOf(query);
  checkRange(q);
  if (!(await vinVisible(ctx, q.vin, principal.tenantIds))) throw invalidField("vin", "未找到该VIN的车辆");
  const name = `${TRIPS_TITLE}_${q.vin}_${chinaDate(q.startTime)}-${chinaDate(q.endTime)}.xlsx`;
  const task = await ctx.exports.submit(principal, "exportTripData", { ...q }, name);
  return ok(task, EXPORT_SUBMITTED_MSG);
});

const coordinate = (n: number | null) => (n === null ? "无效" : n.toFixed(6));

export const tripExporter: Exporter = {
  title: TRIPS_TITLE,
  columns: [
    { header: "VIN", key: "vin", width: 22 },
    { header: "开始时间", key: "startTime", width: 22 },
    { header: "结束时间", key: "endTime", width: 22 },
    { header: "起点经度", key: "startLongitude", width: 14 },
    { header: "起点纬度", key: "startLatitude", width: 14 },
    { header: "终点经度", key: "endLongitude", width: 14 },
    { header: "终点纬度", key: "endLatitude", width: 14 },
    { header: "行驶里程（km）", key: "distanceKm", width: 16 },
    { header: "行驶时长（min）", key: "durationMinutes", width: 16 },
    { header: "最高车速（km/h）", key: "maxSpeed", width: 16 },
    { header: "平均车速（km/h）", key: "avgSpeed", width: 16 },
    { header: "SOC消耗（%）", key: "socUsed", width: 14 },
    { header: "位置点数", key: "points", width: 10 },
  ],
  async *rows(job, ctx) {
    const q = job.params as unknown as JournalQuery;
    if (!(await vinVisible(ctx, q.vin, job.tenantIds))) return;
    const trips = await tripsOf(ctx, q);
    yield trips.map((t) => ({
      ...t,
      vin: q.vin,
      startTime: chinaDateTime(t.startTime),
      endTime: chinaDateTime(t.endTime),
      startLongitude: coordinate(t.startLongitude),
      startLatitude: coordinate(t.startLatitude),
      endLongitude: coordinate(t.endLongitude),
      endLatitude: coordinate(t.endLatitude),
      socUsed: t.socUsed ?? "—",
    }));
  },
};
