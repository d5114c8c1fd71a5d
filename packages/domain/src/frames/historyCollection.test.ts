import { describe, expect, it } from "vitest";
import { checkRecord } from "../list/recordCheck";
import { HistoryCollectionFormSchema } from "./index";

const VIN = "LSVAU2180N2183294";
const form = (over: Record<string, unknown> = {}) => ({
  vin: ` ${VIN.toLowerCase()} `,
  start: "2026-11-20 08:00:00",
  end: "2026-11-21 08:00:00",
  remark: " 电池故障排查 ",
  ...over,
});

describe("新建采集 form", () => {
  it("reads a VIN, the range as epoch ms and a trimmed remark", () => {
    const r = checkRecord(HistoryCollectionFormSchema, form());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.vin).toBe(VIN);
    expect(r.value.endTime - r.value.startTime).toBe(24 * 3600 * 1000);
    expect(r.value.remark).toBe("电池故障排查");
    const empty = checkRecord(HistoryCollectionFormSchema, form({ remark: null }));
    expect(empty.ok && empty.value.remark).toBe("");
  });
  it("names each field's problem", () => {
    expect(checkRecord(HistoryCollectionFormSchema, form({ vin: null, start: null, end: "x" }))).toEqual({
      ok: false,
      errors: { vin: "请输入VIN", start: "请输入开始时间", end: "结束时间格式应为 yyyy-MM-dd HH:mm:ss" },
    });
    expect(checkRecord(HistoryCollectionFormSchema, form({ vin: "ABC" }))).toMatchObject({
      errors: { vin: "请输入17位有效VIN" },
    });
    expect(checkRecord(HistoryCollectionFormSchema, form({ remark: "长".repeat(201) }))).toMatchObject({
      errors: { remark: "备注不能超过200个字符" },
    });
  });
  it("refuses a reversed range and one over 31 days", () => {
    expect(checkRecord(HistoryCollectionFormSchema, form({ end: "2026-11-19 08:00:00" }))).toMatchObject({
      errors: { end: "结束时间不能早于开始时间" },
    });
    expect(checkRecord(HistoryCollectionFormSchema, form({ end: "2026-12-22 08:00:00" }))).toMatchObject({
      errors: { end: "采集时间跨度不能超过31天" },
    });
  });
});
