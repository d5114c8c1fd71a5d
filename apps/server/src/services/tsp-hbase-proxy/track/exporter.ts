import { type TrackPointState, trackPointStates } from "@tsp/domain";
import type { AppContext } from "../../../context";
import type { ExportJob, MultiSheetExporter } from "../../../platform/exports/exporter";
import { chinaDateTime } from "../exporters";
import { type TrackQuery, vehicleTrack } from "./trackQuery";

const BATCH = 5000;
const blank = (n: number | null) => (n === null ? "" : n);

/** The 状态 column's words. */
const STATE_TEXT: Record<TrackPointState, string> = { driving: "行驶", stopped: "停车", overspeed: "超速" };

/** The track is read once per export, for both sheets (a day at most: it fits in memory). */
const cache = new WeakMap<ExportJob, ReturnType<typeof vehicleTrack>>();
const trackOf = (job: ExportJob, ctx: AppContext) => {
  let track = cache.get(job);
  if (!track) {
    // The VIN was checked against the submitter's tenants when the task was queued.
    track = vehicleTrack(ctx, job.params as unknown as TrackQuery);
    cache.set(job, track);
  }
  return track;
};

/** 机械轨迹查询's export: the points with their state, then the stops and overspeeds. */
export const trackExporter: MultiSheetExporter = {
  title: "车辆轨迹",
  sheets: [
    {
      title: "轨迹点",
      columns: [
        { header: "时间", key: "at", width: 22 },
        { header: "经度", key: "lng", width: 14 },
        { header: "纬度", key: "lat", width: 14 },
        { header: "车速(km/h)", key: "speed", width: 12 },
        { header: "里程(km)", key: "mileage", width: 12 },
        { header: "状态", key: "state", width: 8 },
      ],
      total: async (job, ctx) => (await trackOf(job, ctx)).samples.length,
      async *rows(job, ctx) {
        const { samples, summary } = await trackOf(job, ctx);
        const states = trackPointStates(samples.length, summary);
        for (let i = 0; i < samples.length; i += BATCH) {
          yield samples.slice(i, i + BATCH).map((s, k) => ({
            at: chinaDateTime(s.at),
            lng: s.lng,
            lat: s.lat,
            speed: blank(s.speedKmh),
            mileage: blank(s.mileageKm),
            state: STATE_TEXT[states[i + k] ?? "driving"],
          }));
        }
      },
    },
    {
      title: "停车与超速",
      columns: [
        { header: "类型", key: "kind", width: 8 },
        { header: "开始时间", key: "from", width: 22 },
        { header: "结束时间", key: "to", width: 22 },
        { header: "时长(分钟)", key: "minutes", width: 12 },
        { header: "最高车速(km/h)", key: "maxKmh", width: 14 },
        { header: "经度", key: "lng", width: 14 },
        { header: "纬度", key: "lat", width: 14 },
      ],
      async *rows(job, ctx) {
        const { samples, summary } = await trackOf(job, ctx);
        const rows = [
          ...summary.stops.map((s) => ({
            at: s.from,
            row: { kind: "停车", ...span(s.from, s.to), maxKmh: "", lng: s.lng, lat: s.lat },
          })),
          ...summary.overspeeds.map((o) => {
            const p = samples[o.startIndex];
            return {
              at: o.from,
              row: { kind: "超速", ...span(o.from, o.to), maxKmh: o.maxKmh, lng: p?.lng ?? "", lat: p?.lat ?? "" },
            };
          }),
        ].toSorted((a, b) => a.at - b.at);
        yield rows.map((r) => r.row);
      },
    },
  ],
};

const span = (from: number, to: number) => ({
  from: chinaDateTime(from),
  to: chinaDateTime(to),
  minutes: Math.round((to - from) / 6000) / 10,
});
