import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  issuesAsProblems,
  locationProblems,
  MSG_OUTLET_ADDRESS,
  MSG_OUTLET_AREA,
  MSG_OUTLET_BRANDS,
  MSG_OUTLET_CODE,
  MSG_OUTLET_CONTACT,
  MSG_OUTLET_LAT,
  MSG_OUTLET_LNG,
  MSG_OUTLET_LOCATION_PAIR,
  MSG_OUTLET_PHONE,
  MSG_OUTLET_STATUS,
  msgOutletBrandUnknown,
  OUTLET_STATUS_LABELS,
  outletFields,
  outletProblemText,
  parseChoice,
} from "./outlet";

// The pieces the dealer and service-station forms share, on their own (the forms' tests reach
// them through whole records; these pin each rule and message).
/** The messages of a failed parse, none when it passes. */
const issues = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? [] : r.issues.map((i) => i.message);
};

describe("outlet fields", () => {
  it("codes are 2 to 20 letters, digits or hyphens, trimmed first", () => {
    expect(v.parse(outletFields.code, " DL-01 ")).toBe("DL-01");
    for (const bad of ["D", "A".repeat(21), "DL 01", "经销商", 12])
      expect(issues(outletFields.code, bad)).toContain(MSG_OUTLET_CODE);
  });

  it("a name carries the message its form gives", () => {
    const name = outletFields.name("请输入经销商名称");
    expect(v.parse(name, " 深圳某某汽车销售有限公司 ")).toBe("深圳某某汽车销售有限公司");
    expect(issues(name, "  ")).toEqual(["请输入经销商名称"]);
    expect(issues(name, "名".repeat(61))).toEqual(["请输入经销商名称"]);
  });

  it("a point inside China, or none", () => {
    expect(v.parse(outletFields.lng, null)).toBeNull();
    expect(v.parse(outletFields.lng, 114.05)).toBe(114.05);
    expect(issues(outletFields.lng, 150)).toEqual([MSG_OUTLET_LNG]);
    expect(issues(outletFields.lat, 60)).toEqual([MSG_OUTLET_LAT]);
    expect(issues(outletFields.lat, 2)).toEqual([MSG_OUTLET_LAT]);
  });

  it("phones are a mobile or a landline with its area code; areas a 6-digit district; states open or closed", () => {
    expect(v.parse(outletFields.phone, " 13800138000 ")).toBe("13800138000");
    expect(v.parse(outletFields.phone, "0755-86123456")).toBe("0755-86123456");
    for (const bad of ["1380013800", "86123456", "23800138000"])
      expect(issues(outletFields.phone, bad)).toEqual([MSG_OUTLET_PHONE]);
    expect(v.parse(outletFields.areaId, "440305")).toBe("440305");
    expect(issues(outletFields.areaId, "4403")).toEqual([MSG_OUTLET_AREA]);
    expect(issues(outletFields.address, "")).toEqual([MSG_OUTLET_ADDRESS]);
    expect(issues(outletFields.contactName, "张".repeat(21))).toEqual([MSG_OUTLET_CONTACT]);
    expect(v.parse(outletFields.status, "closed")).toBe("closed");
    expect(issues(outletFields.status, "停业")).toEqual([MSG_OUTLET_STATUS]);
  });

  it("brands are 1 to 20 distinct positive ids", () => {
    expect(v.parse(outletFields.brandIds, [1, 2])).toEqual([1, 2]);
    for (const bad of [[], [1, 1], [0], [1.5], Array.from({ length: 21 }, (_, i) => i + 1)])
      expect(issues(outletFields.brandIds, bad)).toContain(MSG_OUTLET_BRANDS);
  });
});

describe("outlet problems", () => {
  it("longitude and latitude come together", () => {
    expect(locationProblems({ lng: null, lat: null })).toEqual([]);
    expect(locationProblems({ lng: 114, lat: 22.5 })).toEqual([]);
    expect(locationProblems({ lng: 114, lat: null })).toEqual([{ field: "lng", msg: MSG_OUTLET_LOCATION_PAIR }]);
    expect(locationProblems({ lng: null, lat: 22.5 })).toEqual([{ field: "lng", msg: MSG_OUTLET_LOCATION_PAIR }]);
  });

  it("issues land on their field, or on the fallback when they have no path", () => {
    const schema = v.pipe(
      v.object({ code: outletFields.code }),
      v.check(() => false, "整体不通过"),
    );
    const field = v.safeParse(schema, { code: "x" });
    expect(field.success).toBe(false);
    // a failed regex leaves the value typed, so the whole-record check runs too: both are named
    if (!field.success)
      expect(issuesAsProblems(field.issues, "name")).toEqual([
        { field: "code", msg: MSG_OUTLET_CODE },
        { field: "name", msg: "整体不通过" },
      ]);
    const whole = v.safeParse(schema, { code: "DL-01" });
    expect(whole.success).toBe(false);
    if (!whole.success) expect(issuesAsProblems(whole.issues, "name")).toEqual([{ field: "name", msg: "整体不通过" }]);
  });

  it("an unknown brand is named by its ids", () => {
    expect(msgOutletBrandUnknown([7, "9"])).toBe("品牌不存在：7、9");
  });

  it("an import row's reason names each problem once", () => {
    expect(outletProblemText([{ msg: "甲" }, { msg: "乙" }, { msg: "甲" }])).toBe("甲；乙");
    expect(outletProblemText([])).toBe("");
  });

  it("a sheet cell's choice is its code or its label, trimmed; anything else is none", () => {
    expect(parseChoice(OUTLET_STATUS_LABELS, "open")).toBe("open");
    expect(parseChoice(OUTLET_STATUS_LABELS, " 停业 ")).toBe("closed");
    expect(parseChoice(OUTLET_STATUS_LABELS, "营业")).toBeNull();
  });
});
