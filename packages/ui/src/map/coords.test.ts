import { describe, expect, it } from "vitest";
import { fromDisplay, gcj02ToWgs84, outOfChina, toDisplay, wgs84ToGcj02 } from "./coords";

describe("WGS-84 ⇄ GCJ-02", () => {
  it("offsets a point in Beijing by the published amount", () => {
    // Reference value from the README of the widely used coordtransform library.
    const [lng, lat] = wgs84ToGcj02([116.404, 39.915]);
    expect(lng).toBeCloseTo(116.41024449916938, 10);
    expect(lat).toBeCloseTo(39.91640428150164, 10);
  });
  it("round-trips to better than 1e-6°", () => {
    for (const p of [
      [116.391275, 39.90765],
      [121.4737, 31.2304],
      [87.6168, 43.8256],
    ] as [number, number][]) {
      const back = gcj02ToWgs84(wgs84ToGcj02(p));
      expect(Math.abs(back[0] - p[0])).toBeLessThan(1e-6);
      expect(Math.abs(back[1] - p[1])).toBeLessThan(1e-6);
    }
  });
  it("leaves points outside China and WGS-84 sources alone", () => {
    expect(outOfChina([2.35, 48.85])).toBe(true);
    expect(wgs84ToGcj02([2.35, 48.85])).toEqual([2.35, 48.85]);
    expect(toDisplay([116, 40], "wgs84")).toEqual([116, 40]);
    expect(fromDisplay([116, 40], "wgs84")).toEqual([116, 40]);
    expect(fromDisplay(toDisplay([116, 40], "gcj02"), "gcj02")[0]).toBeCloseTo(116, 6);
  });
});
