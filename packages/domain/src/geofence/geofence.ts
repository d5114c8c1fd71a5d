import { err, ok, type Result } from "../shared/result";

/** A longitude/latitude pair in degrees. */
export interface LngLat {
  readonly lng: number;
  readonly lat: number;
}

/**
 * A geofence as the console works with it (platform-shell.md §3 "Geofence"; business-areas.md
 * §2): type 1 a circle (centre and radius in kilometres), type 2 a polygon.
 */
export type Geofence =
  | { readonly type: 1; readonly center: LngLat; readonly radiusKm: number }
  | { readonly type: 2; readonly points: readonly LngLat[] };

/** A geofence as stored and sent: position text plus radius (km, circles only). */
export interface GeofenceWire {
  readonly type: number;
  readonly position: string;
  readonly radius?: number | null;
}

/** Type code of a circle. */
export const GEOFENCE_CIRCLE = 1;
/** Type code of a polygon. */
export const GEOFENCE_POLYGON = 2;
/** A polygon needs at least three points to enclose an area. */
export const POLYGON_MIN_POINTS = 3;
/** Geofence map default zoom (§9 "geofence map default zoom 4"). */
export const GEOFENCE_MAP_ZOOM = 4;
/** Default centre of the geofence map, near the middle of China (§9), as lng/lat. */
export const GEOFENCE_MAP_CENTER: LngLat = { lng: 104.07, lat: 35.0 };

// Designed messages: the spec says what the position holds, not what a bad one is told.
/** Unknown geofence type. */
export const MSG_GEOFENCE_TYPE = "围栏类型必须为1（圆形）或2（多边形）";
/** Radius missing, zero, negative or not a number. */
export const MSG_GEOFENCE_RADIUS = "圆形围栏的半径必须是大于0的公里数";
/** Polygon with fewer than three points. */
export const MSG_POLYGON_POINTS = `多边形围栏至少需要${POLYGON_MIN_POINTS}个点`;

/** "第n个点" for polygons, "中心点" for circles. */
function pointMessage(where: string, text: string): string {
  return `${where}“${text}”格式应为“经度,纬度”，经度在-180到180之间，纬度在-90到90之间`;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/** Parses "lng,lat" (spaces around either number allowed), or null when malformed or out of range. */
export function parseLngLat(text: string): LngLat | null {
  const parts = text.split(",").map((p) => p.trim());
  if (parts.length !== 2) return null;
  const [lngText, latText] = parts as [string, string];
  if (!NUMBER.test(lngText) || !NUMBER.test(latText)) return null;
  const lng = Number(lngText);
  const lat = Number(latText);
  if (lng < -180 || lng > 180 || lat < -90 || lat > 90) return null;
  return { lng, lat };
}

/**
 * A coordinate as plain decimal text: String() gives the shortest text that reads back to the
 * same number, but writes values below 1e-6 with an exponent, which the position format has no
 * room for; those are written with 12 decimals instead.
 */
function plain(n: number): string {
  const s = String(n);
  return s.includes("e") ? n.toFixed(12).replace(/\.?0+$/, "") : s;
}

/** "lng,lat" of a point. */
export function formatLngLat(p: LngLat): string {
  return `${plain(p.lng)},${plain(p.lat)}`;
}

/**
 * Reads a stored geofence (§3): type 1 — position "lng,lat" and a radius in km above 0;
 * type 2 — points "lng,lat;lng,lat;…" (a trailing semicolon tolerated), at least three.
 * Anything else is rejected with the reason.
 */
export function decodeGeofence(wire: GeofenceWire): Result<Geofence, string> {
  if (wire.type === GEOFENCE_CIRCLE) {
    const center = parseLngLat(wire.position);
    if (center === null) return err(pointMessage("中心点", wire.position));
    const radiusKm = wire.radius;
    if (typeof radiusKm !== "number" || !Number.isFinite(radiusKm) || radiusKm <= 0) return err(MSG_GEOFENCE_RADIUS);
    return ok({ type: 1, center, radiusKm });
  }
  if (wire.type === GEOFENCE_POLYGON) {
    const texts = wire.position.replace(/;\s*$/, "").split(";");
    const points: LngLat[] = [];
    for (const [i, text] of texts.entries()) {
      const p = parseLngLat(text);
      if (p === null) return err(pointMessage(`第${i + 1}个点`, text));
      points.push(p);
    }
    if (points.length < POLYGON_MIN_POINTS) return err(MSG_POLYGON_POINTS);
    return ok({ type: 2, points });
  }
  return err(MSG_GEOFENCE_TYPE);
}

/** Writes a geofence in the stored form (the inverse of {@link decodeGeofence}). */
export function encodeGeofence(fence: Geofence): GeofenceWire {
  if (fence.type === 1) return { type: 1, position: formatLngLat(fence.center), radius: fence.radiusKm };
  return { type: 2, position: fence.points.map(formatLngLat).join(";") };
}

/** Radius for drawing: kilometres × 1000 (§9 "circle radius in km multiplied by 1000 for drawing"). */
export function radiusMetres(radiusKm: number): number {
  return radiusKm * 1000;
}
