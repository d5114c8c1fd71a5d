import { describe, expect, it, vi } from "vitest";
import { placesGeocoder, regionPlacesGeocoder } from "./geocoder";
import { provinceGeocoder } from "./provinceGeocoder";
import { provinceAt, provinces } from "./provinces";

describe("shipped province boundaries", () => {
  it("hold every provincial unit of China", () => {
    expect(provinces.length).toBe(34);
    expect(provinces.map((p) => p.name)).toEqual(expect.arrayContaining(["北京", "新疆", "海南", "台湾", "香港"]));
  });
  it("answer which province a point is in", () => {
    expect(provinceAt([116.404, 39.915])?.name).toBe("北京");
    expect(provinceAt([121.47, 31.23])?.name).toBe("上海");
    expect(provinceAt([87.62, 43.83])?.name).toBe("新疆");
    expect(provinceAt([150, 20])).toBeNull();
  });
});

describe("geocoders", () => {
  it("the offline one completes province names with or without a suffix and reverses points", async () => {
    expect((await provinceGeocoder.autocomplete("江苏省")).map((p) => p.name)).toEqual(["江苏"]);
    expect(await provinceGeocoder.geocode("浙江")).toMatchObject({ name: "浙江" });
    expect(await provinceGeocoder.reverse(113.26, 23.13)).toBe("广东");
    expect(await provinceGeocoder.autocomplete("")).toEqual([]);
  });
  it("the places one prefers the server's places and falls back offline", async () => {
    const searchPlaces = vi.fn(async (k: string) =>
      k === "一汽" ? [{ name: "一汽解放服务站", address: "长春市绿园区", lng: 125.2, lat: 43.9 }] : [],
    );
    const g = placesGeocoder({ searchPlaces, reverse: async () => null });
    expect((await g.autocomplete("一汽"))[0]?.name).toBe("一汽解放服务站");
    expect((await g.autocomplete("吉林"))[0]?.name).toBe("吉林");
    expect(await g.reverse(125.3, 43.9)).toBe("吉林");
  });
});

describe("region places (the server's regions as places)", () => {
  const regions = [
    { areaId: "440000", areaName: "广东省", parentId: null, areaLevel: 1 },
    { areaId: "440300", areaName: "深圳市", parentId: "440000", areaLevel: 2 },
    { areaId: "440305", areaName: "南山区", parentId: "440300", areaLevel: 3 },
  ];
  it("finds regions by name, placed at their province, with the full path as address", async () => {
    const g = regionPlacesGeocoder(
      async () => regions,
      async (k) => (k === "南山" ? [{ name: "南山服务站", address: "深圳", lng: 113.9, lat: 22.5 }] : []),
    );
    const found = await g.autocomplete("南山");
    expect(found.map((p) => p.name)).toEqual(["南山服务站", "南山区"]);
    expect(found[1]?.address).toBe("广东省 深圳市 南山区");
    const guangdong = provinces.find((p) => p.id === "44");
    expect([found[1]?.lng, found[1]?.lat]).toEqual(guangdong?.center);
    expect(await g.autocomplete("")).toEqual([]);
  });
  it("loads the region list once", async () => {
    const load = vi.fn(async () => regions);
    const g = regionPlacesGeocoder(load);
    await g.autocomplete("深圳");
    await g.autocomplete("广东");
    expect(load).toHaveBeenCalledOnce();
  });
});
