import { describe, expect, it } from "vitest";
import { MSG_RANGE_REVERSED, MSG_WEEK_START_MONDAY, msgDaySpan } from "../dates/dateRange";
import { MSG_ICCID_CHARACTERS } from "../identifiers/iccid";
import { MSG_MSISDN_CHARACTERS } from "../identifiers/msisdn";
import { MSG_TBOX_SERIAL_CHARACTERS } from "../identifiers/tboxSerial";
import { MSG_VIN_LENGTH } from "../identifiers/vin";
import { MSG_RANGE_ORDER } from "../search/numberRange";
import {
  fieldId,
  isRequiredMissing,
  msgEnter,
  normalizeSearch,
  type SearchFieldRule,
  searchProblems,
} from "./searchFields";

const DAY = 86_400_000;
const fields: SearchFieldRule[] = [
  { kind: "vin", key: "vin", label: "VIN" },
  { kind: "iccid", key: "iccid", label: "ICCID" },
  { kind: "msisdn", key: "msisdn", label: "MSISDN" },
  { kind: "tboxSerial", key: "sn", label: "终端序列号" },
  { kind: "text", key: "name", label: "名称" },
  { kind: "choice", key: "carrier", label: "运营商" },
  { kind: "codes", key: "codes", label: "品牌/车系/车型" },
  { kind: "dateTimeRange", keys: ["start", "end"], label: "时间范围", maxDays: 31 },
  { kind: "dateRange", keys: ["from", "to"], label: "统计日期", mode: "week" },
  { kind: "numberRange", keys: ["min", "max"], label: "里程" },
];
const empty = {
  vin: "",
  iccid: "",
  msisdn: "",
  sn: "",
  name: "",
  carrier: "",
  codes: [],
  start: null,
  end: null,
  from: null,
  to: null,
  min: null,
  max: null,
};

describe("search fields", () => {
  it("finds nothing wrong with an empty optional form", () => {
    expect(searchProblems(fields, empty)).toEqual({});
    expect(isRequiredMissing(fields, empty)).toBe(false);
  });

  it("names each identifier's problem with the domain's message, by field id", () => {
    const values = { ...empty, vin: "lb3cx1hu5rc10000", iccid: "8986-01", msisdn: "13x", sn: "SN 1" };
    expect(searchProblems(fields, values)).toEqual({
      vin: MSG_VIN_LENGTH,
      iccid: MSG_ICCID_CHARACTERS,
      msisdn: MSG_MSISDN_CHARACTERS,
      sn: MSG_TBOX_SERIAL_CHARACTERS,
    });
    expect(searchProblems(fields, { ...empty, vin: " lb3cx1hu5rc100005 " })).toEqual({});
  });

  it("checks ranges: reversed, longer than allowed, the date picker's mode, number order", () => {
    const monday = new Date(2026, 10, 2).getTime();
    expect(searchProblems(fields, { ...empty, start: 2 * DAY, end: DAY })).toEqual({ start: MSG_RANGE_REVERSED });
    expect(searchProblems(fields, { ...empty, start: 0, end: 32 * DAY })).toEqual({ start: msgDaySpan(31) });
    expect(searchProblems(fields, { ...empty, start: 0, end: 31 * DAY })).toEqual({});
    expect(searchProblems(fields, { ...empty, start: 0 })).toEqual({});
    expect(searchProblems(fields, { ...empty, from: monday + DAY, to: monday + 40 * DAY })).toEqual({
      from: MSG_WEEK_START_MONDAY,
    });
    expect(searchProblems(fields, { ...empty, min: 5, max: 1 })).toEqual({ min: MSG_RANGE_ORDER });
    const noMax: SearchFieldRule[] = [{ kind: "dateTimeRange", keys: ["start", "end"], label: "时间" }];
    expect(searchProblems(noMax, { start: 0, end: 400 * DAY })).toEqual({});
  });

  it("disables search while a required field is empty, and says 请输入 / 请选择 + label", () => {
    const required: SearchFieldRule[] = [
      { kind: "vin", key: "vin", label: "VIN", required: true },
      { kind: "text", key: "name", label: "名称", required: true },
      { kind: "choice", key: "carrier", label: "运营商", required: true },
      { kind: "codes", key: "codes", label: "品牌", required: true },
      { kind: "dateTimeRange", keys: ["start", "end"], label: "时间范围", required: true },
    ];
    expect(isRequiredMissing(required, empty)).toBe(true);
    expect(searchProblems(required, { ...empty, start: 1 })).toEqual({
      vin: "请输入VIN",
      name: msgEnter("名称"),
      carrier: "请选择运营商",
      codes: "请选择品牌",
      start: "请选择时间范围",
    });
    const full = { ...empty, vin: "LB3CX1HU5RC100005", name: "x", carrier: "CMCC", codes: ["b"], start: 1, end: 2 };
    expect(isRequiredMissing(required, full)).toBe(false);
    expect(searchProblems(required, full)).toEqual({});
    expect(isRequiredMissing(required, { ...full, name: "  " })).toBe(true);
    expect(isRequiredMissing(required, { ...full, vin: 17 })).toBe(true);
  });

  it("normalises what is searched: VIN upper-cased, text trimmed, the rest untouched", () => {
    const values = { ...empty, vin: " lb3cx1hu5rc100005 ", name: " a ", iccid: " 8986 ", carrier: "CMCC", start: 3 };
    expect(normalizeSearch(fields, values)).toEqual({ ...values, vin: "LB3CX1HU5RC100005", name: "a", iccid: "8986" });
  });

  it("checks a range of calendar days as text (yyyy-MM-dd sorts as it reads)", () => {
    const days: SearchFieldRule[] = [{ kind: "dayRange", keys: ["from", "to"], label: "激活日期", required: true }];
    expect(isRequiredMissing(days, { from: "2026-01-01", to: "" })).toBe(true);
    expect(searchProblems(days, { from: "", to: "" })).toEqual({ from: "请选择激活日期" });
    expect(searchProblems(days, { from: "2026-02-01", to: "2026-01-31" })).toEqual({ from: MSG_RANGE_REVERSED });
    expect(searchProblems(days, { from: "2026-01-01", to: "2026-01-31" })).toEqual({});
    const optional: SearchFieldRule[] = [{ kind: "dayRange", keys: ["from", "to"], label: "激活日期" }];
    expect(searchProblems(optional, { from: "2026-02-01", to: "" })).toEqual({});
  });

  it("keeps a range's message under its first key", () => {
    expect(fieldId({ kind: "numberRange", keys: ["min", "max"], label: "x" })).toBe("min");
    expect(fieldId({ kind: "text", key: "k", label: "x" })).toBe("k");
  });
});
