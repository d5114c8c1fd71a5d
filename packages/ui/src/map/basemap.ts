import GeoJSON from "ol/format/GeoJSON";
import Graticule from "ol/layer/Graticule";
import TileLayer from "ol/layer/Tile";
import VectorLayer from "ol/layer/Vector";
import { fromLonLat } from "ol/proj";
import VectorSource from "ol/source/Vector";
import XYZ from "ol/source/XYZ";
import { Fill, Stroke, Style, Text } from "ol/style";
import type { TileConfig } from "./config";
import { type CoordSys, type LngLat, toDisplay } from "./coords";
import { provinceCollection } from "./provinces";

export { CHINA_CENTER, type TileConfig } from "./config";

/** Projects a WGS-84 point to the view (EPSG:3857), converting for GCJ-02 tiles. */
export function toView(p: LngLat, sys: CoordSys = "wgs84"): number[] {
  return fromLonLat(toDisplay(p, sys));
}

/**
 * The offline basemap: province boundaries with names (shipped data, no network), plus the
 * configured XYZ tiles beneath when a deployment has them. Without tiles the provinces are
 * filled so the map reads as a map; over tiles only their outlines are drawn.
 */
export function baseLayers(tiles?: TileConfig | null) {
  const sys = tiles?.coordSys ?? "wgs84";
  const format = new GeoJSON();
  const features = format.readFeatures(provinceCollection, { featureProjection: "EPSG:3857" });
  if (sys === "gcj02") {
    // Province outlines are WGS-84: shift them to the tiles' datum so they line up.
    for (const f of features) {
      f.getGeometry()?.applyTransform((input, output, dim = 2) => {
        const out = output ?? input;
        for (let i = 0; i < input.length; i += dim) {
          const [x = 0, y = 0] = [input[i], input[i + 1]];
          const ll = toLonLat3857(x, y);
          const [gx = 0, gy = 0] = fromLonLat(toDisplay(ll, "gcj02"));
          out[i] = gx;
          out[i + 1] = gy;
        }
        return out;
      });
    }
  }
  const fill = new Fill({ color: tiles ? "rgba(0,0,0,0)" : "#f1f5f9" });
  const stroke = new Stroke({ color: tiles ? "rgba(37,99,235,0.5)" : "#94a3b8", width: 1 });
  const provinces = new VectorLayer({
    source: new VectorSource({ features }),
    style: (feature, resolution) =>
      new Style({
        fill,
        stroke,
        // Names from zoom ~5 on; at zoom 4 they would overlap in the east.
        text:
          resolution < 5000
            ? new Text({
                text: String(feature.get("name") ?? ""),
                font: "12px sans-serif",
                fill: new Fill({ color: "#64748b" }),
                stroke: new Stroke({ color: "#ffffff", width: 3 }),
                overflow: false,
              })
            : undefined,
      }),
    properties: { name: "provinces" },
  });
  const layers: (TileLayer<XYZ> | VectorLayer | Graticule)[] = [];
  if (tiles?.url) {
    layers.push(
      new TileLayer({
        source: new XYZ({
          url: tiles.url,
          maxZoom: tiles.maxZoom ?? 18,
          attributions: tiles.attribution,
          crossOrigin: "anonymous",
        }),
      }),
    );
  }
  layers.push(provinces);
  if (!tiles?.url) {
    // Offline, zoomed in past the province outlines the map would be an empty field: a
    // labelled latitude/longitude grid keeps a person oriented at every zoom.
    layers.push(
      new Graticule({
        strokeStyle: new Stroke({ color: "rgba(100,116,139,0.25)", width: 1, lineDash: [2, 4] }),
        showLabels: true,
        lonLabelStyle: new Text({
          font: "10px sans-serif",
          fill: new Fill({ color: "#94a3b8" }),
          textBaseline: "bottom",
        }),
        latLabelStyle: new Text({ font: "10px sans-serif", fill: new Fill({ color: "#94a3b8" }), textAlign: "end" }),
        wrapX: false,
      }),
    );
  }
  return layers;
}

function toLonLat3857(x: number, y: number): LngLat {
  const R = 6378137;
  return [(x / R) * (180 / Math.PI), (Math.atan(Math.exp(y / R)) * 2 - Math.PI / 2) * (180 / Math.PI)];
}
