import type Feature from "ol/Feature";
import type Point from "ol/geom/Point";
import VectorSource from "ol/source/Vector";
import { describe, expect, it } from "vitest";
import { toView } from "./basemap";
import { type FleetEntry, syncFleet } from "./fleetFeatures";

const fleet = (rows: [string, number, number, string][]) => ({
  id: rows.map((r) => r[0]),
  lng: rows.map((r) => r[1]),
  lat: rows.map((r) => r[2]),
  category: rows.map((r) => r[3]),
});

describe("syncFleet", () => {
  it("keeps each vehicle's feature and changes only what moved, changed, came or went", () => {
    const source = new VectorSource<Feature<Point>>();
    const byId = new Map<string, FleetEntry>();
    expect(
      syncFleet(
        source,
        byId,
        fleet([
          ["A", 116.4, 39.9, "working"],
          ["B", 121.47, 31.23, "online"],
          ["C", 113.26, 23.13, "alarm"],
        ]),
        "wgs84",
      ),
    ).toEqual({ added: 3, moved: 0, recategorised: 0, removed: 0 });
    const a = source.getFeatureById("A");
    const b = source.getFeatureById("B");
    let changes = 0;
    source.on("change", () => changes++);

    const result = syncFleet(
      source,
      byId,
      fleet([
        ["A", 116.5, 39.9, "working"],
        ["B", 121.47, 31.23, "alarm"],
        ["D", 104.07, 30.67, "offline"],
      ]),
      "wgs84",
    );
    expect(result).toEqual({ added: 1, moved: 1, recategorised: 1, removed: 1 });
    // The same Feature objects, moved and recoloured in place.
    expect(source.getFeatureById("A")).toBe(a);
    expect(source.getFeatureById("B")).toBe(b);
    expect(a?.getGeometry()?.getCoordinates()).toEqual(toView([116.5, 39.9], "wgs84"));
    expect(b?.get("category")).toBe("alarm");
    expect(source.getFeatureById("C")).toBeNull();
    expect(
      source
        .getFeatures()
        .map((f) => f.getId())
        .toSorted(),
    ).toEqual(["A", "B", "D"]);
    expect([...byId.keys()].toSorted()).toEqual(["A", "B", "D"]);
    expect(changes).toBeGreaterThan(0);

    // The same read again changes nothing.
    changes = 0;
    expect(
      syncFleet(
        source,
        byId,
        fleet([
          ["A", 116.5, 39.9, "working"],
          ["B", 121.47, 31.23, "alarm"],
          ["D", 104.07, 30.67, "offline"],
        ]),
        "wgs84",
      ),
    ).toEqual({ added: 0, moved: 0, recategorised: 0, removed: 0 });
    expect(changes).toBe(0);
  });

  it("converts to the basemap's system and takes a repeated id once", () => {
    const source = new VectorSource<Feature<Point>>();
    const byId = new Map<string, FleetEntry>();
    syncFleet(
      source,
      byId,
      fleet([
        ["A", 116.4, 39.9, "working"],
        ["A", 0, 0, "offline"],
      ]),
      "gcj02",
    );
    expect(source.getFeatures()).toHaveLength(1);
    expect(source.getFeatureById("A")?.getGeometry()?.getCoordinates()).toEqual(toView([116.4, 39.9], "gcj02"));
    expect(source.getFeatureById("A")?.getGeometry()?.getCoordinates()).not.toEqual(toView([116.4, 39.9], "wgs84"));
  });
});
