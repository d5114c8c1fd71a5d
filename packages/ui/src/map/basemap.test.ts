import type VectorLayer from "ol/layer/Vector";
import { toLonLat } from "ol/proj";
import { describe, expect, it } from "vitest";
import { baseLayers, toView } from "./basemap";
import { wgs84ToGcj02 } from "./coords";

describe("basemap", () => {
  it("offline: provinces and a grid, no tiles", () => {
    const layers = baseLayers(null);
    expect(layers.map((l) => l.constructor.name)).toEqual(["VectorLayer", "Graticule"]);
  });
  it("with XYZ tiles: tiles under the outlines, no grid", () => {
    const layers = baseLayers({ url: "https://tiles.test/{z}/{x}/{y}.png" });
    expect(layers.map((l) => l.constructor.name)).toEqual(["TileLayer", "VectorLayer"]);
  });
  it("shifts outlines and points to GCJ-02 for GCJ-02 tiles", () => {
    const plain = baseLayers(null)[0] as VectorLayer;
    const shifted = baseLayers({ url: "https://t/{z}/{x}/{y}", coordSys: "gcj02" })[1] as VectorLayer;
    const a = plain.getSource()?.getFeatures()[0]?.getGeometry()?.getExtent() ?? [];
    const b = shifted.getSource()?.getFeatures()[0]?.getGeometry()?.getExtent() ?? [];
    expect(b[0]).not.toBeCloseTo(a[0] ?? 0, 0);
    const p = toLonLat(toView([116.404, 39.915], "gcj02"));
    const g = wgs84ToGcj02([116.404, 39.915]);
    expect(p[0]).toBeCloseTo(g[0], 6);
    expect(p[1]).toBeCloseTo(g[1], 6);
  });
});
