import type { LngLat } from "./coords";

/**
 * Geofence as the spec stores it (spec §3): type 1 circle, 2 polygon; position "lng,lat" for a
 * circle or "lng,lat;lng,lat;…" for a polygon; radius in kilometres (circles).
 */
export interface Geofence {
  type: 1 | 2;
  position: string;
  radius?: number;
}

/** A decoded geofence in WGS-84. */
export type GeofenceShape =
  | { kind: "circle"; center: LngLat; radiusKm: number }
  | { kind: "polygon"; points: LngLat[] };

const fmt = (n: number) => String(Math.round(n * 1e6) / 1e6);
const pair = (p: LngLat) => `${fmt(p[0])},${fmt(p[1])}`;

/**
 * Encodes a shape to the stored form (6 decimals ≈ 0.1 m; the polygon ring is not closed).
 * TODO(domain): switch to @tsp/domain's geofence encode/decode once it is exported.
 */
export function encodeGeofence(shape: GeofenceShape): Geofence {
  if (shape.kind === "circle")
    return { type: 1, position: pair(shape.center), radius: Math.round(shape.radiusKm * 1000) / 1000 };
  const pts = [...shape.points];
  const first = pts[0];
  const last = pts.at(-1);
  if (pts.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) pts.pop();
  return { type: 2, position: pts.map(pair).join(";") };
}

function parsePair(s: string): LngLat | null {
  const [a, b, ...rest] = s.split(",").map((x) => x.trim());
  if (rest.length || !a || !b) return null;
  const lng = Number(a);
  const lat = Number(b);
  if (!Number.isFinite(lng) || !Number.isFinite(lat) || Math.abs(lng) > 180 || Math.abs(lat) > 90) return null;
  return [lng, lat];
}

/** Decodes the stored form; null when it is not a valid circle (radius > 0) or polygon (≥ 3 points). */
export function decodeGeofence(g: Geofence): GeofenceShape | null {
  if (g.type === 1) {
    const center = parsePair(g.position);
    if (!center || !(typeof g.radius === "number" && g.radius > 0)) return null;
    return { kind: "circle", center, radiusKm: g.radius };
  }
  const points = g.position
    .split(";")
    .filter((s) => s.trim())
    .map(parsePair);
  if (points.length < 3 || points.some((p) => p === null)) return null;
  return { kind: "polygon", points: points as LngLat[] };
}
