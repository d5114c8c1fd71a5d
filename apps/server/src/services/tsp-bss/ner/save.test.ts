import { describe, expect, it } from "vitest";
import { diff } from "./save";

describe("change log differences", () => {
  it("lists only the fields whose values differ, with their Chinese labels", () => {
    const before = { vehicleUse: "私人", remark: null, buyDate: "2024-01-01" };
    const after = { vehicleUse: "网约车", remark: null, buyDate: "2024-01-01" };
    expect(diff("vehicleInfo", before, after)).toEqual([
      { field: "vehicleUse", label: "车辆用途", before: "私人", after: "网约车" },
    ]);
  });

  it("compares lists by value and treats a first save as changes from null", () => {
    expect(diff("batteryInfo", { packCodes: ["A"] }, { packCodes: ["A"] })).toEqual([]);
    const first = diff("driveInfo", null, { driveModel: "TZ200XSQ" });
    expect(first).toContainEqual({ field: "driveModel", label: "驱动电机型号", before: null, after: "TZ200XSQ" });
    expect(first.every((c) => c.before === null)).toBe(true);
  });
});
