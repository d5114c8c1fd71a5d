import {
  decodeGeofence,
  encodeGeofence,
  GEOFENCE_MAP_CENTER,
  GEOFENCE_MAP_ZOOM,
  type Geofence,
  type GeofenceWire,
  radiusMetres,
} from "@tsp/domain";
import Feature from "ol/Feature";
import Circle from "ol/geom/Circle";
import Polygon from "ol/geom/Polygon";
import Draw from "ol/interaction/Draw";
import Modify from "ol/interaction/Modify";
import VectorLayer from "ol/layer/Vector";
import { getPointResolution, toLonLat } from "ol/proj";
import VectorSource from "ol/source/Vector";
import { Fill, Stroke, Style } from "ol/style";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useToast } from "../feedback/Toasts";
import { buttonClass, inputClass } from "../theme/classes";
import { type TileConfig, toView } from "./basemap";
import { fromDisplay, type LngLat } from "./coords";
import { useOlMap } from "./useOlMap";

const CENTER: LngLat = [GEOFENCE_MAP_CENTER.lng, GEOFENCE_MAP_CENTER.lat];
const pair = (p: { lng: number; lat: number }): LngLat => [p.lng, p.lat];
/** Drawn coordinates carry float noise: 6 decimals (≈ 0.1 m) and radius to the metre. */
const r6 = (n: number) => Math.round(n * 1e6) / 1e6;
const point = ([lng, lat]: LngLat) => ({ lng: r6(lng), lat: r6(lat) });

const fenceStyle = new Style({
  fill: new Fill({ color: "rgba(37,99,235,0.15)" }),
  stroke: new Stroke({ color: "#2563eb", width: 2 }),
});

type Mode = "none" | "circle" | "polygon";

/**
 * Converts a shape (WGS-84, km) into a map feature. Spec §9: "circle radius in km multiplied
 * by 1000 for drawing" — metres on the ground, scaled to Web Mercator units at the centre.
 */
function shapeToFeature(shape: Geofence, sys: TileConfig["coordSys"]): Feature {
  if (shape.type === 1) {
    const c = toView(pair(shape.center), sys);
    const metresPerUnit = getPointResolution("EPSG:3857", 1, c);
    return new Feature(new Circle(c, radiusMetres(shape.radiusKm) / metresPerUnit));
  }
  const ring = shape.points.map((p) => toView(pair(p), sys));
  return new Feature(new Polygon([[...ring, ring[0] as number[]]]));
}

/** Reads a drawn or edited feature back into a shape (WGS-84, km). */
function featureToShape(f: Feature, sys: TileConfig["coordSys"] = "wgs84"): Geofence | null {
  const g = f.getGeometry();
  const back = (c: number[]) => point(fromDisplay(toLonLat(c) as LngLat, sys));
  if (g instanceof Circle) {
    const c = g.getCenter();
    const metres = g.getRadius() * getPointResolution("EPSG:3857", 1, c);
    return { type: 1, center: back(c), radiusKm: Math.max(0.001, Math.round(metres) / 1000) };
  }
  if (g instanceof Polygon) {
    // OpenLayers closes the ring; the stored form lists each corner once.
    const ring = (g.getCoordinates()[0] ?? []).slice(0, -1);
    return { type: 2, points: ring.map(back) };
  }
  return null;
}

/** Props of {@link GeofenceEditor}. */
export interface GeofenceEditorProps {
  /** The stored geofence (spec §3 encoding, the domain's GeofenceWire), or null. */
  value: GeofenceWire | null;
  /** Emits the domain encoding after every draw, edit or typed change; null when cleared. */
  onChange?: (value: GeofenceWire | null) => void;
  /** Show only (monitoring screens). */
  readOnly?: boolean;
  tiles?: TileConfig | null;
  height?: number;
}

/**
 * Geofence drawing on OpenLayers: draw a circle (click the centre, click the edge) or a
 * polygon (click the corners, double-click to finish), drag vertices or the circle edge to
 * edit, and read back the spec's encoding. The same shape can be typed in the form below the
 * map (keyboard path): type, 经度,纬度 points and the radius in km.
 */
export function GeofenceEditor({ value, onChange, readOnly = false, tiles, height = 420 }: GeofenceEditorProps) {
  const toast = useToast();
  const sys = tiles?.coordSys ?? "wgs84";
  const mapRef = useRef<HTMLDivElement>(null);
  const map = useOlMap(mapRef, { center: CENTER, zoom: GEOFENCE_MAP_ZOOM, tiles });
  const source = useMemo(() => new VectorSource(), []);
  const [mode, setMode] = useState<Mode>("none");
  const emitted = useRef<string | null>(null);
  const emit = useRef(onChange);
  useEffect(() => {
    emit.current = onChange;
  });

  const shape = useMemo(() => {
    const decoded = value ? decodeGeofence(value) : null;
    return decoded?.ok ? decoded.value : null;
  }, [value]);
  // Remembers what we emitted so the echo of our own value does not redraw the feature.
  const send = useCallback((g: GeofenceWire | null) => {
    emitted.current = g ? JSON.stringify(g) : null;
    emit.current?.(g);
  }, []);

  // The fence layer and the edit interaction live as long as the map.
  useEffect(() => {
    const layer = new VectorLayer({ source, style: fenceStyle, properties: { name: "geofence" } });
    map.addLayer(layer);
    const modify = readOnly ? null : new Modify({ source });
    if (modify) {
      modify.on("modifyend", (e) => {
        const f = e.features.item(0) as Feature | undefined;
        const s = f ? featureToShape(f, sys) : null;
        if (s) send(encodeGeofence(s));
      });
      map.addInteraction(modify);
    }
    return () => {
      map.removeLayer(layer);
      if (modify) map.removeInteraction(modify);
    };
  }, [map, source, readOnly, sys, send]);

  // Draw what `value` says, unless it is what we just emitted (the feature is already there).
  useEffect(() => {
    const key = value ? JSON.stringify(value) : null;
    if (key !== null && key === emitted.current && source.getFeatures().length) return;
    source.clear();
    if (!shape) return;
    const f = shapeToFeature(shape, sys);
    source.addFeature(f);
    const geom = f.getGeometry();
    if (geom && key !== emitted.current) {
      map.getView().fit(geom.getExtent(), { padding: [40, 40, 40, 40], maxZoom: 14, duration: 0 });
    }
  }, [value, shape, source, sys, map]);

  // The draw interaction of the chosen mode.
  useEffect(() => {
    if (mode === "none" || readOnly) return;
    const draw = new Draw({ source, type: mode === "circle" ? "Circle" : "Polygon", style: fenceStyle });
    draw.on("drawstart", () => source.clear());
    draw.on("drawend", (e) => {
      const s = featureToShape(e.feature as Feature, sys);
      setMode("none");
      if (s) send(encodeGeofence(s));
    });
    map.addInteraction(draw);
    return () => {
      map.removeInteraction(draw);
    };
  }, [map, mode, source, readOnly, sys, send]);

  return (
    <div className="flex flex-col gap-2 text-sm">
      {!readOnly && (
        <div role="toolbar" aria-label="电子围栏工具" className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            aria-pressed={mode === "circle"}
            className={buttonClass(mode === "circle" ? "primary" : "default")}
            onClick={() => setMode(mode === "circle" ? "none" : "circle")}
          >
            画圆形
          </button>
          <button
            type="button"
            aria-pressed={mode === "polygon"}
            className={buttonClass(mode === "polygon" ? "primary" : "default")}
            onClick={() => setMode(mode === "polygon" ? "none" : "polygon")}
          >
            画多边形
          </button>
          <button
            type="button"
            className={buttonClass("default")}
            disabled={!value}
            onClick={() => {
              source.clear();
              send(null);
            }}
          >
            清除
          </button>
          <span className="text-xs text-gray-500" aria-live="polite">
            {mode === "circle"
              ? "单击圆心，再单击确定半径"
              : mode === "polygon"
                ? "依次单击各顶点，双击结束"
                : value
                  ? "拖动边线或顶点可修改"
                  : "选择工具后在地图上绘制"}
          </span>
        </div>
      )}
      <div
        ref={mapRef}
        role="application"
        aria-label="电子围栏地图：方向键移动，+/− 缩放"
        aria-roledescription="地图"
        className="w-full overflow-hidden rounded border border-gray-200 bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600/40"
        style={{ height }}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the map takes arrow keys
        tabIndex={0}
      />
      {!readOnly && (
        <GeofenceForm
          key={value ? JSON.stringify(value) : "none"}
          value={value}
          onApply={(g) => {
            const checked = decodeGeofence(g);
            if (!checked.ok) {
              toast.warning(checked.error);
              return;
            }
            // Not through `send`: a typed shape is news to the map, which draws it and fits the view
            // to it (through `send` the echo looked like the map's own drawing: not drawn over an
            // existing feature, never fitted).
            emitted.current = null;
            emit.current?.(g);
          }}
        />
      )}
      {readOnly && shape && <span className="text-xs text-gray-500">{describe(shape)}</span>}
    </div>
  );
}

function describe(s: Geofence): string {
  return s.type === 1
    ? `圆形：圆心 ${s.center.lng},${s.center.lat}，半径 ${s.radiusKm} 公里`
    : `多边形：${s.points.length} 个顶点`;
}

/** The typed form of a geofence: what a keyboard user edits. */
function GeofenceForm({ value, onApply }: { value: GeofenceWire | null; onApply: (g: GeofenceWire) => void }) {
  const [type, setType] = useState<1 | 2>(value?.type === 2 ? 2 : 1);
  const [position, setPosition] = useState(value?.position ?? "");
  const [radius, setRadius] = useState(typeof value?.radius === "number" ? String(value.radius) : "");
  return (
    <form
      aria-label="围栏参数"
      className="flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(
          type === 1
            ? { type, position: position.trim(), radius: Number(radius) }
            : { type, position: position.trim() },
        );
      }}
    >
      <select
        aria-label="围栏类型"
        className={inputClass("w-28")}
        value={type}
        onChange={(e) => setType(Number(e.target.value) === 2 ? 2 : 1)}
      >
        <option value={1}>圆形</option>
        <option value={2}>多边形</option>
      </select>
      <input
        aria-label={type === 1 ? "圆心（经度,纬度）" : "顶点（经度,纬度;…）"}
        placeholder={type === 1 ? "圆心：116.404,39.915" : "顶点：116,39;117,39;117,40"}
        className={inputClass("min-w-64 flex-1")}
        value={position}
        onChange={(e) => setPosition(e.target.value)}
      />
      {type === 1 && (
        <input
          aria-label="半径（公里）"
          placeholder="半径（公里）"
          inputMode="decimal"
          className={inputClass("w-32")}
          value={radius}
          onChange={(e) => setRadius(e.target.value)}
        />
      )}
      <button type="submit" className={buttonClass("default")}>
        应用
      </button>
    </form>
  );
}
