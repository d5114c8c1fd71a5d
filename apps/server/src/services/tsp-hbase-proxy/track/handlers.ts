import { ok } from "../../../http/envelope";
import { EXPORT_SUBMITTED_MSG } from "../../../platform/exports/queue";
import { defineHandler } from "../../defineHandler";
import { chinaDate } from "../exporters";
import { mustSeeVin, trackQueryOf, vehicleTrack } from "./trackQuery";

/** getVehicleTrack: every fixed position of the range as parallel arrays, and the track's figures. */
export const getVehicleTrack = defineHandler<"getVehicleTrack">(async ({ query, principal }, ctx) => {
  const q = trackQueryOf(query);
  await mustSeeVin(ctx, q.vin, principal.tenantIds);
  const { samples, summary } = await vehicleTrack(ctx, q);
  return {
    vin: q.vin,
    at: samples.map((s) => s.at),
    lng: samples.map((s) => s.lng),
    lat: samples.map((s) => s.lat),
    speed: samples.map((s) => s.speedKmh),
    mileage: samples.map((s) => s.mileageKm),
    summary: {
      ...summary,
      stops: [...summary.stops],
      overspeeds: [...summary.overspeeds],
      speedLimitKmh: q.speedLimitKmh,
      stopMinutes: q.stopMinutes,
    },
  };
});

/** exportVehicleTrack: queue the .xlsx of the track's points, stops and overspeeds. */
export const exportVehicleTrack = defineHandler<"exportVehicleTrack">(async ({ query, principal }, ctx) => {
  const q = trackQueryOf(query);
  await mustSeeVin(ctx, q.vin, principal.tenantIds);
  const name = `轨迹_${q.vin}_${chinaDate(q.startTime)}.xlsx`;
  return ok(await ctx.exports.submit(principal, "exportVehicleTrack", { ...q }, name), EXPORT_SUBMITTED_MSG);
});
