import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  checkDealerEdit,
  checkServiceStationEdit,
  type DealerEdit,
  DealerFormSchema,
  MSG_DEALER_PARENT_REQUIRED,
  MSG_DEALER_PARENT_SELF,
  MSG_OUTLET_LOCATION_PAIR,
  MSG_STATION_LEVEL,
  MSG_STATION_THREE_ELECTRIC_LEVEL,
  msgDealerCloseHasOpenSecondary,
  msgDealerDeleteHasSales,
  msgDealerDeleteHasSecondary,
  msgDealerKindHasSecondary,
  type ServiceStationEdit,
  ServiceStationFormSchema,
} from "../index";

const dealer: DealerEdit = {
  dealerCode: "D440305S0",
  dealerName: "深圳市南山一级销售经销商",
  kind: "sale",
  parentCode: null,
  areaId: "440305",
  address: "科技园科发路8号",
  lng: null,
  lat: null,
  contactName: "陈志强",
  contactPhone: "0755-86123456",
  brandIds: [11],
  status: "open",
};
const station: ServiceStationEdit = {
  stationCode: "S440305",
  stationName: "深圳南山新能源服务站",
  areaId: "440305",
  address: "留仙大道3370号",
  lng: 113.95,
  lat: 22.54,
  contactName: "刘海涛",
  servicePhone: "13800138000",
  serviceTypes: ["maintenance", "threeElectric"],
  brandIds: [11, 21],
  level: "class1",
  status: "open",
};
/** Each issue of a form schema as "field: message". */
const formIssues = (schema: typeof DealerFormSchema | typeof ServiceStationFormSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? [] : r.issues.map((i) => `${String(i.path?.[0]?.key ?? "")}: ${i.message}`);
};

describe("the dealer form", () => {
  it("accepts a selling dealer without a parent", () => {
    expect(v.safeParse(DealerFormSchema, dealer).success).toBe(true);
    expect(checkDealerEdit(dealer)).toEqual({ ok: true, value: dealer });
  });
  it("puts the rules between fields on their fields", () => {
    expect(formIssues(DealerFormSchema, { ...dealer, kind: "secondary" })).toEqual([
      `parentCode: ${MSG_DEALER_PARENT_REQUIRED}`,
    ]);
    expect(
      formIssues(DealerFormSchema, { ...dealer, kind: "secondary", parentCode: dealer.dealerCode, lng: 113.95 }),
    ).toEqual([`lng: ${MSG_OUTLET_LOCATION_PAIR}`, `parentCode: ${MSG_DEALER_PARENT_SELF}`]);
  });
  it("checks no rule between fields while a field is wrong", () => {
    expect(formIssues(DealerFormSchema, { ...dealer, kind: "secondary", areaId: 440305 })).toEqual([
      "areaId: 请选择所在区域（省/市/区县）",
    ]);
  });
  it("names a missing field by its label", () => {
    const { status: _status, ...noStatus } = dealer;
    expect(checkDealerEdit(noStatus)).toEqual({ ok: false, error: [{ field: "status", msg: "缺少字段：营业状态" }] });
  });
});

describe("the service station form", () => {
  it("accepts 三电检修 at a class 1 enterprise", () => {
    expect(v.safeParse(ServiceStationFormSchema, station).success).toBe(true);
    expect(checkServiceStationEdit(station)).toEqual({ ok: true, value: station });
  });
  it("puts 三电检修 at a class 3 enterprise on the level", () => {
    expect(formIssues(ServiceStationFormSchema, { ...station, level: "class3" })).toEqual([
      `level: ${MSG_STATION_THREE_ELECTRIC_LEVEL}`,
    ]);
    expect(formIssues(ServiceStationFormSchema, { ...station, level: "class3", lat: null })).toEqual([
      `lng: ${MSG_OUTLET_LOCATION_PAIR}`,
      `level: ${MSG_STATION_THREE_ELECTRIC_LEVEL}`,
    ]);
    expect(checkServiceStationEdit({ ...station, serviceTypes: ["repair"], level: "class3" }).ok).toBe(true);
  });
  it("checks no rule between fields while a field is wrong", () => {
    expect(formIssues(ServiceStationFormSchema, { ...station, level: "class4" })).toEqual([
      `level: ${MSG_STATION_LEVEL}`,
    ]);
  });
  it("names a missing field by its label, and refuses what is not an object", () => {
    const { level: _level, ...noLevel } = station;
    expect(checkServiceStationEdit(noLevel)).toEqual({
      ok: false,
      error: [{ field: "level", msg: "缺少字段：资质等级" }],
    });
    expect(checkServiceStationEdit(null)).toEqual({
      ok: false,
      error: [{ field: "stationCode", msg: "服务站数据格式不正确" }],
    });
  });
});

describe("the messages of a dealer's secondary dealers and sales", () => {
  it("count what blocks the change", () => {
    expect(msgDealerDeleteHasSecondary(3)).toBe("该经销商下有3家二级经销商，请先删除或改挂到其他一级经销商后再删除");
    expect(msgDealerDeleteHasSales(12)).toBe("该经销商有12条实销记录，不能删除；不再合作请设为停业");
    expect(msgDealerKindHasSecondary(2)).toBe("该经销商下有2家二级经销商，不能改为二级经销商");
    expect(msgDealerCloseHasOpenSecondary(1)).toBe("该经销商下有1家在营的二级经销商，不能设为停业");
  });
});
