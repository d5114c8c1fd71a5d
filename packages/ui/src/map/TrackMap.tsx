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
}

const lineStyle = new Style({ stroke: new Stroke({ color: "#2563eb", width: 3 }) });
const endStyle = (text: string, color: string) =>
  new Style({
    image: new CircleStyle({ radius: 9, fill: new Fill({ color }), stroke: new Stroke({ color: "#fff", width: 2 }) }),
    text: new Text({ text, fill: new Fill({ color: "#fff" }), font: "bold 11px sans-serif" }),
  });

const CHINA: LngLat = [116.4, 39.9];

/**
 * A vehicle's route on the offline basemap: the points joined in order, the start and the end
 * marked, the view fitted to the route. Read-only; the arrow keys pan and +/− zoom.
 */
export function TrackMap({ points, label, startText = "起", endText = "终", tiles, height = 360 }: TrackMapProps) {
  const sys = tiles?.coordSys ?? "wgs84";
  const mapRef = useRef<HTMLDivElement>(null);
  const first = points[0];
  const map = useOlMap(mapRef, { center: first ? [first.lng, first.lat] : CHINA, zoom: 9, tiles });
  const source = useMemo(() => new VectorSource(), []);

  useEffect(() => {
    const layer = new VectorLayer({ source, properties: { name: "track" } });
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
    };
  }, [map, source]);

  useEffect(() => {
    source.clear();
    if (points.length === 0) return;
    const coords = points.map((p) => toView([p.lng, p.lat], sys));
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
  }, [points, source, sys, map, startText, endText]);

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
