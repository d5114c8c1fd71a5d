import Feature from "ol/Feature";
import LineString from "ol/geom/LineString";
import Point from "ol/geom/Point";
import VectorLayer from "ol/layer/Vector";
import VectorSource from "ol/source/Vector";
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from "ol/style";
import { useEffect, useMemo, useRef } from "react";
import { type TileConfig, toView } from "./basemap";
import type { LngLat } from "./coords";
import { useOlMap } from "./useOlMap";

/** One point of a route: WGS-84 degrees as the terminal reported them. */
export interface TrackPoint {
  readonly lng: number;
  readonly lat: number;
}

/** Props of {@link TrackMap}. */
export interface TrackMapProps {
  /** The route in order, WGS-84; the map converts for its basemap (GCJ-02 tiles included). */
  points: readonly TrackPoint[];
  /** The map's accessible name (what route it shows). */
  label: string;
  /** Words of the two ends (default 起 / 终). */
  startText?: string;
  endText?: string;
  tiles?: TileConfig | null;
  height?: number;
  /** Index of the point where the vehicle is during playback (a marker of its own), or none. */
  cursor?: number | null;
  /** Stretches drawn over the route in red, by point index (e.g. over the speed limit). */
  highlights?: readonly { readonly startIndex: number; readonly endIndex: number }[];
  /** Places marked on the route by point index (e.g. stops, marked P). */
  marks?: readonly { readonly index: number; readonly text: string }[];
}

const lineStyle = new Style({ stroke: new Stroke({ color: "#2563eb", width: 3 }) });
const endStyle = (text: string, color: string) =>
  new Style({
    image: new CircleStyle({ radius: 9, fill: new Fill({ color }), stroke: new Stroke({ color: "#fff", width: 2 }) }),
    text: new Text({ text, fill: new Fill({ color: "#fff" }), font: "bold 11px sans-serif" }),
  });

const highlightStyle = new Style({ stroke: new Stroke({ color: "#dc2626", width: 5 }) });
const markStyle = (text: string) =>
  new Style({
    image: new CircleStyle({
      radius: 8,
      fill: new Fill({ color: "#7c3aed" }),
      stroke: new Stroke({ color: "#fff", width: 2 }),
    }),
    text: new Text({ text, fill: new Fill({ color: "#fff" }), font: "bold 10px sans-serif" }),
  });
const cursorStyle = new Style({
  image: new CircleStyle({
    radius: 7,
    fill: new Fill({ color: "#f59e0b" }),
    stroke: new Stroke({ color: "#111827", width: 2 }),
  }),
});

const CHINA: LngLat = [116.4, 39.9];

/**
 * A vehicle's route on the offline basemap: the points joined in order, the start and the end
 * marked, the view fitted to the route; optionally stretches in red, marked places and a
 * playback marker (moved without redrawing the route, so a day of points replays smoothly).
 * Read-only; the arrow keys pan and +/− zoom.
 */
export function TrackMap({
  points,
  label,
  startText = "起",
  endText = "终",
  tiles,
  height = 360,
  cursor = null,
  highlights,
  marks,
}: TrackMapProps) {
  const sys = tiles?.coordSys ?? "wgs84";
  const mapRef = useRef<HTMLDivElement>(null);
  const first = points[0];
  const map = useOlMap(mapRef, { center: first ? [first.lng, first.lat] : CHINA, zoom: 9, tiles });
  const source = useMemo(() => new VectorSource(), []);
  const overlay = useMemo(() => new VectorSource(), []);
  const marker = useMemo(() => {
    const f = new Feature<Point>();
    f.setStyle(cursorStyle);
    return f;
  }, []);

  useEffect(() => {
    const layer = new VectorLayer({ source, properties: { name: "track" } });
    const top = new VectorLayer({ source: overlay, properties: { name: "track-marks" } });
    const moving = new VectorLayer({
      source: new VectorSource({ features: [marker] }),
      properties: { name: "track-cursor" },
    });
    map.addLayer(layer);
    map.addLayer(top);
    map.addLayer(moving);
    return () => {
      map.removeLayer(layer);
      map.removeLayer(top);
      map.removeLayer(moving);
    };
  }, [map, source, overlay, marker]);

  const coords = useMemo(() => points.map((p) => toView([p.lng, p.lat], sys)), [points, sys]);

  useEffect(() => {
    overlay.clear();
    const at = (i: number) => coords[Math.max(0, Math.min(coords.length - 1, i))] as number[];
    for (const h of highlights ?? []) {
      // One point alone still shows: a stretch of a single sample is drawn to the next one.
      const part = coords.slice(h.startIndex, Math.max(h.endIndex, h.startIndex + 1) + 1);
      if (part.length < 2) continue;
      const f = new Feature(new LineString(part));
      f.setStyle(highlightStyle);
      overlay.addFeature(f);
    }
    for (const m of marks ?? []) {
      if (coords.length === 0) break;
      const f = new Feature(new Point(at(m.index)));
      f.setStyle(markStyle(m.text));
      overlay.addFeature(f);
    }
  }, [coords, highlights, marks, overlay]);

  useEffect(() => {
    // One feature moves per playback tick: its point is moved in place (the route is not redrawn
    // from its data; OpenLayers draws the day's line simplified for the zoom, cached per zoom).
    const c = cursor === null ? undefined : coords[cursor];
    const geometry = marker.getGeometry();
    if (!c) marker.setGeometry(undefined);
    else if (geometry) geometry.setCoordinates(c);
    else marker.setGeometry(new Point(c));
  }, [cursor, coords, marker]);

  useEffect(() => {
    source.clear();
    if (coords.length === 0) return;
    const geometry = new LineString(coords);
    const line = new Feature(geometry);
    line.setStyle(lineStyle);
    const start = new Feature(new Point(coords[0] as number[]));
    start.setStyle(endStyle(startText, "#16a34a"));
    const end = new Feature(new Point(coords[coords.length - 1] as number[]));
    end.setStyle(endStyle(endText, "#dc2626"));
    source.addFeatures([line, start, end]);
    map.getView().fit(geometry.getExtent(), {
      padding: [40, 40, 40, 40],
      maxZoom: 15,
      duration: 0,
    });
  }, [coords, source, map, startText, endText]);

  return (
    <div
      ref={mapRef}
      role="application"
      aria-label={label}
      aria-roledescription="地图"
      className="w-full overflow-hidden rounded border border-gray-200 bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600/40"
      style={{ height }}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the map takes arrow keys
      tabIndex={0}
    />
  );
}
