import { analyseTrack, TRACK_DEFAULTS, type TrackSample, trackQueryRefusal } from "@tsp/domain";
import type { AppContext } from "../../../context";
import { invalidField } from "../../../http/envelope";
import "../../../gateway/stores/tables";
import { vinVisible } from "../journalQuery";

/** A track query with its thresholds resolved (the defaults of @tsp/domain when absent). */
export interface TrackQuery {
  vin: string;
  startTime: number;
  endTime: number;
  speedLimitKmh: number;
  stopMinutes: number;
}

export const MSG_TRACK_VIN_NOT_FOUND = "未找到该VIN的车辆";

/** The query of a call's parameters, refused (400, nothing read) when the range or a threshold is wrong. */
export function trackQueryOf(query: {
  vin: string;
  startTime: number;
  endTime: number;
  speedLimit?: number | undefined;
  stopMinutes?: number | undefined;
}): TrackQuery {
  const q = {
    vin: query.vin,
    startTime: query.startTime,
    endTime: query.endTime,
    speedLimitKmh: query.speedLimit ?? TRACK_DEFAULTS.speedLimitKmh,
    stopMinutes: query.stopMinutes ?? TRACK_DEFAULTS.stopMinutes,
  };
  const refusal = trackQueryRefusal(q);
  if (refusal) throw invalidField(refusal.field, refusal.msg);
  return q;
}

/** 400 when the VIN is no vehicle of the tenants (another tenant's is not told apart). */
export async function mustSeeVin(ctx: AppContext, vin: string, tenantIds: readonly number[]) {
  if (!(await vinVisible(ctx, vin, tenantIds))) throw invalidField("vin", MSG_TRACK_VIN_NOT_FOUND);
}

/**
 * The fixed positions of the range from the gateway's positions store, in collection order
 * (re-sent data falls into place; a 0x0704 batch's entries by their sequence). The range is a
 * day at most, so the whole track is read at once (86,400 points of one-second reports).
 */
export async function trackSamples(ctx: AppContext, q: TrackQuery): Promise<TrackSample[]> {
  const rows = await ctx.db
    .selectFrom("gateway_position")
    .select(["collected_at", "longitude", "latitude", "speed_kmh", "mileage_km"])
    .where("vin", "=", q.vin)
    .where("collected_at", ">=", q.startTime)
    .where("collected_at", "<=", q.endTime)
    .where("fix_valid", "=", true)
    .where("longitude", "is not", null)
    .where("latitude", "is not", null)
    .orderBy("collected_at")
    .orderBy("frame_id")
    .orderBy("seq")
    .execute();
  return rows.map((r) => ({
    at: Number(r.collected_at),
    lng: Number(r.longitude),
    lat: Number(r.latitude),
    speedKmh: r.speed_kmh === null ? null : Number(r.speed_kmh),
    mileageKm: r.mileage_km === null ? null : Number(r.mileage_km),
  }));
}

/** The samples and their figures. */
export async function vehicleTrack(ctx: AppContext, q: TrackQuery) {
  const samples = await trackSamples(ctx, q);
  const summary = analyseTrack(samples, q);
  return { samples, summary };
}
