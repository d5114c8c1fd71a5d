import { boundingExtent } from "ol/extent";
import type Feature from "ol/Feature";
import type { FeatureLike } from "ol/Feature";
import type Point from "ol/geom/Point";
import VectorLayer from "ol/layer/Vector";
import Cluster from "ol/source/Cluster";
import VectorSource from "ol/source/Vector";
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from "ol/style";
import { useEffect, useMemo, useRef } from "react";
import type { TileConfig } from "./basemap";
import { CHINA_CENTER } from "./config";
import { type FleetEntry, type FleetPoints, syncFleet } from "./fleetFeatures";
import { useOlMap } from "./useOlMap";

export type { FleetPoints } from "./fleetFeatures";

/** Props of {@link FleetMap}. */
export interface FleetMapProps {
  points: FleetPoints;
  /** Colour of each category; the first category of `order` in a cluster colours it. */
  colors: Readonly<Record<string, string>>;
  /** Categories by importance (e.g. alarm first): a cluster shows the most important it holds. */
  order: readonly string[];
  /** Called with the id of the point clicked (a cluster of several zooms in instead). */
  onSelect: (id: string) => void;
  /** The point to ring (the one whose card is open), or none. */
  selected?: string | null;
  /** The map's accessible name. */
  label: string;
  /** When it changes (a new search, not a poll), the view fits the points again. */
  fitKey?: string;
  tiles?: TileConfig | null;
  height?: number;
}

/**
 * OpenLayers' cluster source that can be held: while `held`, changes of the points' source do
 * not re-cluster (a read of the fleet moves many points, each a change); {@link release}
 * re-clusters once.
 */
class BatchedCluster extends Cluster<Feature<Point>> {
  held = false;
  private missed = false;
  override refresh(): void {
    if (this.held) {
      this.missed = true;
      return;
    }
    super.refresh();
  }
  release(): void {
    if (!this.held) return;
    this.held = false;
    if (this.missed) {
      this.missed = false;
      this.refresh();
    }
  }
}

/** Pixels within which points merge into one cluster. */
const CLUSTER_DISTANCE = 36;

const styleCache = new Map<string, Style>();
function clusterStyle(color: string, count: number, ring: boolean): Style {
  const key = `${color}|${count}|${ring}`;
  let style = styleCache.get(key);
  if (!style) {
    const radius = count === 1 ? 7 : Math.min(24, 10 + Math.log2(count) * 2.5);
    style = new Style({
      image: new CircleStyle({
        radius,
        fill: new Fill({ color }),
        stroke: new Stroke({ color: ring ? "#111827" : "#ffffff", width: ring ? 3 : 2 }),
      }),
      text:
        count > 1
          ? new Text({ text: String(count), fill: new Fill({ color: "#fff" }), font: "bold 11px sans-serif" })
          : undefined,
    });
    styleCache.set(key, style);
  }
  return style;
}

/** The colour of a cluster: its most important category's by `order` (grey when none is known). */
export function clusterColor(
  categories: readonly string[],
  colors: Readonly<Record<string, string>>,
  order: readonly string[],
): string {
  let best = order.length;
  for (const c of categories) {
    const rank = order.indexOf(c);
    if (rank >= 0 && rank < best) best = rank;
  }
  return colors[order[best] ?? ""] ?? "#6b7280";
}

/**
 * A fleet on the offline basemap: every point a feature of one vector layer drawn on the map's
 * canvas (no DOM element per vehicle), merged by OpenLayers' cluster source into counted
 * circles coloured by the most important category inside; a click on a single point selects
 * it, on a cluster zooms to it. New `points` update the features in place without moving the view
 * (a live fleet polled every few seconds: only the moved, new and gone ones change, and the fleet
 * is re-clustered once per read); the view fits the fleet on the first non-empty load
 * and again when `fitKey` changes (a new search).
 * The arrow keys pan and +/− zoom; the page offers a keyboard way to pick a point (a search).
 */
export function FleetMap({
  points,
  colors,
  order,
  onSelect,
  selected = null,
  label,
  fitKey = "",
  tiles,
  height = 520,
}: FleetMapProps) {
  const sys = tiles?.coordSys ?? "wgs84";
  const mapRef = useRef<HTMLDivElement>(null);
  const map = useOlMap(mapRef, { center: CHINA_CENTER, zoom: 4, tiles });
  const source = useMemo(() => new VectorSource<Feature<Point>>(), []);
  const fitted = useRef<string | null>(null);
  // The fleet's features by id, kept across reads so a poll moves them in place.
  const byId = useRef(new Map<string, FleetEntry>());
  const madeIn = useRef(sys);
  const layer = useMemo(
    () =>
      new VectorLayer({
        source: new BatchedCluster({ distance: CLUSTER_DISTANCE, source }),
        properties: { name: "fleet" },
      }),
    [source],
  );

  useEffect(() => {
    // A cluster's colour and ring need a walk over its members; the style function runs for every
    // cluster on every redraw of the layer (each pan step), so each cluster's style is worked out
    // once and kept with it until the colours, the order or the selection change (a new map).
    const styles = new WeakMap<FeatureLike, Style>();
    layer.setStyle((cluster: FeatureLike) => {
      let style = styles.get(cluster);
      if (!style) {
        const members = (cluster.get("features") ?? []) as Feature[];
        const color = clusterColor(
          members.map((f) => f.get("category") as string),
          colors,
          order,
        );
        const ring = selected !== null && members.some((f) => f.getId() === selected);
        style = clusterStyle(color, members.length, ring);
        styles.set(cluster, style);
      }
      return style;
    });
  }, [layer, colors, order, selected]);

  useEffect(() => {
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
    };
  }, [map, layer]);

  useEffect(() => {
    const click = map.on("click", (e) => {
      const hit = map.forEachFeatureAtPixel(e.pixel, (f) => f, { layerFilter: (l) => l === layer });
      const members = (hit?.get("features") ?? []) as Feature<Point>[];
      if (members.length === 1) {
        onSelect(String(members[0]?.getId()));
      } else if (members.length > 1) {
        const extent = boundingExtent(members.map((f) => f.getGeometry()?.getCoordinates() ?? [0, 0]));
        map.getView().fit(extent, { padding: [60, 60, 60, 60], maxZoom: 16, duration: 250 });
      }
    });
    const pointer = map.on("pointermove", (e) => {
      const over = map.hasFeatureAtPixel(e.pixel, { layerFilter: (l) => l === layer });
      map.getTargetElement()?.style.setProperty("cursor", over ? "pointer" : "");
    });
    return () => {
      map.un("click", click.listener);
      map.un("pointermove", pointer.listener);
    };
  }, [map, layer, onSelect]);

  useEffect(() => {
    // The cluster source re-clusters the whole fleet on every change of the points' source (each
    // moved point fires one): it is held while the read is applied, and re-clusters once, in a
    // task of its own, so neither half freezes the map for long. Until then the clusters of the
    // previous read stay on the map.
    const cluster = layer.getSource() as BatchedCluster;
    cluster.held = true;
    if (madeIn.current !== sys) {
      // Another coordinate system (WGS-84 ↔ GCJ-02) moves every point: the features are made again.
      source.clear(true);
      byId.current.clear();
      madeIn.current = sys;
    }
    syncFleet(source, byId.current, points, sys);
    const extent = source.getExtent();
    if (fitted.current !== fitKey && points.id.length > 0 && extent) {
      fitted.current = fitKey;
      map.getView().fit(extent, { padding: [40, 40, 40, 40], maxZoom: 12, duration: 0 });
    }
    const timer = setTimeout(() => cluster.release(), 0);
    // A newer read before the timer holds again and releases after itself.
    return () => clearTimeout(timer);
  }, [points, source, layer, map, sys, fitKey]);

  return (
    <div
      ref={mapRef}
      role="application"
      aria-label={label}
      aria-roledescription="地图"
      data-points={points.id.length}
      className="w-full overflow-hidden rounded border border-gray-200 bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600/40"
      style={{ height }}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the map takes arrow keys
      tabIndex={0}
    />
  );
}
