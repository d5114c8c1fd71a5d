import { describe, expect, it } from "vitest";
import { MSG_ENTER_VIN, MSG_VIN_CHARACTERS, MSG_VIN_LENGTH } from "../identifiers/vin";
import {
  EMPTY_SEARCH,
  isSearchDisabled,
  isSearchPanelCollapsible,
  msgChoose,
  type SearchFormOptions,
  validateSearchForm,
} from "./searchForm";

const journal: SearchFormOptions = { vinRequired: true, timeShown: true, timeRequired: true, timeLabel: "时间范围" };
const relaxed: SearchFormOptions = { vinRequired: false, timeShown: true, timeRequired: false, timeLabel: "上报时间" };
const time = [1, 2] as const;

describe("search form (§5)", () => {
  it("VIN is required only when the form says so (请输入VIN)", () => {
    expect(validateSearchForm(EMPTY_SEARCH, journal).vin).toBe(MSG_ENTER_VIN);
    expect(validateSearchForm(EMPTY_SEARCH, relaxed).vin).toBeUndefined();
  });
  it("a given VIN must be 17 allowed characters", () => {
    expect(validateSearchForm({ ...EMPTY_SEARCH, vin: "LSVAU2180N218329" }, relaxed).vin).toBe(MSG_VIN_LENGTH);
    expect(validateSearchForm({ ...EMPTY_SEARCH, vin: "LSVAU2180N21832O4" }, relaxed).vin).toBe(MSG_VIN_CHARACTERS);
    expect(validateSearchForm({ ...EMPTY_SEARCH, vin: " LSVAU2180N2183294 ", time }, journal)).toEqual({});
  });
  it("ICCID and MSISDN are optional, and checked when given", () => {
    expect(validateSearchForm({ ...EMPTY_SEARCH, iccid: "8".repeat(51), msisdn: "13x" }, relaxed)).toEqual({
      iccid: "ICCID不能超过50个字符",
      msisdn: "MSISDN只能包含数字",
    });
    expect(
      validateSearchForm({ ...EMPTY_SEARCH, iccid: "89860123456789012345", msisdn: "1440123456789" }, relaxed),
    ).toEqual({});
  });
  it("a required time range asks 请选择 plus the label", () => {
    expect(validateSearchForm({ ...EMPTY_SEARCH, vin: "LSVAU2180N2183294" }, journal)).toEqual({
      time: "请选择时间范围",
    });
    expect(msgChoose("上报时间")).toBe("请选择上报时间");
    expect(validateSearchForm(EMPTY_SEARCH, { ...journal, vinRequired: false, timeShown: false })).toEqual({});
  });
});

describe("the search button is disabled while a required VIN or a shown time range is missing", () => {
  it("missing required VIN disables", () => {
    expect(isSearchDisabled({ ...EMPTY_SEARCH, time }, journal)).toBe(true);
  });
  it("missing shown, required time disables", () => {
    expect(isSearchDisabled({ ...EMPTY_SEARCH, vin: "LSVAU2180N2183294" }, journal)).toBe(true);
  });
  it("both present enables", () => {
    expect(isSearchDisabled({ ...EMPTY_SEARCH, vin: "LSVAU2180N2183294", time }, journal)).toBe(false);
  });
  it("nothing required enables; a hidden time range does not count", () => {
    expect(isSearchDisabled(EMPTY_SEARCH, relaxed)).toBe(false);
    expect(isSearchDisabled({ ...EMPTY_SEARCH, vin: "X" }, { ...journal, timeShown: false })).toBe(false);
  });
});

describe("collapsible search panel collapses at 6 or more items (§2)", () => {
  it("5 items stay open, 6 collapse", () => {
    expect(isSearchPanelCollapsible(5)).toBe(false);
    expect(isSearchPanelCollapsible(6)).toBe(true);
  });
});
