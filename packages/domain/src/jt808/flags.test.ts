import { describe, expect, it } from "vitest";
import { jt808AlarmNames, jt808StatusNames } from "./flags";

describe("0x0200 alarm and status bit names", () => {
  it("alarm bits by number, bit 0 first; reserved bits by number", () => {
    expect(jt808AlarmNames(0)).toEqual([]);
    expect(jt808AlarmNames(0x1)).toEqual(["紧急报警"]);
    expect(jt808AlarmNames(0x0000_0122)).toEqual(["超速报警", "GNSS天线未接或被剪断", "终端主电源掉电"]);
    expect(jt808AlarmNames(0x8000_8000)).toEqual(["报警位15", "非法开门报警"]);
  });
  it("status bits with the load state of bits 8–9", () => {
    expect(jt808StatusNames(0)).toEqual([]);
    // SmallChi's Test6 frame: ACC off, located, GPS and BeiDou, 0x00C0 bits 6–7 reserved in 2013.
    expect(jt808StatusNames(0x000c_00c2)).toEqual([
      "已定位",
      "状态位6",
      "状态位7",
      "使用GPS卫星定位",
      "使用北斗卫星定位",
    ]);
    expect(jt808StatusNames(0x0000_010d)).toEqual(["ACC开", "南纬", "西经", "半载"]);
    expect(jt808StatusNames(0x0000_0300)).toEqual(["满载"]);
    expect(jt808StatusNames(0x0000_0200)).toEqual(["载重状态保留值"]);
    expect(jt808StatusNames(0x8040_0000)).toEqual(["状态位22", "状态位31"]);
  });
});
