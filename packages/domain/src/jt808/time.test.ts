import { describe, expect, it } from "vitest";
import { readBcdTime, writeBcdTime } from "./time";

describe("JT/T 808 BCD time (GMT+8)", () => {
  it("reads and writes 2018-10-15 10:10:10 Beijing time", () => {
    const bytes = Uint8Array.of(0x18, 0x10, 0x15, 0x10, 0x10, 0x10);
    const ms = Date.UTC(2018, 9, 15, 2, 10, 10);
    expect(readBcdTime(bytes, "t")).toEqual({ ok: true, value: ms });
    expect(writeBcdTime(ms + 999, "t")).toEqual({ ok: true, value: bytes });
  });
  it("refuses non-BCD, impossible dates and years outside 2000–2099", () => {
    expect(readBcdTime(Uint8Array.of(0x18, 0x1a, 1, 1, 1, 1), "t")).toMatchObject({
      ok: false,
      error: { code: "bad-bcd" },
    });
    expect(readBcdTime(Uint8Array.of(0x18, 0x02, 0x30, 0, 0, 0), "定位时间")).toMatchObject({
      ok: false,
      error: { code: "bad-time", message: "“定位时间”180230000000不是有效的日期时间" },
    });
    expect(writeBcdTime(Date.UTC(1999, 0, 1), "t")).toMatchObject({ ok: false, error: { code: "bad-time" } });
  });
});
