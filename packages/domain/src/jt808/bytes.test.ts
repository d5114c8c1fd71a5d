import { describe, expect, it } from "vitest";
import { bcdToDigits, digitsToBcd, jt808CheckCode, Reader } from "./bytes";

describe("JT/T 808 byte helpers", () => {
  it("check code is the XOR of every byte", () => {
    expect(jt808CheckCode(Uint8Array.of(0x01, 0x02, 0x04))).toBe(0x07);
    expect(jt808CheckCode(new Uint8Array(0))).toBe(0);
  });
  it("BCD both ways keeps leading zeros and pads on the left", () => {
    expect(bcdToDigits(Uint8Array.of(0x01, 0x38), "x")).toEqual({ ok: true, value: "0138" });
    expect(digitsToBcd("138", 2, "x")).toEqual({ ok: true, value: Uint8Array.of(0x01, 0x38) });
  });
  it("refuses a nibble above 9, non-digits and too many digits", () => {
    expect(bcdToDigits(Uint8Array.of(0x1a), "手机号")).toMatchObject({
      ok: false,
      error: { code: "bad-bcd", message: "“手机号”不是BCD码（含0x1A）" },
    });
    expect(bcdToDigits(Uint8Array.of(0xa1), "x").ok).toBe(false);
    expect(digitsToBcd("12a", 2, "x").ok).toBe(false);
    expect(digitsToBcd("12345", 2, "x")).toMatchObject({ ok: false, error: { message: "“x”应为不超过4位的数字" } });
  });
  it("a reader never reads past the end", () => {
    const r = new Reader(Uint8Array.of(1, 2, 3));
    expect(r.uint(2, "a")).toEqual({ ok: true, value: 0x0102 });
    expect(r.uint(4, "b")).toMatchObject({
      ok: false,
      error: { code: "truncated", message: "报文不完整：读取“b”需要4字节，只剩1字节", offset: 2 },
    });
  });
});
