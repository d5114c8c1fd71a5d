import { describe, expect, it } from "vitest";
import { readAscii, readPlate, writeAscii, writePlate } from "./text";

describe("JT/T 808 text fields", () => {
  it("ASCII: trailing NULs dropped when read, added when written", () => {
    expect(readAscii(Uint8Array.of(0x41, 0x42, 0, 0), "x")).toEqual({ ok: true, value: "AB" });
    expect(writeAscii("AB", "x", 4)).toEqual({ ok: true, value: Uint8Array.of(0x41, 0x42, 0, 0) });
    expect(writeAscii("AB", "x")).toEqual({ ok: true, value: Uint8Array.of(0x41, 0x42) });
  });
  it("ASCII: refuses control and non-ASCII bytes and text too long or not ASCII", () => {
    expect(readAscii(Uint8Array.of(0x41, 0x01), "型号")).toMatchObject({ ok: false, error: { code: "bad-text" } });
    expect(readAscii(Uint8Array.of(0x80), "型号").ok).toBe(false);
    expect(writeAscii("ABC", "型号", 2)).toMatchObject({
      ok: false,
      error: { message: "“型号”应为不超过2个ASCII可见字符" },
    });
    expect(writeAscii("粤", "型号", 4).ok).toBe(false);
  });
  it("ASCII: NULs before the text are dropped too", () => {
    expect(readAscii(Uint8Array.of(0, 0, 0x41, 0), "x")).toEqual({ ok: true, value: "A" });
    expect(readAscii(Uint8Array.of(0, 0), "x")).toEqual({ ok: true, value: "" });
  });
  it("plate: province characters in GBK, ASCII as is, trailing NULs dropped", () => {
    const bytes = Uint8Array.of(0xd4, 0xc1, 0x41, 0x31, 0xbe, 0xa9);
    expect(readPlate(Uint8Array.of(...bytes, 0))).toBe("粤A1京");
    expect(writePlate("粤A1京")).toEqual({ ok: true, value: bytes });
  });
  it("plate: a character no plate has reads as U+FFFD and cannot be written", () => {
    expect(readPlate(Uint8Array.of(0xb2, 0xe2, 0x41))).toBe("\uFFFDA");
    expect(readPlate(Uint8Array.of(0x41, 0xd4))).toBe("A\uFFFD");
    expect(writePlate("粤A啊")).toMatchObject({ ok: false, error: { code: "bad-plate" } });
  });
});
