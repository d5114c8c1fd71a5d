import Feature from "ol/Feature";
import Point from "ol/geom/Point";
import type VectorSource from "ol/source/Vector";
import { toView } from "./basemap";
import type { CoordSys } from "./coords";

/** The fleet as parallel arrays (as the map calls answer it): WGS-84 degrees, a category each. */
export interface FleetPoints {
  readonly id: readonly string[];
  readonly lng: readonly number[];
  readonly lat: readonly number[];
  readonly category: readonly string[];
}

/** A vehicle's feature and the degrees it was last placed at. */
export interface FleetEntry {
  readonly feature: Feature<Point>;
  lng: number;
  lat: number;
  /** The read that last held this vehicle (the ones a read no longer holds are removed). */
  read: number;
}

/** Numbers the reads, so "held by this read" is one comparison (no set of 10,000 ids per read). */
let reads = 0;

/** What one {@link syncFleet} changed. */
export interface FleetSync {
  added: number;
  moved: number;
  recategorised: number;
  removed: number;
}

/**
 * Brings `source` to `points` in place: the features are kept by id (`byId`), a moved point's
 * geometry gets its new coordinates, a changed category is set, only the new ids are added and
 * only the gone ones removed. A live fleet polled every few seconds moves a fraction of its
 * vehicles per read; replacing all 10,000 features (and re-indexing them) froze the map for
 * hundreds of milliseconds per read (issue 18's benchmark).
 */
export function syncFleet(
  source: VectorSource<Feature<Point>>,
  byId: Map<string, FleetEntry>,
  points: FleetPoints,
  sys: CoordSys,
): FleetSync {
  const result: FleetSync = { added: 0, moved: 0, recategorised: 0, removed: 0 };
  const read = ++reads;
  const fresh: Feature<Point>[] = [];
  for (let i = 0; i < points.id.length; i++) {
    const id = points.id[i] as string;
    const lng = points.lng[i] ?? 0;
    const lat = points.lat[i] ?? 0;
    const category = points.category[i];
    const known = byId.get(id);
    if (known?.read === read) continue; // a repeated id: the first one counts
    if (!known) {
      const feature = new Feature(new Point(toView([lng, lat], sys)));
      feature.setId(id);
      feature.set("category", category, true);
      byId.set(id, { feature, lng, lat, read });
      fresh.push(feature);
      continue;
    }
    // Compared in degrees as received: most of a fleet stands still between two reads, and
    // those need no conversion (GCJ-02's is not cheap) and fire no change.
    known.read = read;
    if (known.lng !== lng || known.lat !== lat) {
      known.feature.getGeometry()?.setCoordinates(toView([lng, lat], sys));
      known.lng = lng;
      known.lat = lat;
      result.moved++;
    }
    if (known.feature.get("category") !== category) {
      known.feature.set("category", category);
      result.recategorised++;
    }
  }
  const gone: Feature<Point>[] = [];
  for (const [id, entry] of byId) {
    if (entry.read !== read) {
      gone.push(entry.feature);
      byId.delete(id);
    }
  }
  if (gone.length > 0) source.removeFeatures(gone);
  if (fresh.length > 0) source.addFeatures(fresh);
  result.added = fresh.length;
  result.removed = gone.length;
  return result;
}
