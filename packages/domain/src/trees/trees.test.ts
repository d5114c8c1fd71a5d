import { describe, expect, it } from "vitest";
import { brandOptions, brandSelection } from "./brandTree";
import {
  AUDIO_CHANNELS,
  dealerOptions,
  GENERAL_CHANNELS,
  LOOKUP_TYPES,
  SCREEN_QUERY_DEFAULTS,
  SORT_OPTIONS,
  toOptions,
} from "./options";
import { buildRegionTree, type RegionNode, regionOptions } from "./regionTree";

const regions: RegionNode[] = [
  { areaId: 110000, areaName: "北京市", parentId: 0, areaLevel: 1 },
  { areaId: "110100", areaName: "北京市辖区", parentId: "110000", areaLevel: 2 },
  { areaId: 110105, areaName: "朝阳区", parentId: 110100, areaLevel: 3 },
  { areaId: 110105001, areaName: "建外街道", parentId: 110105, areaLevel: 4 },
  { areaId: 440000, areaName: "广东省", parentId: null, areaLevel: 1 },
  { areaId: 440300, areaName: "深圳市", parentId: 440000, areaLevel: 2 },
  { areaId: 999, areaName: "孤儿", parentId: 12345, areaLevel: 2 },
];

describe("region list → tree (depth 3)", () => {
  const tree = buildRegionTree(regions);
  it("builds provinces, cities, districts in list order", () => {
    expect(tree.map((r) => r.areaName)).toEqual(["北京市", "广东省", "孤儿"]);
    expect(tree[0]?.children[0]?.children[0]?.areaName).toBe("朝阳区");
  });
  it("leaves out anything deeper than level 3", () => {
    expect(tree[0]?.children[0]?.children[0]?.children).toEqual([]);
  });
  it("a region whose parent is missing becomes a root; ids compare as text", () => {
    expect(tree[2]?.areaName).toBe("孤儿");
    expect(tree[0]?.children[0]?.areaId).toBe("110100");
  });
  it("even a mislabelled chain stops at three levels", () => {
    const deep: RegionNode[] = [
      { areaId: 1, areaName: "一", parentId: null, areaLevel: 1 },
      { areaId: 2, areaName: "二", parentId: 1, areaLevel: 1 },
      { areaId: 3, areaName: "三", parentId: 2, areaLevel: 1 },
      { areaId: 4, areaName: "四", parentId: 3, areaLevel: 1 },
    ];
    expect(buildRegionTree(deep)[0]?.children[0]?.children[0]?.children).toEqual([]);
  });
  it("a cycle is left out instead of looping", () => {
    const cycle: RegionNode[] = [
      { areaId: 1, areaName: "甲", parentId: 2, areaLevel: 1 },
      { areaId: 2, areaName: "乙", parentId: 1, areaLevel: 1 },
    ];
    expect(buildRegionTree(cycle)).toEqual([]);
  });
  it("becomes tree-select options", () => {
    const options = regionOptions(buildRegionTree(regions.slice(4, 6)));
    expect(options).toEqual([{ value: "440000", label: "广东省", children: [{ value: "440300", label: "深圳市" }] }]);
  });
});

describe("brand / series / model tree", () => {
  it("becomes cascader options; empty levels are leaves", () => {
    expect(
      brandOptions([
        {
          brandId: 1,
          brandName: "解放",
          seriesVos: [
            { seriesId: 11, seriesName: "J6", modelVos: [{ modelId: 111, modeName: "J6P 6x4" }] },
            { seriesId: 12, seriesName: "J7", modelVos: null },
          ],
        },
        { brandId: 2, brandName: "东风" },
      ]),
    ).toEqual([
      {
        value: "1",
        label: "解放",
        children: [
          { value: "11", label: "J6", children: [{ value: "111", label: "J6P 6x4" }] },
          { value: "12", label: "J7" },
        ],
      },
      { value: "2", label: "东风" },
    ]);
  });
  it("a chosen path becomes brandId, seriesId, modelId", () => {
    expect(brandSelection(["1", "11", "111"])).toEqual({ brandId: "1", seriesId: "11", modelId: "111" });
    expect(brandSelection(["1"])).toEqual({ brandId: "1" });
    expect(brandSelection([])).toEqual({});
  });
});

describe("label/value options and constants (§3, §9)", () => {
  it("dealers: label dealerName, value dealerCode", () => {
    expect(dealerOptions([{ dealerCode: "D01", dealerName: "一号经销商" }])).toEqual([
      { label: "一号经销商", value: "D01" },
    ]);
  });
  it("any list by field names", () => {
    expect(toOptions([{ id: 7, name: "红" }], "name", "id")).toEqual([{ label: "红", value: 7 }]);
  });
  it("channels, sort options, lookup types, screen defaults", () => {
    expect(GENERAL_CHANNELS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(AUDIO_CHANNELS).toEqual([33, 36, 37]);
    expect(SORT_OPTIONS.map((o) => o.value)).toEqual([true, false]);
    expect(LOOKUP_TYPES.map((o) => o.label)).toEqual(["VIN", "ICCID", "SN"]);
    expect(SCREEN_QUERY_DEFAULTS).toEqual({
      powerType: "全部",
      vehicleClassification: "全部",
      vehicleModel: "全部",
      market: "全部",
      dimension: 0,
    });
  });
});
