import { describe, expect, it } from "vitest";
import {
  checkDealerEdit,
  checkServiceStationEdit,
  DEALER_KIND_LABELS,
  type DealerEdit,
  MSG_DEALER_PARENT_REQUIRED,
  MSG_DEALER_PARENT_SELF,
  MSG_DEALER_SALE_HAS_PARENT,
  MSG_OUTLET_BRANDS,
  MSG_OUTLET_CODE,
  MSG_OUTLET_LNG,
  MSG_OUTLET_LOCATION_PAIR,
  MSG_OUTLET_PHONE,
  MSG_STATION_SERVICES,
  MSG_STATION_THREE_ELECTRIC_LEVEL,
  parseChoice,
  type ServiceStationEdit,
} from "../index";

const dealer: DealerEdit = {
  dealerCode: "D440305X1",
  dealerName: "深圳市南山二级经销商",
  kind: "secondary",
  parentCode: "D440305S0",
  areaId: "440305",
  address: "科技园科发路8号",
  lng: 113.95,
  lat: 22.54,
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
  lng: null,
  lat: null,
  contactName: "刘海涛",
  servicePhone: "13800138000",
  serviceTypes: ["maintenance", "threeElectric"],
  brandIds: [11, 21],
  level: "class2",
  status: "open",
};
const msgs = (r: { ok: boolean; error?: { msg: string }[] }) => (r.ok ? [] : (r.error ?? []).map((p) => p.msg));

describe("a dealer", () => {
  it("passes as filled in, trimmed", () => {
    expect(checkDealerEdit({ ...dealer, dealerName: ` ${dealer.dealerName} ` })).toEqual({ ok: true, value: dealer });
  });
  it("names a parent when secondary, none when selling, never itself", () => {
    expect(msgs(checkDealerEdit({ ...dealer, parentCode: null }))).toEqual([MSG_DEALER_PARENT_REQUIRED]);
    expect(msgs(checkDealerEdit({ ...dealer, kind: "sale" }))).toEqual([MSG_DEALER_SALE_HAS_PARENT]);
    expect(msgs(checkDealerEdit({ ...dealer, parentCode: dealer.dealerCode }))).toEqual([MSG_DEALER_PARENT_SELF]);
  });
  it("refuses a bad code, phone, point and brands with the field of each", () => {
    const r = checkDealerEdit({ ...dealer, dealerCode: "D 1", contactPhone: "12345", lng: 200, brandIds: [] });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toEqual([
      { field: "dealerCode", msg: MSG_OUTLET_CODE },
      { field: "lng", msg: MSG_OUTLET_LNG },
      { field: "contactPhone", msg: MSG_OUTLET_PHONE },
      { field: "brandIds", msg: MSG_OUTLET_BRANDS },
    ]);
    expect(msgs(checkDealerEdit({ ...dealer, lat: null }))).toEqual([MSG_OUTLET_LOCATION_PAIR]);
  });
  it("takes a mobile or a landline, and refuses what is not an object", () => {
    expect(checkDealerEdit({ ...dealer, contactPhone: "13912345678" }).ok).toBe(true);
    expect(msgs(checkDealerEdit("x"))).toEqual(["经销商数据格式不正确"]);
    expect(msgs(checkDealerEdit({ ...dealer, status: undefined }))).toEqual(["状态应为在营或停业"]);
  });
});

describe("a service station", () => {
  it("passes as filled in", () => {
    expect(checkServiceStationEdit(station)).toEqual({ ok: true, value: station });
  });
  it("needs a service and a class 1 or 2 enterprise for 三电检修", () => {
    expect(msgs(checkServiceStationEdit({ ...station, serviceTypes: [] }))).toEqual([MSG_STATION_SERVICES]);
    expect(msgs(checkServiceStationEdit({ ...station, level: "class3" }))).toEqual([MSG_STATION_THREE_ELECTRIC_LEVEL]);
    expect(checkServiceStationEdit({ ...station, level: "class3", serviceTypes: ["maintenance"] }).ok).toBe(true);
  });
});

describe("a choice in a sheet cell", () => {
  it("is read by its code or its Chinese label", () => {
    expect(parseChoice(DEALER_KIND_LABELS, "二级经销商")).toBe("secondary");
    expect(parseChoice(DEALER_KIND_LABELS, "sale")).toBe("sale");
    expect(parseChoice(DEALER_KIND_LABELS, "三级")).toBeNull();
  });
});
