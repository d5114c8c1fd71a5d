import { describe, expect, it } from "vitest";
import { loadRegions, regionsWithEtag } from "./regions";

describe("China's administrative regions to depth 3", () => {
  const regions = loadRegions();

  it("has 31 provinces, every parent present, and only 6-digit codes", () => {
    expect(regions.filter((r) => r.areaLevel === 1)).toHaveLength(31);
    const ids = new Set(regions.map((r) => r.areaId));
    for (const r of regions) {
      expect(r.areaId).toMatch(/^\d{6}$/);
      if (r.parentId !== null) expect(ids.has(r.parentId)).toBe(true);
    }
  });

  it("keeps cities without counties (东莞) as leaves instead of listing their towns", () => {
    expect(regions.find((r) => r.areaId === "441900")).toMatchObject({ areaName: "东莞市", areaLevel: 2 });
    expect(regions.some((r) => r.parentId === "441900")).toBe(false);
  });

  it("gives a stable ETag", () => {
    expect(regionsWithEtag().etag).toBe(regionsWithEtag().etag);
  });
});
