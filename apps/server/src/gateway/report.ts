import type { Quantity, RealtimeData } from "@tsp/domain";
import type { LatestReport } from "./frameStore";

const validValue = (q: Quantity | undefined): number | undefined => (q?.status === "valid" ? q.value : undefined);

/**
 * What the latest state keeps of a real-time unit: the vehicle item's speed, SOC and
 * odometer and the position item's coordinates, each only when valid (abnormal/invalid
 * values leave the stored one in place). A position without a fix is not a position.
 * South and west make the coordinates negative.
 */
export function latestReport(data: RealtimeData): LatestReport {
  const out: { -readonly [K in keyof LatestReport]: LatestReport[K] } = { collectedAt: data.collectedAt };
  for (const item of data.items) {
    if (item.kind === "vehicle") {
      const speed = validValue(item.vehicle.speed);
      const soc = validValue(item.vehicle.soc);
      const mileage = validValue(item.vehicle.odometer);
      if (speed !== undefined) out.speedKmh = speed;
      if (soc !== undefined) out.soc = soc;
      if (mileage !== undefined) out.mileageKm = mileage;
    } else if (item.kind === "position" && item.position.fixValid) {
      const lon = validValue(item.position.longitude);
      const lat = validValue(item.position.latitude);
      if (lon !== undefined && lat !== undefined) {
        out.longitude = item.position.west ? -lon : lon;
        out.latitude = item.position.south ? -lat : lat;
      }
    }
  }
  return out;
}
