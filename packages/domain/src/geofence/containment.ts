import { distanceKm } from "../simulation/cities";
import type { Geofence, LngLat } from "./geofence";

/**
 * Whether a WGS-84 position lies in a geofence (boundary counts as inside). Terminals report
 * WGS-84 and fences are stored in WGS-84 (the editor converts from a GCJ-02 basemap), so no
 * datum shift happens here. A circle is measured on the sphere (haversine, R = 6371 km); a
 * polygon is tested by ray casting on longitude/latitude, which is exact enough for fences of
 * a few hundred kilometres that do not cross the antimeridian.
 */
export function insideGeofence(fence: Geofence, p: LngLat): boolean {
  if (fence.type === 1) return distanceKm(fence.center.lng, fence.center.lat, p.lng, p.lat) <= fence.radiusKm;
  return insidePolygon(fence.points, p);
}

/** Even-odd ray casting; a point on an edge or a corner counts as inside. */
export function insidePolygon(points: readonly LngLat[], p: LngLat): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i] as LngLat;
    const b = points[j] as LngLat;
    if (onSegment(a, b, p)) return true;
    if (a.lat > p.lat !== b.lat > p.lat && p.lng < ((b.lng - a.lng) * (p.lat - a.lat)) / (b.lat - a.lat) + a.lng) {
      inside = !inside;
    }
  }
  return inside;
}

function onSegment(a: LngLat, b: LngLat, p: LngLat): boolean {
  const cross = (b.lng - a.lng) * (p.lat - a.lat) - (b.lat - a.lat) * (p.lng - a.lng);
  if (Math.abs(cross) > 1e-12) return false;
  return (
    p.lng >= Math.min(a.lng, b.lng) &&
    p.lng <= Math.max(a.lng, b.lng) &&
    p.lat >= Math.min(a.lat, b.lat) &&
    p.lat <= Math.max(a.lat, b.lat)
  );
}
